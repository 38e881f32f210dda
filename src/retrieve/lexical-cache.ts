/**
 * Term counts of file bodies and the definitions seen in them, cached by content hash in
 * `.agent-context/cache/lexical.json`, so a query on an unchanged tree reads no source file and
 * an edit re-tokenizes only the files whose bytes changed. Only a cache: a corrupt or
 * foreign-version file is ignored and rebuilt (one that exists but cannot be read is an error).
 */
import { readCacheEntries, writeFileAtomic } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import type { LexicalDefinition } from './text/definitions.js';
import { TOKENIZER_VERSION } from './text/tokenize.js';

/** Bump with any change to what an entry holds or how definitions are found. */
const CACHE_VERSION = `1.${TOKENIZER_VERSION}`;

export const LEXICAL_CACHE_PATH = `${layout.cache}/lexical.json`;

export interface BodyTerms {
  /** Number of terms in the body (its BM25 length). */
  length: number;
  counts: Map<string, number>;
  definitions: LexicalDefinition[];
}

/** On disk: [length, "term:count term:count", definitions as [name, line, signature, container?]]. */
type StoredEntry = [number, string, Array<[string, number, string, string?]>];

export class LexicalCache {
  private stored: Record<string, StoredEntry> = {};
  private readonly decoded = new Map<string, BodyTerms>();
  private changed = false;

  constructor(private readonly file: string | undefined) {}

  static forRoot(root: string): LexicalCache {
    return new LexicalCache(absolutePath(root, LEXICAL_CACHE_PATH));
  }

  async load(): Promise<void> {
    if (!this.file) return;
    this.stored = await readCacheEntries<StoredEntry>(this.file, 'version', CACHE_VERSION);
  }

  get(hash: string): BodyTerms | undefined {
    const decoded = this.decoded.get(hash);
    if (decoded) return decoded;
    const entry = this.stored[hash];
    if (!entry) return undefined;
    const terms = decodeEntry(entry);
    this.decoded.set(hash, terms);
    return terms;
  }

  set(hash: string, terms: BodyTerms): void {
    this.decoded.set(hash, terms);
    this.stored[hash] = encodeEntry(terms);
    this.changed = true;
  }

  /** Keeps the entries of the current tree only, and writes when anything changed. */
  async save(keep: ReadonlySet<string>): Promise<void> {
    if (!this.file) return;
    for (const hash of Object.keys(this.stored)) {
      if (keep.has(hash)) continue;
      delete this.stored[hash];
      this.changed = true;
    }
    if (!this.changed) return;
    const sorted: Record<string, StoredEntry> = {};
    for (const hash of Object.keys(this.stored).sort()) sorted[hash] = this.stored[hash]!;
    await writeFileAtomic(this.file, JSON.stringify({ version: CACHE_VERSION, entries: sorted }));
    this.changed = false;
  }
}

function encodeEntry(terms: BodyTerms): StoredEntry {
  const pairs: string[] = [];
  for (const [term, count] of terms.counts) pairs.push(`${term}:${count}`);
  const definitions = terms.definitions.map((definition): [string, number, string, string?] =>
    definition.container
      ? [definition.name, definition.line, definition.signature, definition.container]
      : [definition.name, definition.line, definition.signature],
  );
  return [terms.length, pairs.join(' '), definitions];
}

function decodeEntry(entry: StoredEntry): BodyTerms {
  const counts = new Map<string, number>();
  if (entry[1]) {
    for (const pair of entry[1].split(' ')) {
      const colon = pair.lastIndexOf(':');
      counts.set(pair.slice(0, colon), Number(pair.slice(colon + 1)));
    }
  }
  const definitions = entry[2].map(([name, line, signature, container]) =>
    container ? { name, line, signature, container } : { name, line, signature },
  );
  return { length: entry[0], counts, definitions };
}
