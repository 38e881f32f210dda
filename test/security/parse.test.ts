/**
 * Hostile repositories, parsing: files no parser should be handed whole. Each case runs the built
 * CLI in a child process, because a native parser's stack overflow is a segfault that only a
 * separate process survives to report.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimatedDepth, factsIfTooDeep, MAX_PARSE_DEPTH } from '../../src/index/nesting-guard.js';
import { runCli } from '../helpers/cli.js';
import { builtIndex } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';

const nestedParentheses = (levels: number) =>
  `export const x = ${'(\n'.repeat(levels)}1${')'.repeat(levels)};\n`;
const nestedJavaClasses = (levels: number) =>
  `package deep;\n${Array.from({ length: levels }, (_, level) => `class C${level} {\n`).join('')}${'}\n'.repeat(levels)}`;

interface IndexEntry {
  path: string;
  confidence: string;
  diagnostics: Array<{ message: string }>;
  symbols: Array<{ name: string; container?: string }>;
}

async function indexEntries(root: string): Promise<IndexEntry[]> {
  return (await builtIndex(root)).files as unknown as IndexEntry[];
}

/** Bytes of the whole index on disk: every shard. */
function indexBytes(root: string): number {
  const folder = join(root, '.agent-context/index');
  return readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
}

describe('deeply nested source', () => {
  it('builds, updates and packs a repository holding 6,000 nested parentheses (oxc would segfault)', async () => {
    const root = makeRepo({
      'src/deep.ts': nestedParentheses(6000),
      'src/ok.ts': 'export function ok(): number {\n  return 1;\n}\n',
    });
    for (const args of [
      ['build', '.'],
      ['update', '.'],
      ['pack', 'fix ok', '--json'],
    ]) {
      const run = runCli(args, root);
      expect(run.stderr, args.join(' ')).not.toMatch(/Segmentation|SIGSEGV/);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
    }
    const deep = (await indexEntries(root)).find((entry) => entry.path === 'src/deep.ts')!;
    expect(['partial', 'failed']).toContain(deep.confidence);
    expect(deep.diagnostics[0]!.message).toMatch(/nesting about 600\d levels deep/);
    expect((await indexEntries(root)).find((entry) => entry.path === 'src/ok.ts')!.confidence).toBe('parsed');
  });

  it('keeps what a line scan sees of a file too deep to parse', () => {
    const text = `import { a } from './a.js';\nexport function f() {}\n${nestedParentheses(3000)}`;
    const facts = factsIfTooDeep(text)!;
    expect(facts.confidence).toBe('partial');
    expect(facts.imports.map((entry) => entry.specifier)).toEqual(['./a.js']);
    expect(facts.symbols.map((symbol) => symbol.name)).toContain('f');
  });

  it('estimates depth from brackets and chained operators, skipping strings and comments', () => {
    expect(estimatedDepth(`const x = ${'1 +\n'.repeat(5000)}1;`)).toBeGreaterThan(MAX_PARSE_DEPTH);
    expect(estimatedDepth(`const x = 1\n${'  + 1\n'.repeat(5000)};`)).toBeGreaterThan(MAX_PARSE_DEPTH);
    // statements on their own lines, brackets in strings and comments: shallow
    expect(estimatedDepth('let a = 1 + 2\nlet b = a * 3\n'.repeat(5000))).toBeLessThan(10);
    expect(
      estimatedDepth(`const s = "${'('.repeat(5000)}"; // ${'['.repeat(5000)}\n/* ${'{'.repeat(5000)} */`),
    ).toBeLessThan(10);
    expect(estimatedDepth(`export const list = [${'1, '.repeat(50_000)}];`)).toBeLessThan(10);
    expect(factsIfTooDeep('export const ok = (((1)));\n'.repeat(100))).toBeUndefined();
  });

  it('bounds what one file adds to the index: 3,000 nested Java classes', async () => {
    const source = nestedJavaClasses(3000);
    const root = makeRepo({ 'src/Deep.java': source });
    const run = runCli(['build', '.'], root);
    expect(run.code, run.stderr).toBe(0);
    const bytes = indexBytes(root);
    // each of the 3,000 symbols once spelled its whole container chain: 24 MB for a 47 KB file
    expect(bytes).toBeLessThan(1_000_000);
    const deepest = (await indexEntries(root))[0]!.symbols.find((symbol) => symbol.name === 'C2999')!;
    expect(deepest.container!.startsWith('…')).toBe(true);
    expect(deepest.container!.endsWith('C2997.C2998')).toBe(true);
  });
});
