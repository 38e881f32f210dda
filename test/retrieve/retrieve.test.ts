import { describe, expect, it } from 'vitest';
import { retrieve } from '../../src/api/retrieval.js';
import { commitAll, makeRepo, writeTree } from '../helpers/repo.js';
import { retryProject } from './fixture.js';

const paths = (result: { files: Array<{ path: string }> }) => result.files.map((file) => file.path);

describe('retrieve', () => {
  it('ranks the file the task is about first, with reasons, and lists tests apart', async () => {
    const root = makeRepo(retryProject);
    const result = await retrieve('fix the timeout when a retry is aborted', root);
    expect(result.files[0]).toMatchObject({ path: 'src/retry.ts', representation: 'full' });
    expect(result.files[0]!.reasons.join(' ')).toMatch(/timeout|retry/);
    expect(result.files[0]!.tokens).toBeGreaterThan(50);
    expect(paths(result).some((path) => path.startsWith('test/'))).toBe(false);
    expect(result.tests[0]).toMatchObject({ path: 'test/retry.test.ts', covers: ['src/retry.ts'] });
    expect(result.budget).toBeNull();
    expect(result.usedTokens).toBe(result.files.reduce((sum, file) => sum + file.tokens, 0));
    // The changelog mentions every word of the task; it still ranks below the code.
    expect(paths(result).indexOf('CHANGELOG.md')).toBeGreaterThan(
      paths(result).indexOf('src/http/client.ts'),
    );
  });

  it('brings the caller of the best hit along through the import graph', async () => {
    const root = makeRepo(retryProject);
    const result = await retrieve('abortRetry leaves a timer behind', root);
    expect(paths(result)[0]).toBe('src/retry.ts');
    const caller = result.files.find((file) => file.path === 'src/http/client.ts');
    expect(caller?.reasons).toContain('imports src/retry.ts');
  });

  it('puts a file the task names by path first', async () => {
    const root = makeRepo(retryProject);
    const result = await retrieve('tidy up src/util/url.ts', root);
    expect(result.files[0]).toMatchObject({ path: 'src/util/url.ts' });
    expect(result.files[0]!.reasons).toContain('named in the task: src/util/url.ts');
  });

  it('follows a test that describes the behaviour to the source it tests', async () => {
    const root = makeRepo(retryProject);
    const result = await retrieve('should reject an empty header name with a clear message', root);
    expect(paths(result)[0]).toBe('src/util/headers.ts');
    expect(result.tests.map((test) => test.path)).toContain('test/headers.test.ts');
  });

  it('ranks files of languages without a parser by their content and definitions', async () => {
    const root = makeRepo(retryProject);
    const result = await retrieve('ReleaseNotes.collect_changes misses tags', root);
    expect(result.files[0]).toMatchObject({ path: 'scripts/release.py' });
    expect(result.files[0]!.reasons.join(' ')).toContain('defines `collect_changes`');
  });

  it('finds a misspelt identifier', async () => {
    const root = makeRepo(retryProject);
    const result = await retrieve('normalizeHeadr throws on empty names', root);
    expect(result.files[0]!.path).toBe('src/util/headers.ts');
    expect(result.files[0]!.reasons).toContain('names `normalizeheader` (task says `normalizeHeadr`)');
  });

  it('adds files changed together with the best hits in history before HEAD', async () => {
    const root = makeRepo(retryProject);
    for (const round of [1, 2, 3]) {
      writeTree(root, {
        'src/retry.ts': `${retryProject['src/retry.ts']}// round ${round}\n`,
        'src/util/headers.ts': `${retryProject['src/util/headers.ts']}// round ${round}\n`,
      });
      commitAll(root, `change ${round}`);
    }
    const result = await retrieve('abortRetry leaves a timer behind', root);
    const partner = result.files.find((file) => file.path === 'src/util/headers.ts');
    expect(partner?.reasons.join(' ')).toMatch(/changed with src\/retry\.ts in 4 of 4 commits/);
  });

  it('moves a near copy of a better file down', async () => {
    const codecs = Array.from(
      { length: 40 },
      (_, index) =>
        `/** Encodes format ${index}. */\nexport function encodeFormat${index}(value: string): string {\n  return value + '${index}';\n}\n`,
    ).join('\n');
    const root = makeRepo({
      ...retryProject,
      // The package's entry reaches src/codecs.ts: that copy is the original.
      'src/index.ts': `${retryProject['src/index.ts']}export * from './codecs.js';\n`,
      'mirror/codecs.ts': codecs,
      'src/codecs.ts': codecs,
    });
    const result = await retrieve('encodeFormat7 drops the suffix', root);
    expect(paths(result)[0]).toBe('src/codecs.ts');
    const copy = result.files.find((file) => file.path === 'mirror/codecs.ts');
    expect(copy?.reasons[0]).toBe('near copy of src/codecs.ts (ranked lower)');
  });

  it('gives the same answer for the same repository and task', async () => {
    const root = makeRepo(retryProject);
    const first = await retrieve('fix the timeout when a retry is aborted', root);
    const second = await retrieve('fix the timeout when a retry is aborted', root);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('the plain-BM25 ablation ranks tests and sources in one list', async () => {
    const root = makeRepo(retryProject);
    const result = await retrieve('fix the timeout when a retry is aborted', root, { mode: 'plain-bm25' });
    expect(paths(result)).toContain('test/retry.test.ts');
    expect(result.tests).toEqual([]);
  });
});
