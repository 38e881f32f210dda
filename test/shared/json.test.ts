import { describe, expect, it } from 'vitest';
import { formatJsonFile, parseJson, stableStringify } from '../../src/shared/json.js';

describe('stable JSON', () => {
  const samples: unknown[] = [
    { b: 1, a: [3, { z: null, y: 'x"\n' }], c: undefined, d: () => 1 },
    [undefined, () => 1, Number.NaN, -0, 1e21, true],
    { nested: { deeper: { k: 'ünïcødé ✓' } }, list: [] },
    'plain',
    { date: new Date(0) },
    // keys in order outside, not inside: only the inner object is copied
    { a: { c: 1, b: 2 }, b: [{ a: 1 }, { z: 1, y: [{ q: 1, p: 2 }] }, 'x'] },
    { 10: 'a', 9: 'b', z: 1, a: 2 },
    JSON.parse('{"__proto__":{"b":1,"a":2},"x":1}'),
  ];

  it('compact output equals JSON.stringify of a key-sorted copy', () => {
    const sortDeep = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(sortDeep);
      if (value && typeof value === 'object' && !(value instanceof Date)) {
        return Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sortDeep((value as Record<string, unknown>)[key])]),
        );
      }
      return value;
    };
    for (const sample of samples) {
      expect(stableStringify(sample)).toBe(JSON.stringify(sortDeep(sample)));
      expect(stableStringify(sample, 2)).toBe(JSON.stringify(sortDeep(sample), undefined, 2));
    }
  });

  it('is independent of key order and ends files with a newline', () => {
    expect(stableStringify({ a: 1, b: 2 })).toBe(stableStringify({ b: 2, a: 1 }));
    expect(formatJsonFile({ b: 1, a: 2 })).toBe('{\n  "a": 2,\n  "b": 1\n}\n');
  });

  it('names the file, line and column of a syntax error', () => {
    expect(() => parseJson('{\n  "a": 1,\n  oops\n}', 'state.json')).toThrowError(/invalid JSON/);
    expect(() => parseJson('{\n  "a": 1,\n  oops\n}', 'state.json')).toThrowError(
      expect.objectContaining({ details: expect.objectContaining({ file: 'state.json', line: 3 }) }),
    );
    expect(() => parseJson('', 'empty.json')).toThrowError(/the file is empty/);
  });
});
