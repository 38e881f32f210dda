/**
 * The per-file facts cache: the previous build's index shards, whose entries carry each file's
 * content hash and extractor version. A file is re-parsed only when its path, bytes or extractor
 * changed (path matters: Next.js routes and summaries of some formats depend on it). The cache is
 * trusted only when a shard is exactly what the last build wrote (its hash is in the manifest),
 * so a hand-edited or torn file is never reused.
 *
 * Shards are held as bytes and parsed per shard, on the first question about one of their files.
 * A shard whose files the scan finds all unchanged (`wholeShards`: same keys digest as the one
 * kept for its hash) is taken whole without being parsed: its entries read their facts from it
 * only if a later stage asks. It also keeps each entry's serialised line: a file whose entry would
 * be written again byte for byte is not serialised again (a shard has one file per line).
 */
import { shardOf } from './shard-folder.js';
import { type EntryKeys, keysDigest, type ShardSummary, summarize } from './shard-keys.js';
import { entryFromStored, type StoredEntry } from './stored-entry.js';
import { StoredShard, wholeShardOf } from './stored-shard.js';
import type { FileFacts, IndexedFile } from './types.js';

interface Entry {
  file: IndexedFile;
  /** Its line, or where to find it (taken whole: split from the shard only when asked). */
  line?: string;
  shard?: StoredShard;
  position?: number;
}

/** A shard as compose made it: its path, bytes and hash, its entries and lines, and the last build's shard when kept. */
export interface ComposedShard {
  path: string;
  content: string;
  hash: string;
  files: readonly IndexedFile[];
  lines: readonly string[];
  /** The last build's shard, taken whole: these are its files and bytes. */
  kept?: StoredShard;
}

/** Entries taken whole from unchanged shards, and their `failed` and `partial` counts. */
export interface WholeShards {
  files: Map<string, IndexedFile>;
  failed: number;
  partial: number;
}

export class FactsCache {
  private readonly entries = new Map<string, Entry>();
  /** The index shards the facts came from, as written, by output path. */
  readonly shards = new Map<string, StoredShard>();
  private readonly byFolder = new Map<string, StoredShard>();
  /** Shards whose entries are not in `entries` yet. */
  private readonly pending = new Set<StoredShard>();

  constructor(previous: readonly IndexedFile[] = []) {
    for (const file of previous) this.entries.set(file.path, { file });
  }

  /** Adds the entries of a single-file index (schema 1): facts to reuse, never lines to write again. */
  addIndexText(text: string): void {
    for (const raw of text.split('\n')) {
      if (!raw.startsWith('{"') || raw.endsWith('[')) continue;
      const file = entryFromStored(JSON.parse(raw.endsWith(',') ? raw.slice(0, -1) : raw) as StoredEntry);
      this.entries.set(file.path, { file });
    }
  }

  /** Adds one index shard as the last build wrote it (its recorded hash beside); parsed when asked. */
  addShard(path: string, bytes: Buffer, hash: string, summary?: ShardSummary): void {
    this.hold(StoredShard.fromBytes(path, bytes, hash, summary));
  }

  /**
   * Adds a shard just composed: the last build's shard itself when it was kept whole (its entries
   * and bytes stay as they are, undecoded), otherwise its entries and their serialised lines.
   */
  addComposed(shard: ComposedShard): void {
    const { kept } = shard;
    if (!kept?.files) {
      this.addEntries(shard, shard.files, shard.lines);
      return;
    }
    this.shards.set(kept.path, kept);
    this.byFolder.set(kept.folder, kept);
    this.register(kept, kept.files);
  }

  /** Adds entries whose lines are already serialised (a shard just composed). */
  addEntries(
    shard: { path: string; content: string; hash: string },
    files: readonly IndexedFile[],
    lines: readonly string[],
  ): void {
    if (files.length === 0) return;
    const summary = wholeShardOf(files)?.summary ?? summarize(files);
    const stored = new StoredShard(
      shard.path,
      shardOf(files[0]!.path),
      shard.content,
      shard.hash,
      true,
      summary,
      [...lines],
    );
    stored.files = [...files];
    files.forEach((file, position) => {
      this.entries.set(file.path, { file, line: lines[position]! });
    });
    this.shards.set(stored.path, stored);
    this.byFolder.set(stored.folder, stored);
  }

  private hold(shard: StoredShard): void {
    this.shards.set(shard.path, shard);
    this.byFolder.set(shard.folder, shard);
    this.pending.add(shard);
  }

  /**
   * The entries of every shard whose files are these, unchanged: the same keys in the same order
   * as when it was written (its kept digest says so). Such a shard is not parsed.
   */
  wholeShards(files: readonly EntryKeys[]): WholeShards {
    const whole: WholeShards = { files: new Map(), failed: 0, partial: 0 };
    for (const [folder, group] of groupByFolder(files)) {
      const shard = this.byFolder.get(folder);
      const summary = shard?.current ? shard.summary : undefined;
      if (!shard || !summary || !sameFiles(shard, summary, group)) continue;
      const taken = shard.takeWhole(group);
      for (const file of taken) whole.files.set(file.path, file);
      whole.failed += summary.failed;
      whole.partial += summary.partial;
      if (this.pending.delete(shard)) this.register(shard, taken);
    }
    return whole;
  }

  /** The cached entry of this path as the last build recorded it, whatever its hash. */
  previousEntry(path: string): IndexedFile | undefined {
    return this.entry(path)?.file;
  }

  /** Every cached entry, sorted by path (the index's order). */
  files(): IndexedFile[] {
    for (const shard of [...this.pending]) this.parse(shard);
    return [...this.entries.values()]
      .map((entry) => entry.file)
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  get size(): number {
    let size = this.entries.size;
    for (const shard of this.pending) size += shard.count;
    return size;
  }

  /** Digest and counts of every shard that has them, by shard hash (kept for the next update). */
  summaries(): Map<string, ShardSummary> {
    const summaries = new Map<string, ShardSummary>();
    for (const shard of this.shards.values()) if (shard.summary) summaries.set(shard.hash, shard.summary);
    return summaries;
  }

  /** The index shards whose entries have been parsed so far, by output path (the others are bytes). */
  parsedShards(): string[] {
    return [...this.shards.values()].filter((shard) => shard.parsed).map((shard) => shard.path);
  }

  get(path: string, extractor: string, hash: string): FileFacts | undefined {
    const entry = this.entry(path)?.file;
    if (!entry || entry.hash !== hash || entry.extractor !== extractor) return undefined;
    const {
      path: _path,
      language: _language,
      kind: _kind,
      hash: _hash,
      extractor: _extractor,
      ...facts
    } = entry;
    return facts;
  }

  /** The previous serialised line of this file's entry, when the entry is unchanged. */
  lineFor(file: IndexedFile): string | undefined {
    const entry = this.unchangedEntry(file);
    if (!entry) return undefined;
    return entry.line ?? (entry.shard ? entry.shard.lines[entry.position!] : undefined);
  }

  /**
   * Would `lineFor` give this file's line? Asked of every file to find the changed ones, it splits
   * no shard into lines (an unchanged shard's bytes are never decoded).
   */
  hasLine(file: IndexedFile): boolean {
    const entry = this.unchangedEntry(file);
    return entry !== undefined && (entry.line !== undefined || entry.shard !== undefined);
  }

  /** This file's cached entry, when its path, bytes, extractor, kind and language are as cached. */
  private unchangedEntry(file: IndexedFile): Entry | undefined {
    const entry = this.entry(file.path);
    if (!entry) return undefined;
    const old = entry.file;
    const same =
      old === file ||
      (old.hash === file.hash &&
        old.extractor === file.extractor &&
        old.kind === file.kind &&
        old.language === file.language);
    return same ? entry : undefined;
  }

  /** This path's entry, its shard parsed first when it has not been. */
  private entry(path: string): Entry | undefined {
    const known = this.entries.get(path);
    if (known) return known;
    const shard = this.byFolder.get(shardOf(path));
    if (!shard || !this.pending.has(shard)) return undefined;
    this.parse(shard);
    return this.entries.get(path);
  }

  /** Its entries into `entries`; a shard that does not parse is dropped (its files are parsed again). */
  private parse(shard: StoredShard): void {
    this.pending.delete(shard);
    let parsed: IndexedFile[];
    try {
      parsed = shard.entries;
    } catch {
      this.shards.delete(shard.path);
      this.byFolder.delete(shard.folder);
      return;
    }
    this.register(shard, parsed);
  }

  private register(shard: StoredShard, files: readonly IndexedFile[]): void {
    files.forEach((file, position) => {
      // Lines of another schema's shard are facts to reuse, never lines to write again.
      this.entries.set(file.path, shard.current ? { file, shard, position } : { file });
    });
  }
}

/** Are these the files the shard was written from? Its kept digest of their keys says so. */
function sameFiles(shard: StoredShard, summary: ShardSummary, group: readonly EntryKeys[]): boolean {
  if (shard.files && shard.files.length !== group.length) return false;
  return keysDigest(group) === summary.keys;
}

function groupByFolder(files: readonly EntryKeys[]): Map<string, EntryKeys[]> {
  const groups = new Map<string, EntryKeys[]>();
  for (const file of files) {
    const folder = shardOf(file.path);
    const group = groups.get(folder);
    if (group) group.push(file);
    else groups.set(folder, [file]);
  }
  return groups;
}
