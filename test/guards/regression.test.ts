import { describe, expect, it } from 'vitest';
import {
  regressionAdd,
  regressionCheck,
  regressionList,
  traceAdd,
  traceRun,
  traceStart,
} from '../../src/api/index.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';

const project = {
  'package.json': JSON.stringify({ name: 'reg', type: 'module', scripts: { test: 'node --test test/' } }),
  'src/retry.js':
    'export function retry(fn, times) {\n  for (let i = 0; i < times; i++) {\n    try { return fn(); } catch {}\n  }\n  return undefined;\n}\n\nexport function delay(ms) {\n  return ms * 2;\n}\n',
  'src/other.js': 'export const other = 1;\n',
  'test/retry.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { retry } from '../src/retry.js';\ntest('stops after abort', () => assert.equal(retry(() => 1, 1), 1));\n",
};

describe('regression guard', () => {
  it('records known issues and demands the anti-regression test when a change touches one', async () => {
    const root = makeRepo(project);
    const issue = await regressionAdd(root, {
      title: 'retry kept going after an abort',
      test: { file: 'test/retry.test.js', name: 'stops after abort' },
      signature: { paths: [], symbols: ['retry'], errorPatterns: ['AbortError'] },
    });
    expect(issue.id).toBe('KI-0001');
    expect((await regressionList(root)).map((entry) => entry.title)).toEqual([
      'retry kept going after an abort',
    ]);

    writeTree(root, { 'src/other.js': 'export const other = 2;\n' });
    expect((await regressionCheck(root)).findings).toEqual([]);

    // Touch `delay` only: same file, other symbol -> not the known issue.
    writeTree(root, { 'src/retry.js': project['src/retry.js'].replace('return ms * 2;', 'return ms * 3;') });
    expect((await regressionCheck(root)).matches).toEqual([]);

    writeTree(root, { 'src/retry.js': project['src/retry.js'].replace('i < times', 'i <= times') });
    const touched = await regressionCheck(root);
    expect(touched.findings).toHaveLength(1);
    expect(touched.findings[0]).toMatchObject({
      rule: 'anti-regression-test',
      severity: 'block',
      file: 'test/retry.test.js',
      requiredAction: 'run-tests',
    });
    expect(touched.findings[0]!.evidence[0]).toContain('changed retry in src/retry.js');

    const trace = await traceStart(root, { task: 'fix retry' });
    await traceAdd(root, trace.id, { kind: 'claim', message: 'tests pass' });
    expect((await regressionCheck(root, { traceId: trace.id })).findings).toHaveLength(1);
    await traceRun(root, trace.id, { command: ['node', '--test', 'test/retry.test.js'] });
    const covered = await regressionCheck(root, { traceId: trace.id });
    expect(covered.findings).toEqual([]);
    expect(covered.matches).toEqual([{ issue: 'KI-0001', reasons: expect.any(Array), covered: true }]);
  });

  it('an error pattern seen again in a failing run touches the issue; the CLI exits 1 until covered', async () => {
    const root = makeRepo(project);
    expect(
      runCli(
        [
          'regression',
          'add',
          root,
          '--title',
          'abort ignored',
          '--test',
          'test/retry.test.js',
          '--error-pattern',
          'AbortError: retry',
        ],
        root,
      ).code,
    ).toBe(0);
    const trace = await traceStart(root, { task: 'again' });
    await traceRun(root, trace.id, {
      command: ['node', '-e', 'console.error("AbortError: retry continued"); process.exit(1)'],
    });
    const report = await regressionCheck(root, { traceId: trace.id });
    expect(report.findings[0]?.evidence).toEqual([
      'the error it produced appeared again: /AbortError: retry/',
    ]);
    expect(runCli(['regression', 'check', root, '--trace', trace.id], root).code).toBe(1);
    await traceRun(root, trace.id, { command: ['npm', 'test'] });
    expect(runCli(['regression', 'check', root, '--trace', trace.id, '--json'], root).code).toBe(0);
    expect(JSON.parse(runCli(['regression', 'list', root, '--json'], root).stdout)[0]).toMatchObject({
      id: 'KI-0001',
      signature: { errorPatterns: ['AbortError: retry'] },
    });
  });

  it('derives a known issue from a trace: the failing error text and the edited files', async () => {
    const root = makeRepo(project);
    const trace = await traceStart(root, { task: 'fix' });
    await traceRun(root, trace.id, {
      command: ['node', '-e', 'console.error("AssertionError: expected 1 to equal 2"); process.exit(1)'],
    });
    await traceAdd(root, trace.id, { kind: 'edit', message: 'fixed it', files: ['src/retry.js'] });
    const issue = await regressionAdd(root, {
      title: 'off by one',
      fromTrace: trace.id,
      test: { file: 'test/retry.test.js' },
    });
    expect(issue.signature).toEqual({
      paths: ['src/retry.js'],
      symbols: [],
      errorPatterns: ['AssertionError: expected 1 to equal 2'],
    });
  });
});
