/**
 * Token counts with the o200k encoding (GPT-4o family), which is within a few percent of what
 * other current models count for code. Counting is the slowest step on a large tree, so counts
 * are cached by content hash in `.agent-context/cache/tokens.json`.
 */
import { createRequire } from 'node:module';
import { readCacheEntries, writeFileAtomic } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';

export const TOKENIZER_ID = 'o200k_base';

type Counter = (text: string) => number;
let counter: Counter | undefined;

/**
 * The encoder's rank table is large: it is loaded on the first count, not when this module is
 * imported, so commands that never count tokens (freshness, status) start fast.
 */
function loadCounter(): Counter {
  if (!counter) {
    const require = createRequire(import.meta.url);
    counter = (require('gpt-tokenizer/encoding/o200k_base') as { countTokens: Counter }).countTokens;
  }
  return counter;
}

/**
 * Loads the rank table on the next turn of the event loop, for a run that will count tokens: a
 * cold build calls this before it lists the repository, so the load (about a quarter of a
 * second of CPU) runs while the main thread would wait for `git ls-files`, not after it.
 */
export function loadTokenizerWhileIdle(): void {
  if (!counter) setImmediate(loadCounter).unref();
}

/**
 * Runs without whitespace longer than this are counted in slices: byte-pair merging is quadratic
 * in the length of one pre-tokenized piece, and a 300 KB line of one character took minutes.
 */
const LONGEST_RUN = 1_000;
const LONG_RUN = new RegExp(`\\S{${LONGEST_RUN + 1}}`);
const RUN_SLICES = new RegExp(`(\\S{${LONGEST_RUN}})`);

/** o200k token count of a text: exact, except that very long unbroken runs are counted in slices. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const count = loadCounter();
  if (!LONG_RUN.test(text)) return count(text);
  let total = 0;
  for (const piece of text.split(RUN_SLICES)) if (piece) total += count(piece);
  return total;
}

export class TokenCache {
  private entries: Record<string, number> = {};
  private changed = false;
  /** Hashes counted or looked up in this run: always kept by `save`. */
  private readonly touched = new Set<string>();

  constructor(private readonly file: string | undefined) {}

  async load(): Promise<void> {
    if (!this.file) return;
    this.entries = await readCacheEntries<number>(this.file, 'tokenizer', TOKENIZER_ID);
  }

  get(hash: string): number | undefined {
    return this.entries[hash];
  }

  /** Count of `text` (whose content hash is `hash`, or computed), cached. */
  count(text: string, hash = sha256(text)): number {
    this.touched.add(hash);
    const cached = this.entries[hash];
    if (cached !== undefined) return cached;
    const tokens = countTokens(text);
    this.entries[hash] = tokens;
    this.changed = true;
    return tokens;
  }

  /** Keeps only the given hashes (the current tree) and those used in this run; writes when anything changed. */
  async save(keep?: Set<string>): Promise<void> {
    if (!this.file) return;
    if (keep) {
      for (const hash of Object.keys(this.entries)) {
        if (!keep.has(hash) && !this.touched.has(hash)) {
          delete this.entries[hash];
          this.changed = true;
        }
      }
    }
    if (!this.changed) return;
    await writeFileAtomic(this.file, JSON.stringify({ tokenizer: TOKENIZER_ID, entries: this.entries }));
    this.changed = false;
  }
}
