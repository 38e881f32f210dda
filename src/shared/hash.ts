import { createHash } from 'node:crypto';
import { stableStringify } from './json.js';

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Hash of a value's stable JSON form: key order never changes it. */
export function hashValue(value: unknown): string {
  return sha256(stableStringify(value));
}

export function shortHash(data: string | Uint8Array, length = 8): string {
  return sha256(data).slice(0, length);
}

/** Order-independent hash of many named hashes (sorted by name first). */
export function hashEntries(entries: Iterable<readonly [string, string]>): string {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const hash = createHash('sha256');
  for (const [name, value] of sorted) hash.update(`${name}\0${value}\n`);
  return hash.digest('hex');
}
