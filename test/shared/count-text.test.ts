import { describe, expect, it } from 'vitest';
import { countText } from '../../src/shared/count-text.js';

describe('countText', () => {
  it("groups digits exactly as toLocaleString('en-US') does", () => {
    const values = [0, -0, 1, 12, 123, 999, 1000, 1234, 12345, 123456, 1234567, 1e9, -1, -1234, -123456];
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, 10 ** 15 + 7);
    for (let digits = 1; digits <= 16; digits++) values.push(Number('9'.repeat(digits)), 10 ** (digits - 1));
    for (const value of values) expect(countText(value), String(value)).toBe(value.toLocaleString('en-US'));
  });

  it('leaves what is not a safe integer to the locale formatter', () => {
    for (const value of [1.5, 1234.5678, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY])
      expect(countText(value)).toBe(value.toLocaleString('en-US'));
  });
});
