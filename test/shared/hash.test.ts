import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashEntries } from '../../src/shared/hash.js';

/** The definition the manifest's hashes and freshness agree on: sorted by name, one line each. */
function byDefinition(entries: Array<[string, string]>): string {
  const hash = createHash('sha256');
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [name, value] of sorted) hash.update(`${name}\0${value}\n`);
  return hash.digest('hex');
}

describe('hashEntries', () => {
  const entries: Array<[string, string]> = [
    ['src/b.ts', 'b1'],
    ['src/a.ts', 'a1'],
    ['README.md', 'r1'],
    ['src/ä.ts', 'u1'],
    ['src/a.ts', 'a2'],
  ];

  it('hashes sorted and unsorted input, arrays and iterables, as the definition does', () => {
    const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    expect(hashEntries(entries)).toBe(byDefinition(entries));
    expect(hashEntries(sorted)).toBe(byDefinition(entries));
    expect(hashEntries(new Map(entries))).toBe(byDefinition([...new Map(entries)]));
    expect(hashEntries([])).toBe(byDefinition([]));
  });

  it('does not reorder the caller’s array', () => {
    const copy = entries.map((entry) => [...entry]);
    hashEntries(entries);
    expect(entries).toEqual(copy);
  });

  it('changes when a value changes', () => {
    const edited = entries.map(
      ([name, value]) => [name, name === 'src/b.ts' ? 'b2' : value] as [string, string],
    );
    expect(hashEntries(edited)).not.toBe(hashEntries(entries));
  });
});
