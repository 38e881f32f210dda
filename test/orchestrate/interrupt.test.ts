/**
 * Ctrl-C during `orchestrate`: the built CLI in a child process runs a real agent program that
 * starts a grandchild and hangs; SIGINT to the CLI kills the agent's whole process group, removes
 * the sandbox worktree, records the interrupt in state.json and exits 130; `--resume` reruns the
 * phase that was cut short and finalizes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';
import { git, makeTempDir } from '../helpers/repo.js';
import { FIXED_MATH, makeProject, STRING_TEST, TASK } from './project.js';

/** First run: start a grandchild, say so, hang. Later runs: make the fix and exit. */
function agentProgram(folder: string): string {
  const file = join(folder, 'agent.mjs');
  const marker = join(folder, 'started');
  writeFileSync(
    file,
    `import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
const marker = ${JSON.stringify(marker)};
if (existsSync(marker)) {
  writeFileSync('src/math.js', ${JSON.stringify(FIXED_MATH)});
  writeFileSync('test/math.test.js', ${JSON.stringify(STRING_TEST)});
  console.log(JSON.stringify({ type: 'message', text: 'fixed' }));
} else {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  writeFileSync('src/half-done.js', 'export const x = 1;\\n');
  writeFileSync(marker, JSON.stringify({ agent: process.pid, grandchild: child.pid }));
  setInterval(() => {}, 1000);
}
`,
  );
  return file;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe('orchestrate interrupted', () => {
  it('SIGINT kills the agent group, discards the sandbox, records the interrupt; --resume finalizes', async () => {
    const root = makeProject();
    const folder = makeTempDir('ocpp-agent-');
    const agent = agentProgram(folder);
    const child = spawn(
      process.execPath,
      [CLI_BIN, 'orchestrate', TASK, root, '--executor', 'command', '--command', `node ${agent}`, '--json'],
      { cwd: root, env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const marker = join(folder, 'started');
    expect(await until(() => existsSync(marker), 60_000), stderr).toBe(true);
    const pids = JSON.parse(readFileSync(marker, 'utf8')) as { agent: number; grandchild: number };
    expect(alive(pids.grandchild)).toBe(true);

    child.kill('SIGINT');
    expect(await exited, stderr).toBe(130);
    expect(await until(() => !alive(pids.agent) && !alive(pids.grandchild), 5_000)).toBe(true);
    const result = JSON.parse(stdout);
    expect(result.interrupted).toMatchObject({ phase: 'execute', iteration: 1, signal: 'SIGINT' });
    expect(result.decision).toBeUndefined();
    expect(stderr).toContain(`continue with --resume ${result.runId}`);
    expect(stderr).not.toMatch(/\n\s+at /);
    const statePath = join(root, result.state);
    const state = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(state).toMatchObject({ phase: 'execute', interrupted: { phase: 'execute', signal: 'SIGINT' } });
    expect(state.completed).toEqual(['plan', 'prepare-sandbox']);
    expect(existsSync(join(root, `.agent-context/worktrees/${result.runId}`))).toBe(false);
    expect(git(root, 'worktree', 'list')).not.toContain(result.runId);
    // the user's tree never saw the half-done edit
    expect(existsSync(join(root, 'src/half-done.js'))).toBe(false);

    const resumed = spawnSync(
      process.execPath,
      [CLI_BIN, 'orchestrate', '--resume', result.runId, root, '--json'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, CI: '1' },
      },
    );
    expect(resumed.status, resumed.stderr).toBe(0);
    const finished = JSON.parse(resumed.stdout);
    expect(finished).toMatchObject({ runId: result.runId, decision: { action: 'finalize' } });
    expect(finished.interrupted).toBeUndefined();
    const after = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(after.interrupted).toBeUndefined();
    expect(after.interruptions).toEqual([state.interrupted]);
    expect(after.completed.filter((label: string) => label === '001/execute')).toHaveLength(1);
    const patch = readFileSync(join(root, finished.patch), 'utf8');
    expect(patch).toContain('Number(a) + Number(b)');
    expect(patch).not.toContain('half-done');
  });
});
