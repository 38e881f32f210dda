import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, loop, task, traceAdd, traceRun, traceStart, update } from '../../src/api/index.js';
import { runCli } from '../helpers/cli.js';
import { git, makeRepo, writeTree } from '../helpers/repo.js';

const project = {
  'package.json': JSON.stringify({ name: 'loopy', type: 'module', scripts: { test: 'node --test test/' } }),
  'src/math.js': '/** Adds numbers. */\nexport function add(a, b) {\n  return a + b;\n}\n',
  'src/format.js':
    "import { add } from './math.js';\nexport function total(items) {\n  return String(items.reduce(add, 0));\n}\n",
  'docs/notes.md': '# Notes\n\nNothing to see.\n',
  'test/math.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { add } from '../src/math.js';\ntest('adds', () => assert.equal(add(1, 2), 3));\n",
};
const TASK = 'make add in src/math.js accept numeric strings';

function state(root: string, taskId: string) {
  return JSON.parse(readFileSync(join(root, '.agent-context/runs', taskId, 'state.json'), 'utf8'));
}

describe('loop controller', () => {
  it('walks a task from EMPTY to READY_FOR_REVIEW, writing state.json at every step', async () => {
    const root = makeRepo(project);

    const empty = await loop(TASK, root, { write: true });
    expect(empty.next).toMatchObject({
      action: 'rebuild-context',
      blocking: true,
      command: 'opencode-plusplus build',
    });
    expect(empty.written).toBe(false);

    await build(root);
    const planned = await loop(TASK, root, { write: true });
    expect(planned.next).toMatchObject({ action: 'replan', blocking: true });
    expect(planned.next.command).toContain('opencode-plusplus task');

    const run = await task(TASK, root);
    const ready = await loop(TASK, root, { write: true });
    expect(ready.next).toMatchObject({ action: 'start-agent', blocking: false });
    expect(state(root, run.taskId)).toMatchObject({
      state: 'EDIT_BOUNDARY_READY',
      nextAction: { type: 'start-agent', blocking: false },
    });

    const trace = await traceStart(root, { task: TASK, taskId: run.taskId, agent: 'test' });
    writeTree(root, {
      'src/math.js':
        '/** Adds numbers. */\nexport function add(a, b) {\n  return Number(a) + Number(b);\n}\n',
    });
    await update(root);
    await traceAdd(root, trace.id, { kind: 'edit', message: 'coerce', files: ['src/math.js'] });
    const edited = await loop(TASK, root, { write: true, phase: 'after-edit', traceId: trace.id });
    expect(edited.decisions.map((decision) => decision.action)).toEqual(
      expect.arrayContaining(['add-or-update-tests', 'run-tests']),
    );
    expect(edited.next.action).toBe('add-or-update-tests');
    const repairing = state(root, run.taskId);
    expect(repairing).toMatchObject({ state: 'REPAIRING', traceId: trace.id, missingEvidence: ['tests'] });
    expect(repairing.history.map((step: { to: string }) => step.to)).toEqual(['EDITED', 'REPAIRING']);

    writeTree(root, {
      'test/math.test.js': `${project['test/math.test.js']}test('adds strings', () => assert.equal(add('1', '2'), 3));\n`,
    });
    await update(root);
    await traceAdd(root, trace.id, { kind: 'edit', message: 'test strings', files: ['test/math.test.js'] });
    const verifying = await loop(TASK, root, { write: true, phase: 'after-edit', traceId: trace.id });
    expect(verifying.next).toMatchObject({ action: 'run-tests', blocking: true });
    expect(verifying.next.command).toContain(`opencode-plusplus trace run ${trace.id} --`);
    expect(state(root, run.taskId).state).toBe('VERIFYING');

    await traceRun(root, trace.id, { command: ['npm', 'test'] });
    const done = await loop(TASK, root, { write: true, phase: 'after-edit', traceId: trace.id });
    expect(done.next).toMatchObject({ action: 'ready-for-review', blocking: false });
    expect(done.blocked).toBe(false);
    const final = state(root, run.taskId);
    expect(final).toMatchObject({
      state: 'READY_FOR_REVIEW',
      satisfiedEvidence: [expect.stringContaining('tests: step-')],
      missingEvidence: [],
    });
    expect(final.reached).toEqual([
      'CONTEXT_READY',
      'TASK_PACK_READY',
      'EDIT_BOUNDARY_READY',
      'EDITED',
      'REPAIRING',
      'VERIFYING',
      'READY_FOR_REVIEW',
    ]);
    expect(final.repoHash).toMatch(/^[0-9a-f]{64}$/);
    expect(final.contextHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expand-context: the agent edits a file outside the pack', async () => {
    const root = makeRepo(project);
    await build(root);
    await task(TASK, root);
    writeTree(root, { 'docs/notes.md': '# Notes\n\nAdd accepts strings now.\n' });
    await update(root);
    const report = await loop(TASK, root, { phase: 'after-edit' });
    const expand = report.decisions.find((decision) => decision.action === 'expand-context');
    expect(expand).toMatchObject({ blocking: false, signals: ['outside-pack:docs/notes.md'] });
  });

  it('repair-contracts: an edit of a protected path blocks the task', async () => {
    const root = makeRepo({ ...project, 'package-lock.json': '{"lockfileVersion":3}\n' });
    await build(root);
    const run = await task(TASK, root);
    writeTree(root, { '.github/workflows/ci.yml': 'on: push\n' });
    await update(root);
    const report = await loop(TASK, root, { phase: 'after-edit', write: true });
    expect(report.next).toMatchObject({ action: 'repair-contracts', blocking: true });
    expect(state(root, run.taskId).state).toBe('BLOCKED');
  });

  it('repair, as the guard says: the change imports a package nobody declared', async () => {
    const root = makeRepo(project);
    await build(root);
    await task(TASK, root);
    writeTree(root, {
      'src/math.js':
        "import isNumber from 'is-number-ultra';\nexport function add(a, b) {\n  return isNumber(a) ? a + b : 0;\n}\n",
    });
    await update(root);
    const report = await loop(TASK, root, { phase: 'after-edit' });
    expect(report.next).toMatchObject({ action: 'repair', blocking: true });
    expect(report.next.reason).toMatch(
      /^Repair the change: src\/math\.js imports "is-number-ultra", but package\.json does not declare is-number-ultra\.$/,
    );
    expect(report.decisions.map((decision) => decision.action)).not.toContain('replan');
  });

  it('the expected diff comes from the plan: a one-file fix among edit targets is complete, and messages are sentences', async () => {
    const root = makeRepo(project);
    await build(root);
    const run = await task('make totals accept numeric strings', root);
    const expected = JSON.parse(
      readFileSync(join(root, '.agent-context/runs', run.taskId, 'run.json'), 'utf8'),
    ).expectedDiff as { mode: string; files: string[] };
    expect(expected.mode).toBe('any');
    expect(expected.files.length).toBeGreaterThan(1);
    const target = expected.files.find((file) => file.startsWith('src/'))!;
    writeTree(root, { [target]: `${readFileSync(join(root, target), 'utf8')}// numeric strings\n` });
    await update(root);
    const report = await loop('make totals accept numeric strings', root, { phase: 'after-edit' });
    expect(report.planDiff).toMatchObject({ overlap: [target], completion_ratio: 1 });
    for (const decision of report.decisions) expect(decision.reason).toMatch(/^[A-Z].*[.!?]$/);
    expect(report.decisions.map((decision) => decision.reason).join(' ')).not.toMatch(
      /changed without a test/,
    );
  });

  it('a task that names its file expects that file: completion counts it', async () => {
    const root = makeRepo(project);
    await build(root);
    const run = await task(TASK, root);
    const record = JSON.parse(
      readFileSync(join(root, '.agent-context/runs', run.taskId, 'run.json'), 'utf8'),
    );
    expect(record.expectedDiff).toEqual({ mode: 'all', files: ['src/math.js'] });
  });

  it('bad input: a future state.json, a run without run.json, a trace of another task, deleted contracts', async () => {
    const root = makeRepo(project);
    await build(root);
    const run = await task(TASK, root);
    const statePath = join(root, '.agent-context/runs', run.taskId, 'state.json');
    const before = readFileSync(statePath, 'utf8');
    writeFileSync(statePath, JSON.stringify({ ...JSON.parse(before), schemaVersion: 42 }));
    const future = runCli(['loop', TASK, root, '--write'], root);
    expect(future.code).toBe(2);
    expect(future.stderr).toContain('schemaVersion 42 is newer');
    writeFileSync(statePath, before);

    const other = await traceStart(root, { task: 'another task', taskId: 'another-task-1234abcd' });
    await expect(loop(TASK, root, { traceId: other.id })).rejects.toMatchObject({
      message: expect.stringContaining(`belongs to task another-task-1234abcd, not ${run.taskId}`),
    });

    rmSync(join(root, '.agent-context/runs', run.taskId, 'run.json'));
    const missing = await loop(TASK, root);
    expect(missing.next).toMatchObject({ action: 'replan' });

    await task(TASK, root, { force: true });
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'context and contracts');
    rmSync(join(root, '.agent-context/contracts'), { recursive: true, force: true });
    const noContracts = runCli(['loop', TASK, root, '--phase', 'after-edit', '--json'], root);
    expect(noContracts.code).toBe(1);
    expect(JSON.parse(noContracts.stdout).next).toMatchObject({
      action: 'repair-contracts',
      blocking: true,
      priority: 5,
      command: 'git checkout -- .agent-context/contracts/',
    });
  });
});
