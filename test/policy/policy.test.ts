import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, policy, traceAdd, traceImport, traceRun, traceStart, update } from '../../src/api/index.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';

const project = {
  'package.json': JSON.stringify({ name: 'gate', type: 'module', scripts: { test: 'node --test test/' } }),
  'package-lock.json': JSON.stringify({ name: 'gate', lockfileVersion: 3, packages: {} }),
  'src/math.js': 'export function add(a, b) {\n  return a + b;\n}\n',
  'test/math.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { add } from '../src/math.js';\ntest('adds', () => assert.equal(add(1, 2), 3));\n",
};

const failOnRequired = (report: Awaited<ReturnType<typeof policy>>) =>
  report.findings.filter((finding) => finding.severity !== 'risk').map((finding) => finding.rule);

describe('policy gate', () => {
  it('the core scenario: a claim is not proof, a run is, and a later edit needs a new run', async () => {
    const root = makeRepo(project);
    await build(root);
    const trace = await traceStart(root, { task: 'make add handle strings' });

    writeTree(root, {
      'src/math.js': 'export function add(a, b) {\n  return Number(a) + Number(b);\n}\n',
      'test/math.test.js': `${project['test/math.test.js']}test('adds strings', () => assert.equal(add('1', '2'), 3));\n`,
    });
    await update(root);
    await traceAdd(root, trace.id, {
      kind: 'edit',
      message: 'coerce operands',
      files: ['src/math.js', 'test/math.test.js'],
    });
    await traceAdd(root, trace.id, { kind: 'claim', message: 'tests pass', about: ['tests'] });

    const claimed = await policy(root, { traceId: trace.id, evidencePolicy: 'balanced' });
    expect(claimed.passed).toBe(false);
    // A source change without its test would be a contract finding too; here both changed.
    expect(failOnRequired(claimed)).toEqual(['missing-evidence']);
    expect(claimed.requirements[0]).toMatchObject({
      requirement: 'tests',
      satisfied: false,
      claimed: true,
      verified: false,
    });

    const run = await traceRun(root, trace.id, { command: ['npm', 'test'] });
    expect(run.step).toMatchObject({ exitCode: 0 });
    const proven = await policy(root, { traceId: trace.id, evidencePolicy: 'balanced' });
    expect(proven.passed).toBe(true);
    expect(proven.requirements[0]).toMatchObject({ satisfied: true, verified: true, level: 'command' });

    writeTree(root, {
      'src/math.js': 'export function add(a, b) {\n  return Number(a) + Number(b) + 0;\n}\n',
    });
    await update(root);
    const stale = await policy(root, { traceId: trace.id, evidencePolicy: 'balanced' });
    expect(stale.passed).toBe(false);
    expect(stale.requirements[0]!.reasons.join('\n')).toContain('ran on an earlier working tree');

    await traceRun(root, trace.id, { command: ['npm', 'test'] });
    expect((await policy(root, { traceId: trace.id, evidencePolicy: 'balanced' })).passed).toBe(true);
  });

  it('advisory accepts the claim (reported unverified); strict also wants contract validation', async () => {
    const root = makeRepo(project);
    await build(root);
    const trace = await traceStart(root, { task: 'x' });
    writeTree(root, {
      'src/math.js': 'export function add(a, b) {\n  return b + a;\n}\n',
      'test/math.test.js': `${project['test/math.test.js']}// commutes\n`,
    });
    await update(root);
    await traceAdd(root, trace.id, { kind: 'claim', message: 'tests pass' });
    const advisory = await policy(root, { traceId: trace.id, evidencePolicy: 'advisory' });
    expect(advisory.passed).toBe(true);
    expect(advisory.requirements[0]).toMatchObject({ satisfied: true, verified: false, claimed: true });

    await traceRun(root, trace.id, { command: ['npm', 'test'] });
    const strict = await policy(root, { traceId: trace.id, evidencePolicy: 'strict' });
    expect(strict.requirements.map((entry) => [entry.requirement, entry.satisfied])).toEqual([
      ['tests', true],
      ['contracts', false],
    ]);
    expect(strict.passed).toBe(false);
    await traceRun(root, trace.id, {
      command: ['node', join(process.cwd(), 'dist/cli/main.js'), 'validate-contracts', '.'],
      about: ['contracts'],
    });
    expect((await policy(root, { traceId: trace.id, evidencePolicy: 'strict' })).passed).toBe(true);
  });

  it('CI evidence: a passing JUnit import proves the tests, a failing one does not', async () => {
    const root = makeRepo(project);
    await build(root);
    const trace = await traceStart(root, { task: 'ci' });
    writeTree(root, {
      'src/math.js': 'export const add = (a, b) => a + b;\n',
      'test/math.test.js': `${project['test/math.test.js']}// arrow\n`,
    });
    await update(root);
    writeTree(root, {
      '../junit-fail.xml':
        '<testsuite tests="1"><testcase name="adds"><failure message="nope"/></testcase></testsuite>',
    });
    await traceImport(root, trace.id, { file: join(root, '../junit-fail.xml') });
    expect((await policy(root, { traceId: trace.id })).passed).toBe(false);
    writeFileSync(
      join(root, '../junit-pass.xml'),
      '<testsuite tests="1"><testcase name="adds"/></testsuite>',
    );
    await traceImport(root, trace.id, { file: join(root, '../junit-pass.xml') });
    const report = await policy(root, { traceId: trace.id });
    expect(report.passed).toBe(true);
    expect(report.requirements[0]).toMatchObject({ level: 'ci', verified: true });
  });

  it('forbidden commands in the trace, protected paths, stale context and risks, by --fail-on', async () => {
    const root = makeRepo(project);
    await build(root);
    const trace = await traceStart(root, { task: 'risky' });
    writeTree(root, {
      'src/auth/session.js': 'export const session = {};\n',
      'package-lock.json': JSON.stringify({ name: 'gate', lockfileVersion: 3, packages: { '': {} } }),
    });
    await traceRun(root, trace.id, { command: ['node', '-e', 'process.argv'], shell: false });
    await traceRun(root, trace.id, { command: ['echo', 'git push --force origin main'], shell: true });
    const report = await policy(root, { traceId: trace.id, failOn: 'forbidden' });
    const rules = report.findings.map((finding) => `${finding.severity}:${finding.rule}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        'forbidden:forbidden-command',
        'required:stale-context',
        'required:missing-evidence',
        'risk:sensitive-path',
        'risk:dependency-change',
      ]),
    );
    expect(report.passed).toBe(false);
    expect(report.findings[0]!.severity).toBe('forbidden');
  });

  it('gates by --fail-on and prints json, markdown, github annotations and SARIF', async () => {
    const root = makeRepo(project);
    await build(root);
    writeTree(root, {
      'src/payment.js': 'export const pay = () => 1;\n',
      'test/payment.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { pay } from '../src/payment.js';\ntest('pays', () => assert.equal(pay(), 1));\n",
    });
    await update(root);
    const trace = await traceStart(root, { task: 'pay' });
    await traceRun(root, trace.id, { command: ['npm', 'test'] });
    expect(runCli(['policy', root, '--trace', trace.id], root).code).toBe(0);
    expect(runCli(['policy', root, '--trace', trace.id, '--strict'], root).code).toBe(1);
    expect(runCli(['policy', root, '--trace', trace.id, '--fail-on', 'forbidden'], root).code).toBe(0);
    const json = JSON.parse(runCli(['policy', root, '--trace', trace.id, '--json'], root).stdout);
    expect(json).toMatchObject({
      passed: true,
      failOn: 'required',
      evidencePolicy: 'balanced',
      counts: { forbidden: 0, required: 0, risk: 1 },
    });
    const markdown = runCli(
      ['policy', root, '--trace', trace.id, '--format', 'markdown', '--strict'],
      root,
    ).stdout;
    expect(markdown).toContain('### ❌ Policy gate failed');
    expect(markdown).toContain('| risk | `src/payment.js` |');
    const github = runCli(['policy', root, '--trace', trace.id, '--format', 'github'], root).stdout;
    expect(github).toContain('::warning file=src/payment.js,title=risk%3A sensitive-path::');
    const sarif = JSON.parse(runCli(['policy', root, '--trace', trace.id, '--format', 'sarif'], root).stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results[0]).toMatchObject({
      ruleId: 'policy/sensitive-path',
      level: 'note',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'src/payment.js' } } }],
    });
    // Eight CLI runs, each a whole verify: ~11 s alone, past a minute when two cores run six suites.
  }, 180_000);

  it('bad input: unknown trace, unknown policy name', () => {
    const root = makeRepo(project);
    const unknown = runCli(['policy', root, '--trace', 'tr-missing-000000'], root);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no trace tr-missing-000000');
    expect(runCli(['policy', root, '--evidence-policy', 'lenient'], root).code).toBe(2);
  });
});

describe('init', () => {
  it('writes the balanced policy config once, builds, and keeps an existing config', () => {
    const root = makeRepo(project);
    const first = runCli(['init', root, '--json'], root);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      configFile: 'opencode-plusplus.config.json',
      configWritten: true,
      build: { mode: 'cold' },
    });
    const config = JSON.parse(readFileSync(join(root, 'opencode-plusplus.config.json'), 'utf8'));
    expect(config.policy).toEqual({ evidence: 'balanced', failOn: 'required' });
    writeFileSync(join(root, 'opencode-plusplus.config.json'), '{ "policy": { "evidence": "strict" } }\n');
    const second = JSON.parse(runCli(['init', root, '--json', '--no-build'], root).stdout);
    expect(second).toMatchObject({ configFile: 'opencode-plusplus.config.json', configWritten: false });
    expect(readFileSync(join(root, 'opencode-plusplus.config.json'), 'utf8')).toBe(
      '{ "policy": { "evidence": "strict" } }\n',
    );
  });
});
