/**
 * The scripted scenarios: a real repository in a temp dir, the mock executor editing a real git
 * worktree sandbox, the real gates (tests run as command evidence, verify, policy, loop, guards,
 * reflection) deciding.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orchestrate } from '../../src/api/orchestrate.js';
import { git } from '../helpers/repo.js';
import { BROKEN_MATH, FIXED_MATH, makeProject, project, STRING_TEST, TASK, writeScript } from './project.js';

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');
const json = (root: string, path: string) => JSON.parse(read(root, path));

describe('orchestrate with the mock executor', () => {
  it('fixes first time: finalize, a patch for review, the user tree untouched, every file on disk', async () => {
    const root = makeProject();
    const script = writeScript([{ write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } }]);
    const result = await orchestrate(TASK, root, { executor: 'mock', script, maxLoops: 3 });
    expect(result.decision).toMatchObject({ action: 'finalize', blocking: false, terminal: true });
    expect(result.iterations.map((entry) => entry.action)).toEqual(['finalize']);
    expect(read(root, 'src/math.js')).toBe(project['src/math.js']);
    expect(result.patch).toBe(`.agent-context/orchestrator/${result.runId}/final.patch`);
    const patch = read(root, result.patch!);
    expect(patch).toContain('+  return Number(a) + Number(b);');
    expect(patch).not.toContain('.agent-context');
    expect(existsSync(join(root, `.agent-context/worktrees/${result.runId}`))).toBe(false);
    const state = json(root, result.state);
    expect(state).toMatchObject({ schemaVersion: 1, phase: 'done', iteration: 1 });
    expect(state.completed).toEqual([
      'plan',
      'prepare-sandbox',
      '001/execute',
      '001/collect',
      '001/evaluate',
      '001/decide',
      '001/persist',
      'finalize',
    ]);
    const dir = result.iterations[0]!.dir;
    for (const file of [
      'prompt.md',
      'iteration.json',
      'executor.result.json',
      'executor.events.jsonl',
      'diff.patch',
      'trace.json',
      'guard.findings.json',
      'guard.gates.json',
      'policy.json',
      'verify.json',
      'loop.json',
      'reflection.json',
      'decision.json',
    ])
      expect(existsSync(join(root, dir, file)), file).toBe(true);
    const trace = json(root, `${dir}/trace.json`);
    const commands = trace.steps.filter((step: { kind: string }) => step.kind === 'command');
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.every((step: { exitCode: number }) => step.exitCode === 0)).toBe(true);
    expect(json(root, `${dir}/iteration.json`).context.mode).toMatch(/incremental|rebuilt/);
  });

  it('--apply puts the finalized patch into the user tree', async () => {
    const root = makeProject();
    const script = writeScript([{ write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } }]);
    const result = await orchestrate(TASK, root, { executor: 'mock', script, apply: true });
    expect(result).toMatchObject({ applied: true, decision: { action: 'finalize' } });
    expect(read(root, 'src/math.js')).toBe(FIXED_MATH);
  });

  it('leaves the tests failing: repair with the failing command and its output, then finalize', async () => {
    const root = makeProject();
    const script = writeScript([
      { write: { 'src/math.js': BROKEN_MATH, 'test/math.test.js': STRING_TEST } },
      { write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } },
    ]);
    const result = await orchestrate(TASK, root, { executor: 'mock', script, maxLoops: 3 });
    expect(result.iterations.map((entry) => entry.action)).toEqual(['repair', 'finalize']);
    const first = json(root, `${result.iterations[0]!.dir}/decision.json`);
    expect(first.candidates[0]).toMatchObject({ source: 'tests', blocking: true });
    const prompt = read(root, `${result.iterations[1]!.dir}/prompt.md`);
    expect(prompt).toContain('## What blocks (after iteration 1: repair)');
    expect(prompt).toMatch(/`node --test[^`]*` fails \(exit 1/);
    expect(prompt).toContain('output tail:');
    expect(prompt).toContain('These must pass before the change can close:');
    expect(prompt).not.toMatch(/try again/i);
  });

  it('edits a protected path: block', async () => {
    const root = makeProject();
    const script = writeScript([
      {
        write: {
          'src/math.js': FIXED_MATH,
          'test/math.test.js': STRING_TEST,
          '.github/workflows/ci.yml': 'on: push\n',
        },
      },
    ]);
    const result = await orchestrate(TASK, root, { executor: 'mock', script });
    expect(result.decision).toMatchObject({ action: 'block', terminal: true, blocking: true });
    expect(result.decision?.reason).toContain('.github/workflows/ci.yml');
  });

  it('hand-edits the lockfile: block', async () => {
    const root = makeProject();
    const script = writeScript([
      {
        write: {
          'src/math.js': FIXED_MATH,
          'test/math.test.js': STRING_TEST,
          'package-lock.json': '{"name":"loopy","lockfileVersion":3,"requires":false,"packages":{}}\n',
        },
      },
    ]);
    const result = await orchestrate(TASK, root, { executor: 'mock', script });
    expect(result.decision).toMatchObject({ action: 'block', blocking: true });
    expect(result.decision?.reason).toContain('package-lock.json');
  });

  it('changes nothing: human-review, repeated-state/no-progress', async () => {
    const root = makeProject();
    const script = writeScript([{ message: 'I looked around.' }]);
    const result = await orchestrate(TASK, root, { executor: 'mock', script, maxLoops: 5 });
    expect(result.iterations.map((entry) => entry.action)).toEqual(['repair', 'human-review']);
    expect(result.decision).toMatchObject({ action: 'human-review', reason: 'repeated-state/no-progress' });
    expect(result.convergence).toMatchObject({ repeats: 2, stalled: true });
    expect(result.decision?.question).toContain('What should change');
    expect(result.patch).toBeNull();
  });

  it('invents an import: repair naming the finding, then finalize', async () => {
    const root = makeProject();
    const invented =
      "import { round } from './rounding.js';\nexport function add(a, b) {\n  return round(Number(a) + Number(b));\n}\n";
    const script = writeScript([
      { write: { 'src/math.js': invented, 'test/math.test.js': STRING_TEST } },
      { write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } },
    ]);
    const result = await orchestrate(TASK, root, { executor: 'mock', script, maxLoops: 3 });
    expect(result.iterations.map((entry) => entry.action)).toEqual(['repair', 'finalize']);
    const first = json(root, `${result.iterations[0]!.dir}/decision.json`);
    const guard = first.candidates.find((entry: { source: string }) => entry.source === 'guards');
    expect(guard).toMatchObject({ action: 'repair', blocking: true });
    expect(guard.reason).toMatch(/^src\/math\.js:1: .*rounding/);
    expect(read(root, `${result.iterations[1]!.dir}/prompt.md`)).toContain(guard.reason);
  });

  it('stale evidence never finalizes: a test run that rewrites the tree proves nothing', async () => {
    const root = makeProject();
    const stamping = `${STRING_TEST}import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('../src/stamp.txt', import.meta.url), String(process.hrtime.bigint()));\n`;
    const script = writeScript([{ write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': stamping } }]);
    const result = await orchestrate(TASK, root, { executor: 'mock', script, maxLoops: 3 });
    expect(result.iterations.map((entry) => entry.action)).not.toContain('finalize');
    expect(result.decision?.action).not.toBe('finalize');
    const policy = json(root, `${result.iterations[0]!.dir}/policy.json`);
    expect(policy.requirements[0]).toMatchObject({ requirement: 'tests', satisfied: false });
    expect(git(root, 'status', '--porcelain')).not.toContain('src/');
  });

  it('the reflection node is depth-capped: at the cap it escalates, its question persisted, and an answer continues', async () => {
    const root = makeProject();
    const script = writeScript([
      { write: { 'src/math.js': BROKEN_MATH, 'test/math.test.js': STRING_TEST } },
      { write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } },
      { write: { 'src/math.js': FIXED_MATH.replace('Adds numbers.', 'Adds numbers or numeric strings.') } },
    ]);
    const asked = await orchestrate(TASK, root, {
      executor: 'mock',
      script,
      maxLoops: 5,
      reflectionDepth: 1,
    });
    expect(asked.iterations.map((entry) => entry.action)).toEqual(['repair', 'human-review']);
    const second = `${asked.iterations[1]!.dir}`;
    const reflection = json(root, `${second}/reflection.json`);
    expect(reflection).toMatchObject({ ran: true, result: { decision: 'escalate', depth: 1, depth_cap: 1 } });
    expect(reflection.result.question).toContain('Reflection depth 1 reached without converging.');
    expect(asked.decision).toMatchObject({ action: 'human-review', blocking: false });
    expect(asked.decision?.question).toContain('Reflection depth 1 reached without converging.');
    expect(json(root, asked.state).decision.question).toBe(asked.decision?.question);

    const answered = await orchestrate('', root, {
      resume: asked.runId,
      answer: 'the fix is right; say so in its comment',
    });
    expect(answered.iterations.map((entry) => entry.action)).toEqual(['repair', 'human-review', 'finalize']);
    const third = json(root, `${answered.iterations[2]!.dir}/reflection.json`);
    // the answer starts the node's depth again: asked, not forced to escalate
    expect(third.ran).toBe(true);
    expect(third.result.decision).not.toBe('escalate');
    expect(read(root, `${answered.iterations[2]!.dir}/prompt.md`)).toContain(
      'the fix is right; say so in its comment',
    );
  });

  it('--resume <run-id> --answer continues a run that asked a person, with the answer in the prompt', async () => {
    const root = makeProject();
    const script = writeScript([
      { message: 'nothing yet' },
      { message: 'nothing yet' },
      { write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } },
    ]);
    const asked = await orchestrate(TASK, root, { executor: 'mock', script, maxLoops: 5 });
    expect(asked.decision).toMatchObject({ action: 'human-review', reason: 'repeated-state/no-progress' });
    const answered = await orchestrate('', root, {
      resume: asked.runId,
      answer: 'coerce both arguments with Number()',
    });
    expect(answered.runId).toBe(asked.runId);
    expect(answered.iterations.map((entry) => entry.action)).toEqual(['repair', 'human-review', 'finalize']);
    const prompt = read(root, `${answered.iterations[2]!.dir}/prompt.md`);
    expect(prompt).toContain('## A person answered\n\ncoerce both arguments with Number()');
    const again = await orchestrate('', root, { resume: asked.runId });
    expect(again.decision?.action).toBe('finalize');
  });
});
