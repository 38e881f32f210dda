import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliInProcess } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';
import { retryProject } from './fixture.js';

describe('retrieve and pack from the command line', () => {
  it('builds a missing context first, says so on stderr, and prints only JSON on stdout', () => {
    const root = makeRepo(retryProject);
    const result = runCli(['retrieve', 'fix the timeout when a retry is aborted', '.', '--json'], root);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('no context yet: building it first');
    const document = JSON.parse(result.stdout);
    expect(Object.keys(document)).toEqual(expect.arrayContaining(['files', 'tests', 'budget', 'usedTokens']));
    expect(Object.keys(document.files[0]).sort()).toEqual(
      expect.arrayContaining(['path', 'score', 'reasons', 'tokens', 'representation']),
    );
  });

  it('refreshes a stale context before answering', async () => {
    const root = makeRepo(retryProject);
    await runCliInProcess(['build', root, '--json']);
    writeTree(root, {
      'src/util/url.ts':
        "/** Joins URLs. */\nexport function joinUrl(a: string, b: string) {\n  return a + '/' + b; // percentEncoding\n}\n",
    });
    const result = await runCliInProcess(['retrieve', 'percentEncoding of joined URLs', root, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('context is stale: updating it first');
    expect(JSON.parse(result.stdout).files[0].path).toBe('src/util/url.ts');
  });

  it('rejects an empty task with exit code 2 and a JSON error', async () => {
    const root = makeRepo(retryProject);
    const result = await runCliInProcess(['retrieve', '   ', root, '--json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error).toMatchObject({
      code: 'INPUT_INVALID',
      message: 'the task is empty',
    });
  });

  it('answers a 100 KB task and a non-ASCII one', async () => {
    const root = makeRepo({
      ...retryProject,
      'src/i18n/de.ts':
        "export const messages = { aborted: 'Zeitüberschreitung: die Wiederholung wurde abgebrochen' };\n",
    });
    const long = `fix the retry timeout\n\n${'the retry was aborted after a timeout and the socket hung. '.repeat(1800)}`;
    expect(long.length).toBeGreaterThan(100_000);
    const big = await runCliInProcess(['retrieve', long, root, '--json']);
    expect(big.code).toBe(0);
    expect(JSON.parse(big.stdout).files[0].path).toBe('src/retry.ts');
    const german = await runCliInProcess([
      'retrieve',
      'Zeitüberschreitung bei der Wiederholung',
      root,
      '--json',
    ]);
    expect(german.code).toBe(0);
    expect(JSON.parse(german.stdout).files[0].path).toBe('src/i18n/de.ts');
    const chinese = await runCliInProcess(['retrieve', '修复重试超时', root, '--json']);
    expect(chinese.code).toBe(0);
    expect(JSON.parse(chinese.stdout).files).toBeInstanceOf(Array);
  });

  it('rejects a budget of 0 and a non-number, and packs nothing into a budget smaller than one line', async () => {
    const root = makeRepo(retryProject);
    const zero = await runCliInProcess(['pack', 'retry timeout', root, '--budget', '0', '--json']);
    expect(zero.code).toBe(2);
    expect(JSON.parse(zero.stdout).error.message).toContain('--budget must be a whole number of at least 1');
    const word = await runCliInProcess(['pack', 'retry timeout', root, '--budget', 'lots']);
    expect(word.code).toBe(2);
    const tiny = await runCliInProcess(['pack', 'retry timeout', root, '--budget', '3', '--json']);
    expect(tiny.code).toBe(0);
    const document = JSON.parse(tiny.stdout);
    expect(document.files).toEqual([]);
    expect(document.notes[0]).toMatch(/budget of 3 tokens is smaller than the shortest entry/);
    expect(tiny.stderr).toContain('smaller than the shortest entry');
  });

  it('packs within the budget and writes pack.md with --out', async () => {
    const root = makeRepo(retryProject);
    const result = await runCliInProcess([
      'pack',
      'fix the timeout when a retry is aborted',
      root,
      '--budget',
      '400',
      '--out',
      join(root, 'pack.md'),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('# Task pack');
    expect(result.stdout).toContain('### 1. `src/retry.ts`');
    expect(readFileSync(join(root, 'pack.md'), 'utf8')).toBe(result.stdout);
    const json = JSON.parse(
      (
        await runCliInProcess([
          'pack',
          'fix the timeout when a retry is aborted',
          root,
          '--budget',
          '400',
          '--json',
        ])
      ).stdout,
    );
    expect(json.usedTokens).toBeLessThanOrEqual(400);
    expect(json.budget).toBe(400);
    expect(json.files.reduce((sum: number, file: { tokens: number }) => sum + file.tokens, 0)).toBe(
      json.usedTokens,
    );
  });

  it('rag search prints matching chunks as file:line', async () => {
    const root = makeRepo(retryProject);
    const result = await runCliInProcess(['rag', 'search', 'abortRetry clear timeout', root, '--json']);
    expect(result.code).toBe(0);
    const [first] = JSON.parse(result.stdout).matches;
    expect(first).toMatchObject({ path: 'src/retry.ts', kind: 'symbol', name: 'abortRetry', line: 8 });
    const text = await runCliInProcess(['rag', 'search', 'abortRetry clear timeout', root]);
    expect(text.stdout).toMatch(/src\/retry\.ts:\d+ abortRetry/);
  });
});
