/**
 * The per-file facts cache: the previous build's index shards, whose entries carry each file's
 * content hash and extractor version. A file is re-parsed only when its path, bytes or extractor
 * changed (path matters: Next.js routes and summaries of some formats depend on it). The cache is
 * trusted only when a shard is exactly what the last build wrote (its hash is in the manifest),
 * so a hand-edited or torn file is never reused.
 *
 * It also keeps each entry's serialised line: a file whose entry would be written again byte for
 * byte is not serialised again (a shard has one file per line).
 */
import { entryFromStored, STORED_ENTRY_SCHEMA, type StoredEntry } from './stored-entry.js';
import type { FileFacts, IndexedFile } from './types.js';

interface Entry {
  file: IndexedFile;
  line?: string;
}

export class FactsCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * The index shards the facts came from, as written: path -> bytes, the hash the manifest
   * recorded and the entry lines in order (a shard whose lines are all the same strings again is
   * reused without being joined or compared byte by byte).
   */
  readonly shards = new Map<string, { content: string; hash: string; lines: readonly string[] }>();

  constructor(previous: readonly IndexedFile[] = []) {
    for (const file of previous) this.entries.set(file.path, { file });
  }

  /** From the text of a previous index file (one entry per line between a head line and `]}`). */
  static fromIndexText(text: string): FactsCache {
    const cache = new FactsCache();
    cache.addLines(text);
    return cache;
  }

  /** Adds the entries of one index shard as the last build wrote it (its recorded hash beside). */
  addShard(path: string, text: string, hash: string): void {
    this.shards.set(path, { content: text, hash, lines: this.addLines(text) });
  }

  /** Adds entries whose lines are already serialised (a shard just composed). */
  addEntries(
    shard: { path: string; content: string; hash: string },
    files: readonly IndexedFile[],
    lines: readonly string[],
  ): void {
    files.forEach((file, position) => {
      this.entries.set(file.path, { file, line: lines[position]! });
    });
    this.shards.set(shard.path, { content: shard.content, hash: shard.hash, lines });
  }

  private addLines(text: string): string[] {
    const lines: string[] = [];
    // Lines of another schema's shard are facts to reuse, never lines to write again.
    let current = true;
    for (const raw of text.split('\n')) {
      if (raw.endsWith('[')) {
        // The head line opens the array (`{"folder":...,"schemaVersion":N,"files":[`).
        current = headSchemaVersion(raw) === STORED_ENTRY_SCHEMA;
        continue;
      }
      // Entry lines are objects.
      if (!raw.startsWith('{"')) continue;
      const line = raw.endsWith(',') ? raw.slice(0, -1) : raw;
      const file = entryFromStored(JSON.parse(line) as StoredEntry);
      if (!current) {
        this.entries.set(file.path, { file });
        continue;
      }
      this.entries.set(file.path, { file, line });
      lines.push(line);
    }
    return lines;
  }

  /** The cached entry of this path as the last build recorded it, whatever its hash. */
  previousEntry(path: string): IndexedFile | undefined {
    return this.entries.get(path)?.file;
  }

  /** Every cached entry, sorted by path (the index's order). */
  files(): IndexedFile[] {
    return [...this.entries.values()]
      .map((entry) => entry.file)
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  get size(): number {
    return this.entries.size;
  }

  get(path: string, extractor: string, hash: string): FileFacts | undefined {
    const entry = this.entries.get(path)?.file;
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
    const entry = this.entries.get(file.path);
    if (!entry?.line) return undefined;
    const old = entry.file;
    const same =
      old.hash === file.hash &&
      old.extractor === file.extractor &&
      old.kind === file.kind &&
      old.language === file.language;
    return same ? entry.line : undefined;
  }
}

/** The `schemaVersion` of a shard's head line; undefined when it has none. */
function headSchemaVersion(headLine: string): number | undefined {
  const match = /"schemaVersion":(\d+)/.exec(headLine);
  return match ? Number(match[1]) : undefined;
}
