import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceAdd, traceImport, traceRun, traceShow, traceStart } from '../../src/api/trace.js';
import { workingTreeHash } from '../../src/shared/worktree-hash.js';
import {
  type EvidencePolicy,
  type EvidenceRequirement,
  evidenceSatisfies,
} from '../../src/trace/evidence.js';
import type { CommandStep } from '../../src/trace/types.js';
import { CLI_BIN, runCli } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';

const files = {
  'src/a.ts': 'export const a = 1;\n',
  'package.json': JSON.stringify({ name: 't', scripts: { test: 'node --test' } }),
};
const junitPass =
  '<testsuites><testsuite name="s" tests="1"><testcase name="ok" classname="s"/></testsuite></testsuites>';
const tests: EvidenceRequirement = { id: 'tests', type: 'tests', blocking: true, critical: true };

describe('traces', () => {
  it('appends idempotently: the same claim on the same tree is recorded once', async () => {
    const root = makeRepo(files);
    const trace = await traceStart(root, { task: 'Fix the parser', agent: 'codex' });
    expect(trace.id).toMatch(/^tr-fix-the-parser-[0-9a-f]{6}$/);
    const first = await traceAdd(root, trace.id, { kind: 'claim', message: 'tests pass', about: ['tests'] });
    const again = await traceAdd(root, trace.id, { kind: 'claim', message: 'tests pass', about: ['tests'] });
    expect(first.appended).toBe(true);
    expect(again).toMatchObject({ appended: false, step: { id: 'step-001' } });
    writeTree(root, { 'src/a.ts': 'export const a = 2;\n' });
    const onNewTree = await traceAdd(root, trace.id, {
      kind: 'claim',
      message: 'tests pass',
      about: ['tests'],
    });
    expect(onNewTree).toMatchObject({ appended: true, step: { id: 'step-002' } });
    const explicit = await traceAdd(root, trace.id, {
      kind: 'observation',
      message: 'x',
      eventId: 'agent-retry-1',
    });
    const retried = await traceAdd(root, trace.id, {
      kind: 'observation',
      message: 'x (retried)',
      eventId: 'agent-retry-1',
    });
    expect(retried).toMatchObject({ appended: false, step: { id: explicit.step.id } });
  });

  it('runs commands itself: exit code, hashes, redacted tail, tree hash before and after, timeout, missing command', async () => {
    const root = makeRepo(files);
    const { id } = await traceStart(root, { task: 'run things' });
    const ok = (
      await traceRun(root, id, {
        command: ['node', '-e', 'console.log("API_KEY=abcdefgh12345678"); console.error("warn")'],
      })
    ).step as CommandStep;
    expect(ok).toMatchObject({ exitCode: 0, timedOut: false, shell: false, stderr: { bytes: 5 } });
    expect(ok.stdout.tail).toContain('API_KEY=•••');
    expect(ok.stdout.tail).not.toContain('abcdefgh12345678');
    expect(ok.stdout.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(ok.treeHashBefore).toBe(ok.treeHashAfter);

    const editing = (
      await traceRun(root, id, {
        command: ['node', '-e', 'require("fs").writeFileSync("src/b.ts", "export {}\\n")'],
      })
    ).step as CommandStep;
    expect(editing.treeHashAfter).not.toBe(editing.treeHashBefore);

    const slow = (
      await traceRun(root, id, { command: ['node', '-e', 'setTimeout(() => {}, 20000)'], timeoutMs: 300 })
    ).step as CommandStep;
    expect(slow).toMatchObject({ timedOut: true, exitCode: null });

    const missing = (await traceRun(root, id, { command: ['definitely-not-a-command-xyz'] }))
      .step as CommandStep;
    expect(missing.spawnError).toBe('command not found: definitely-not-a-command-xyz');

    const huge = (
      await traceRun(root, id, {
        command: [
          'node',
          '-e',
          'const s = "x".repeat(1024 * 1024); for (let i = 0; i < 100; i++) process.stdout.write(s + "\\n")',
        ],
      })
    ).step as CommandStep;
    expect(huge.stdout.bytes).toBe(100 * (1024 * 1024 + 1));
    expect(huge.stdout.tail.length).toBeLessThanOrEqual(8192);

    const binary = (
      await traceRun(root, id, {
        command: ['node', '-e', 'process.stdout.write(Buffer.from([0, 1, 2, 255]))'],
      })
    ).step as CommandStep;
    expect(binary.stdout).toMatchObject({ binary: true, bytes: 4, tail: '[binary output, 4 bytes]' });
    expect((await traceShow(root, id)).steps.map((step) => step.id)).toEqual([
      'step-001',
      'step-002',
      'step-003',
      'step-004',
      'step-005',
      'step-006',
    ]);
  });

  it('the CLI: exit codes mirror the command, output streams through, and it works from a subfolder', () => {
    const root = makeRepo(files);
    const start = runCli(['trace', 'start', 'cli run', '--json'], root);
    const id = JSON.parse(start.stdout).id as string;
    const passed = runCli(
      ['trace', 'run', id, '--', 'node', '-e', 'console.log("streamed")'],
      join(root, 'src'),
    );
    expect(passed).toMatchObject({ code: 0 });
    expect(passed.stdout).toContain('streamed');
    expect(runCli(['trace', 'run', id, '--', 'node', '-e', 'process.exit(4)'], root).code).toBe(1);
    expect(runCli(['trace', 'run', id, '--', 'no-such-binary-here'], root).code).toBe(2);
    const json = runCli(
      ['trace', 'run', id, '--json', '--', 'node', '-e', 'console.log("to stderr under --json")'],
      root,
    );
    expect(JSON.parse(json.stdout).step.exitCode).toBe(0);
    expect(json.stderr).toContain('to stderr under --json');
    expect(runCli(['trace', 'run', id, '--timeout', '0', '--', 'true'], root).code).toBe(2);
    const shown = runCli(['trace', 'show', id], root);
    expect(shown.stdout).toContain('exit 4');
  });

  it('concurrent trace runs on one trace all land, in order, without corruption', async () => {
    const root = makeRepo(files);
    const { id } = await traceStart(root, { task: 'parallel' });
    const runs = Array.from(
      { length: 6 },
      (_, index) =>
        new Promise<number>((resolve) => {
          const child = spawn(
            process.execPath,
            [CLI_BIN, 'trace', 'run', id, '--', 'node', '-e', `console.log(${index})`],
            { cwd: root, stdio: 'ignore' },
          );
          child.on('close', (code) => resolve(code ?? -1));
        }),
    );
    expect(await Promise.all(runs)).toEqual([0, 0, 0, 0, 0, 0]);
    const trace = await traceShow(root, id);
    expect(trace.steps.map((step) => step.id)).toEqual([
      'step-001',
      'step-002',
      'step-003',
      'step-004',
      'step-005',
      'step-006',
    ]);
    expect(new Set(trace.steps.map((step) => (step as CommandStep).command[2])).size).toBe(6);
  });

  it('a corrupt, future or unknown trace is a clear error and the file is kept', async () => {
    const root = makeRepo(files);
    const { id } = await traceStart(root, { task: 'corrupt me' });
    const path = join(root, '.agent-context/traces', `${id}.json`);
    writeFileSync(path, '{ "schemaVersion": 1, "id": ');
    const broken = runCli(['trace', 'add', id, '--kind', 'claim', '--message', 'x'], root);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`.agent-context/traces/${id}.json:1:`);
    expect(readFileSync(path, 'utf8')).toBe('{ "schemaVersion": 1, "id": ');
    const valid = JSON.parse(
      readFileSync(
        join(root, '.agent-context/traces', `${(await traceStart(root, { task: 'y' })).id}.json`),
        'utf8',
      ),
    );
    writeFileSync(path, JSON.stringify({ ...valid, steps: [{ id: 'step-001', kind: 'teleport' }] }, null, 2));
    const invalid = runCli(['trace', 'show', id], root);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('not a valid trace: steps.0');
    writeFileSync(path, JSON.stringify({ ...valid, schemaVersion: 7 }));
    expect(runCli(['trace', 'show', id], root).stderr).toContain('trace schemaVersion 7 is newer');
    const unknown = runCli(['trace', 'show', 'tr-nope-000000'], root);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no trace tr-nope-000000');
    expect(runCli(['trace', 'show', '../../etc/passwd'], root).stderr).toContain('not a trace id');
  });

  it('imports CI reports; a JUnit file with failures exits 1, one that is not XML exits 2', async () => {
    const root = makeRepo(files);
    const { id } = await traceStart(root, { task: 'ci' });
    writeTree(root, {
      'reports/fail.xml':
        '<testsuite tests="2"><testcase name="a"/><testcase name="b"><failure message="boom"/></testcase></testsuite>',
      'reports/page.html': 'Service Unavailable',
    });
    const failing = runCli(['trace', 'import', id, 'reports/fail.xml'], root);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('1 passed, 1 failed');
    expect(runCli(['trace', 'import', id, 'reports/fail.xml'], root).stdout).toContain('already recorded');
    const notXml = runCli(['trace', 'import', id, 'reports/page.html'], root);
    expect(notXml.code).toBe(2);
    expect(notXml.stderr).toContain('neither XML nor JSON');
  });
});

describe('evidenceSatisfies', () => {
  async function traceWith(level: 'manual' | 'command' | 'ci' | 'none') {
    const root = makeRepo(files);
    const { id } = await traceStart(root, { task: 'prove it' });
    await traceAdd(root, id, { kind: 'edit', message: 'changed a', files: ['src/a.ts'] });
    if (level === 'manual') await traceAdd(root, id, { kind: 'claim', message: 'all tests pass' });
    if (level === 'command') await traceRun(root, id, { command: ['npm', 'test'] });
    if (level === 'ci') {
      writeFileSync(join(root, 'junit.xml'), junitPass);
      await traceImport(root, id, { file: join(root, 'junit.xml') });
    }
    return { root, trace: await traceShow(root, id), treeHash: await workingTreeHash(root) };
  }

  const matrix: Array<[EvidencePolicy, 'manual' | 'command' | 'ci' | 'none', boolean, boolean]> = [
    ['advisory', 'manual', true, false],
    ['balanced', 'manual', false, false],
    ['strict', 'manual', false, false],
    ['advisory', 'command', true, true],
    ['balanced', 'command', true, true],
    ['strict', 'command', true, true],
    ['advisory', 'ci', true, true],
    ['balanced', 'ci', true, true],
    ['strict', 'ci', true, true],
    ['advisory', 'none', false, false],
    ['strict', 'none', false, false],
  ];
  it.each(matrix)(
    '%s policy with %s evidence: satisfied=%s verified=%s',
    async (policy, level, satisfied, verified) => {
      const { trace, treeHash } = await traceWith(level);
      const verdict = evidenceSatisfies(tests, trace, policy, { treeHash });
      expect(verdict).toMatchObject({ satisfied, verified, claimed: level === 'manual' });
      expect(verdict.reasons.length).toBeGreaterThan(0);
    },
  );

  it('balanced accepts a claim for a non-critical check; strict still refuses a blocking one', async () => {
    const root = makeRepo(files);
    const { id } = await traceStart(root, { task: 'lint claim' });
    await traceAdd(root, id, { kind: 'claim', message: 'lint is clean', about: ['lint'] });
    const trace = await traceShow(root, id);
    const treeHash = await workingTreeHash(root);
    const lint: EvidenceRequirement = { id: 'lint', type: 'lint', blocking: true, critical: false };
    expect(evidenceSatisfies(lint, trace, 'balanced', { treeHash }).satisfied).toBe(true);
    expect(evidenceSatisfies(lint, trace, 'strict', { treeHash }).satisfied).toBe(false);
  });

  it('a later edit never rides on old passing tests, and a failing run never counts', async () => {
    const root = makeRepo(files);
    const { id } = await traceStart(root, { task: 'edit after test' });
    await traceRun(root, id, { command: ['node', '-e', 'process.exit(1)'], about: ['tests'] });
    let trace = await traceShow(root, id);
    const failing = evidenceSatisfies(tests, trace, 'balanced', { treeHash: await workingTreeHash(root) });
    expect(failing.satisfied).toBe(false);
    expect(failing.reasons.join('\n')).toContain('exited with 1');

    await traceRun(root, id, { command: ['node', '-e', 'process.exit(0)'], about: ['tests'] });
    trace = await traceShow(root, id);
    expect(
      evidenceSatisfies(tests, trace, 'strict', { treeHash: await workingTreeHash(root) }).satisfied,
    ).toBe(true);

    writeTree(root, { 'src/a.ts': 'export const a = 3;\n' });
    const stale = evidenceSatisfies(tests, trace, 'strict', { treeHash: await workingTreeHash(root) });
    expect(stale.satisfied).toBe(false);
    expect(stale.reasons.join('\n')).toContain('ran on an earlier working tree');

    await traceAdd(root, id, { kind: 'edit', message: 'edited a' });
    trace = await traceShow(root, id);
    const afterEdit = evidenceSatisfies(tests, trace, 'strict', { treeHash: await workingTreeHash(root) });
    expect(afterEdit.reasons.join('\n')).toContain('recorded before the last edit');
  });

  it('matches the contract test command when the requirement names it', async () => {
    const { trace, treeHash } = await traceWith('command');
    const named: EvidenceRequirement = { ...tests, commands: ['npm test'] };
    expect(evidenceSatisfies(named, trace, 'strict', { treeHash }).satisfied).toBe(true);
    const other: EvidenceRequirement = { ...tests, commands: ['pytest'] };
    expect(evidenceSatisfies(other, trace, 'strict', { treeHash }).satisfied).toBe(false);
  });
});
