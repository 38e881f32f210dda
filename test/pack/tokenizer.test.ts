import { describe, expect, it } from 'vitest';
import { countTokens } from '../../src/pack/tokenizer.js';

describe('countTokens', () => {
  it('is exact on ordinary text', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('export const a = 1;\n')).toBeGreaterThan(4);
  });

  it('counts a 300 KB line without whitespace in bounded time (byte-pair merging is quadratic in a run)', () => {
    const started = Date.now();
    const tokens = countTokens('x'.repeat(300_000));
    expect(Date.now() - started).toBeLessThan(20_000);
    const slice = countTokens('x'.repeat(1_000));
    expect(tokens).toBe(slice * 300);
  });
});
