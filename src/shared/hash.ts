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

/**
 * Order-independent hash of many named hashes (sorted by name first). The lines are hashed as one
 * string: one `update` per entry cost more than the hashing on a 10k-file tree's sources, and
 * entries that come sorted (scans list paths in order) are not sorted again.
 */
export function hashEntries(entries: Iterable<readonly [string, string]>): string {
  const sorted = sortedByName(Array.isArray(entries) ? entries : [...entries]);
  const lines = new Array<string>(sorted.length);
  for (let index = 0; index < sorted.length; index++) {
    const [name, value] = sorted[index]!;
    lines[index] = `${name}\0${value}\n`;
  }
  return sha256(lines.join(''));
}

function sortedByName(
  entries: ReadonlyArray<readonly [string, string]>,
): ReadonlyArray<readonly [string, string]> {
  for (let index = 1; index < entries.length; index++)
    if (entries[index - 1]![0] > entries[index]![0])
      return [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return entries;
}
