import { describe, expect, it } from 'vitest';
import { calculateTokenSavings, EXACT_COUNT_LIMIT_BYTES, inSample } from '../../src/context/savings.js';
import type { IndexedFile } from '../../src/index/types.js';
import { countTokens, TokenCache } from '../../src/pack/tokenizer.js';
import { sha256 } from '../../src/shared/hash.js';

/** Counts the texts the tokenizer really had to count (cache misses). */
class TallyCache extends TokenCache {
  misses = 0;
  override count(text: string, hash = sha256(text)): number {
    if (this.get(hash) === undefined) this.misses++;
    return super.count(text, hash);
  }
}

function indexedFile(path: string, text: string, language: string): IndexedFile {
  return {
    path,
    language,
    kind: 'source',
    hash: sha256(text),
    extractor: 'test@1',
    confidence: 'lexical',
    imports: [],
    exports: [],
    symbols: [],
    routes: [],
    env: [],
    summary: { line: 1, source: 'derived', text: path },
    diagnostics: [],
    lines: text.split('\n').length,
  };
}

/** A TypeScript-looking module of about `bytes` bytes, different for every `seed`. */
function moduleText(seed: number, bytes: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const line = `export function handle${seed}_${i}(input: Request${i % 7}): Promise<Result${seed % 13}> {\n  return service${i % 5}.process(input, { retries: ${i % 4}, label: 'step-${seed}-${i}' });\n}\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('');
}

/** Dense text (hex digits) with many more tokens per byte than code. */
function denseText(seed: number, bytes: number): string {
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `${sha256(`${seed}:${i}`)}\n`;
  return text;
}

function treeOf(entries: Array<[string, string, string]>) {
  const files = entries.map(([path, text, language]) => indexedFile(path, text, language));
  const contents = new Map(entries.map(([path, text]) => [path, text]));
  const sizes = new Map(entries.map(([path, text]) => [path, Buffer.byteLength(text)]));
  return { files, contents, sizes };
}

describe('token savings on a tree larger than the exact-count limit', () => {
  const modules: Array<[string, string, string]> = [];
  for (let i = 0; i < 420; i++) modules.push([`src/m${i}.ts`, moduleText(i, 3000), 'typescript']);
  modules.push(['notes/a.txt', 'short note\n', 'text']);
  const exactModules = modules.reduce((sum, [, text]) => sum + countTokens(text), 0);

  it('measures a large file of unusual density on slices and lands near the exact total', () => {
    // Each variant adds one dense file, 9 % of the bytes; a plain sample misses some of them.
    for (const seed of [1, 2, 3, 4]) {
      const dense = denseText(seed, 125_000);
      const entries: Array<[string, string, string]> = [...modules, ['assets/logo.ai', dense, 'text']];
      const tree = treeOf(entries);
      const totalBytes = [...tree.sizes.values()].reduce((sum, size) => sum + size, 0);
      expect(totalBytes).toBeGreaterThan(EXACT_COUNT_LIMIT_BYTES);
      const exact = exactModules + countTokens(dense);
      const savings = calculateTokenSavings({
        root: '/nowhere',
        ...tree,
        ranking: [],
        agentsBlock: '',
        tokens: new TokenCache(undefined),
      });
      expect(savings.method).toBe('sampled');
      expect(savings.repository.sampledBytes).toBeLessThan(totalBytes / 1.5);
      expect(Math.abs(savings.repository.tokens / exact - 1), `seed ${seed}`).toBeLessThan(0.03);
    }
  });

  it('after one edit, counts at most the edited file again', () => {
    const tokens = new TallyCache(undefined);
    const input = (tree: ReturnType<typeof treeOf>) => ({
      root: '/nowhere',
      ...tree,
      ranking: [],
      agentsBlock: 'the AGENTS.md block',
      tokens,
    });
    const first = calculateTokenSavings(input(treeOf(modules)));
    const countedAtFirst = tokens.misses;
    expect(countedAtFirst).toBeGreaterThan(10);
    for (const edited of [7, 150, 333]) {
      const changed = modules.map(([path, text, language]): [string, string, string] =>
        path === `src/m${edited}.ts` ? [path, `${text}// edited\n`, language] : [path, text, language],
      );
      const before = tokens.misses;
      const again = calculateTokenSavings(input(treeOf(changed)));
      expect(tokens.misses - before).toBeLessThanOrEqual(1);
      expect(Math.abs(again.repository.tokens / first.repository.tokens - 1)).toBeLessThan(0.01);
    }
  });

  it('chooses a file by its own hash, so the choice never depends on the other files', () => {
    expect(inSample('00000000000000000000000000000000000000000000000000000000000000c8', 100)).toBe(true);
    expect(inSample('00000000000000000000000000000000000000000000000000000000000000c9', 100)).toBe(false);
    expect(inSample('not-a-hash', 3)).toBe(false);
    const chosen = modules.filter(([, text]) => inSample(sha256(text), 10)).length;
    expect(chosen).toBeGreaterThan(15);
    expect(chosen).toBeLessThan(75);
  });
});
