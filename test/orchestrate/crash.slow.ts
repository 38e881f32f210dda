/**
 * kill -9 at every phase boundary (the coordinator's test hook sends SIGKILL to itself right after
 * a phase's state was written), then `--resume`: the same final decision, no phase rerun, no trace
 * step twice. Runs the built CLI in child processes, as a user would.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';
import { BROKEN_MATH, FIXED_MATH, makeProject, STRING_TEST, TASK, writeScript } from './project.js';

interface Outcome {
  status: number | null;
  signal: NodeJS.Signals | null;
  result?: {
    runId: string;
    decision: { action: string; reason: string };
    iterations: Array<{ dir: string; action: string }>;
  };
  stderr: string;
}

function cli(root: string, args: string[], env: Record<string, string> = {}): Outcome {
  const run = spawnSync(process.execPath, [CLI_BIN, ...args, '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', ...env },
  });
  const outcome: Outcome = { status: run.status, signal: run.signal, stderr: run.stderr };
  if (run.stdout.trim()) outcome.result = JSON.parse(run.stdout);
  return outcome;
}

function onlyRun(root: string): string {
  const listing = spawnSync('ls', [join(root, '.agent-context/orchestrator')], { encoding: 'utf8' });
  const [runId] = listing.stdout.trim().split('\n');
  return runId!;
}

const state = (root: string, runId: string) =>
  JSON.parse(readFileSync(join(root, `.agent-context/orchestrator/${runId}/state.json`), 'utf8'));

function traceSteps(root: string, dir: string): string[] {
  const trace = JSON.parse(readFileSync(join(root, dir, 'trace.json'), 'utf8'));
  return trace.steps.map((step: { kind: string; command?: string[]; reason?: string }) =>
    [step.kind, step.command?.join(' ') ?? '', (step.reason ?? '').replace(/orc-[0-9a-f-]+/, '<run>')].join(
      ' | ',
    ),
  );
}

const ONE_ITERATION = [
  'plan',
  'prepare-sandbox',
  '001/execute',
  '001/collect',
  '001/evaluate',
  '001/decide',
  '001/persist',
  'finalize',
];

describe('crash and resume', () => {
  const script = writeScript([{ write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } }]);
  const args = ['orchestrate', TASK, '.', '--executor', 'mock', '--script', script];
  const baselineRoot = makeProject();
  const baseline = cli(baselineRoot, args);

  it('the uncrashed run finalizes', () => {
    expect(baseline.status, baseline.stderr).toBe(0);
    expect(baseline.result?.decision.action).toBe('finalize');
  });

  for (const label of ONE_ITERATION) {
    it(`killed after ${label}: resume reaches the same decision, no phase twice, no trace step twice`, () => {
      const root = makeProject();
      const crashed = cli(root, args, { OCPP_ORCHESTRATE_CRASH_AFTER: label });
      expect(crashed.signal).toBe('SIGKILL');
      const runId = onlyRun(root);
      expect(state(root, runId).completed.at(-1)).toBe(label);
      const resumed = cli(root, ['orchestrate', '--resume', runId, '.']);
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(resumed.result?.decision).toMatchObject({
        action: baseline.result!.decision.action,
        reason: baseline.result!.decision.reason,
      });
      const completed: string[] = state(root, runId).completed;
      expect(completed).toEqual(ONE_ITERATION);
      const dir = resumed.result!.iterations.at(-1)!.dir;
      expect(traceSteps(root, dir)).toEqual(
        traceSteps(baselineRoot, baseline.result!.iterations.at(-1)!.dir),
      );
    });
  }

  it('a sandbox lost mid-run is recreated from the persisted patch', () => {
    const root = makeProject();
    const twice = writeScript([
      { write: { 'src/math.js': BROKEN_MATH, 'test/math.test.js': STRING_TEST } },
      { write: { 'src/math.js': FIXED_MATH, 'test/math.test.js': STRING_TEST } },
    ]);
    const crashed = cli(root, ['orchestrate', TASK, '.', '--executor', 'mock', '--script', twice], {
      OCPP_ORCHESTRATE_CRASH_AFTER: '001/persist',
    });
    expect(crashed.signal).toBe('SIGKILL');
    const runId = onlyRun(root);
    rmSync(join(root, `.agent-context/worktrees/${runId}`), { recursive: true, force: true });
    const resumed = cli(root, ['orchestrate', '--resume', runId, '.']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.result?.iterations.map((entry) => entry.action)).toEqual(['repair', 'finalize']);
    expect(resumed.stderr).toContain('recreating it');
  });
});
