import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { countTokens, loadTokenizerWhileIdle } from '../../src/pack/tokenizer.js';

describe('loadTokenizerWhileIdle', () => {
  it('loads the rank table on the next turn of the event loop, not at the first count', async () => {
    const require = createRequire(import.meta.url);
    const table = require.resolve('gpt-tokenizer/encoding/o200k_base');
    expect(require.cache[table]).toBeUndefined();
    loadTokenizerWhileIdle();
    expect(require.cache[table]).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(require.cache[table]).toBeDefined();
    expect(countTokens('export const a = 1;\n')).toBeGreaterThan(4);
  });
});

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
