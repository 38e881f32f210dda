/**
 * One index shard as the last build wrote it, held as its bytes: its entry lines are split and
 * parsed only when a file's facts are asked for. A shard whose files are all unchanged is taken
 * whole (`FactsCache.wholeShards`): its entries are `LazyEntry` objects whose keys (path,
 * language, kind, hash, extractor) are known from the scan and whose facts are parsed from the
 * shard on first read, so an update that reads no facts of a folder never parses its shard.
 * Read back from disk it is held as bytes and decoded only when its text is needed (a line, a
 * fact, or writing it again where it is not already on disk): an unchanged shard goes to the
 * manifest and the writer as its recorded hash and byte length.
 */
import type { EntryKeys, ShardSummary } from './shard-keys.js';
import { entryFromStored, STORED_ENTRY_SCHEMA, type StoredEntry } from './stored-entry.js';
import type { FileFacts, IndexedFile } from './types.js';

export class StoredShard {
  /** The files' entries once known (taken whole, parsed or composed), in shard order. */
  files: IndexedFile[] | undefined;
  private split: string[] | undefined;
  private parsedEntries: IndexedFile[] | undefined;
  private text: string | undefined;
  private readonly bytes: Buffer | undefined;

  constructor(
    /** Output path (`.agent-context/index/<name>.json`). */
    readonly path: string,
    readonly folder: string,
    /** Its text, or its bytes as read back (decoded on first use). */
    content: string | Buffer,
    /** The hash the manifest recorded for these bytes. */
    readonly hash: string,
    /** Its head's schema is this tool's: its lines may be written again as they are. */
    readonly current: boolean,
    /** Its files' keys digest and counts, when known (kept in `cache/index-keys.json` by shard hash). */
    readonly summary: ShardSummary | undefined,
    lines?: string[],
  ) {
    this.split = lines;
    if (typeof content === 'string') this.text = content;
    else this.bytes = content;
  }

  /** From a shard's bytes; the head line alone is decoded and parsed, for the folder and the schema. */
  static fromBytes(
    path: string,
    bytes: Buffer,
    hash: string,
    summary: ShardSummary | undefined,
  ): StoredShard {
    const end = bytes.indexOf(NEWLINE);
    const head = JSON.parse(`${bytes.toString('utf8', 0, end === -1 ? bytes.length : end)}]}`) as {
      folder?: unknown;
      schemaVersion?: unknown;
    };
    if (typeof head.folder !== 'string') throw new Error(`${path}: the head line names no folder`);
    return new StoredShard(
      path,
      head.folder,
      bytes,
      hash,
      head.schemaVersion === STORED_ENTRY_SCHEMA,
      summary,
    );
  }

  /** Its text (decoded once, the first time it is asked for). */
  get content(): string {
    this.text ??= this.bytes!.toString('utf8');
    return this.text;
  }

  /** Its length in bytes, known without decoding it. */
  get byteLength(): number {
    return this.bytes ? this.bytes.length : Buffer.byteLength(this.text!);
  }

  /** Has its text been decoded (or was it made from text)? */
  get decoded(): boolean {
    return this.text !== undefined;
  }

  /**
   * The entry lines to write again, without the array's commas (split once: the same strings
   * every time); none for a shard of another schema, whose lines are never written again.
   */
  get lines(): string[] {
    return this.current ? this.entryLines : [];
  }

  /** How many entries it holds. */
  get count(): number {
    return this.entryLines.length;
  }

  /** Every entry, parsed once. */
  get entries(): IndexedFile[] {
    this.parsedEntries ??= this.entryLines.map((line) => entryFromStored(JSON.parse(line) as StoredEntry));
    return this.parsedEntries;
  }

  private get entryLines(): string[] {
    this.split ??= entryLines(this.content);
    return this.split;
  }

  /** Have its entries been parsed (a question about one of its files, or a lazy entry's fact read)? */
  get parsed(): boolean {
    return this.parsedEntries !== undefined;
  }

  /** The facts of the entry at this position, which must be the entry of `path`. */
  factsAt(position: number, path: string): IndexedFile {
    const entry = this.entries[position];
    if (entry?.path !== path) throw new Error(`${this.path}: entry ${position} is not ${path}`);
    return entry;
  }

  /** Lazy entries for these files, which are this shard's files in its order (its keys say so). */
  takeWhole(files: readonly EntryKeys[]): IndexedFile[] {
    this.files ??= files.map((keys, position) => lazyEntry(keys, this, position));
    return this.files;
  }
}

/**
 * The shard these entries were all taken whole from, in its order: its summary still describes
 * them (reading their facts to count again would parse it).
 */
export function wholeShardOf(files: readonly IndexedFile[]): StoredShard | undefined {
  const first: unknown = files[0];
  if (!(first instanceof LazyEntry)) return undefined;
  const shard = first.shard;
  const taken = shard.files;
  if (taken?.length !== files.length) return undefined;
  return files.every((file, position) => file === taken[position]) ? shard : undefined;
}

/**
 * A shard's entry lines: the lines between its head line and `]}` that hold objects, without
 * their commas. Found with `indexOf` and sliced (no copy of the text); `split` copies every line.
 */
function entryLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const last = text.charCodeAt(end - 1);
    // An entry starts with `{"`; the head line does too but ends with `[`.
    if (text.startsWith('{"', start) && last !== OPEN_BRACKET)
      lines.push(text.slice(start, last === COMMA ? end - 1 : end));
    start = end + 1;
  }
  return lines;
}

const NEWLINE = 0x0a;
const OPEN_BRACKET = 0x5b;
const COMMA = 0x2c;

const FACT_KEYS = new Set<string>([
  'confidence',
  'diagnostics',
  'env',
  'exports',
  'imports',
  'lines',
  'routes',
  'summary',
  'symbols',
] satisfies ReadonlyArray<keyof FileFacts>);

/** Every field of an entry, in the order a spread or `Object.keys` of a lazy one gives them. */
const ENTRY_KEYS: readonly string[] = ['path', 'language', 'kind', 'hash', 'extractor', ...FACT_KEYS];

/** What a lazy entry is made of: its keys, and where its facts are. */
class LazyEntry implements EntryKeys {
  constructor(
    readonly path: string,
    readonly language: string,
    readonly kind: IndexedFile['kind'],
    readonly hash: string,
    readonly extractor: string,
    /** The shard it was taken from. */
    readonly shard: StoredShard,
    readonly position: number,
  ) {}
}

/**
 * An index entry whose facts stay in its shard's bytes until one is read: a proxy that answers the
 * keys from the scan and parses the shard (once) for any fact. It reports every field as its own,
 * enumerable, so a spread, `Object.keys`, `JSON.stringify` or an equality check sees an entry like
 * any other. (Own accessors would do the same, but defining nine per entry costs more than the
 * parse it saves; one shared handler costs nothing per entry.)
 */
const lazyHandler: ProxyHandler<LazyEntry> = {
  get: (target, key) =>
    typeof key === 'string' && FACT_KEYS.has(key) ? factsOf(target)[key] : Reflect.get(target, key),
  set: (target, key, value) => {
    if (typeof key !== 'string' || !FACT_KEYS.has(key)) return Reflect.set(target, key, value);
    factsOf(target)[key] = value;
    return true;
  },
  has: (target, key) => (typeof key === 'string' && FACT_KEYS.has(key)) || Reflect.has(target, key),
  ownKeys: () => [...ENTRY_KEYS],
  getOwnPropertyDescriptor: (target, key) => {
    if (typeof key !== 'string' || !ENTRY_KEYS.includes(key)) return undefined;
    const value = FACT_KEYS.has(key) ? factsOf(target)[key] : Reflect.get(target, key);
    return { value, writable: true, enumerable: true, configurable: true };
  },
};

function factsOf(target: LazyEntry): Record<string, unknown> {
  return target.shard.factsAt(target.position, target.path) as unknown as Record<string, unknown>;
}

function lazyEntry(keys: EntryKeys, shard: StoredShard, position: number): IndexedFile {
  const target = new LazyEntry(
    keys.path,
    keys.language,
    keys.kind,
    keys.hash,
    keys.extractor,
    shard,
    position,
  );
  // The proxy has every field of an entry (the handler above): the class alone has only the keys.
  return new Proxy(target, lazyHandler) as unknown as IndexedFile;
}
