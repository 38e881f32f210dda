/**
 * For the hook and plugin suites: `install <agent>` run the way a user runs it (the built CLI,
 * the isolated environment), the reflection log our hooks write, and an agent CLI run as a child
 * process while the scripted model server keeps answering in this process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';

/** How the installed hooks call us: this Node and the built CLI. */
export const HOOK_COMMAND = `${process.execPath} ${CLI_BIN}`;

export function installHooks(agent: 'codex' | 'opencode', workspace: string, env: NodeJS.ProcessEnv) {
  const installed = spawnSync(
    process.execPath,
    [CLI_BIN, 'install', agent, '--scope', 'user', '--command', HOOK_COMMAND, '-C', workspace, '--json'],
    { env, encoding: 'utf8' },
  );
  expect(installed.status, installed.stderr).toBe(0);
  return JSON.parse(installed.stdout) as unknown;
}

export function addLesson(workspace: string, text: string): void {
  const added = spawnSync(
    process.execPath,
    [CLI_BIN, 'memory', 'add', text, '--kind', '1', '-C', workspace],
    {
      encoding: 'utf8',
    },
  );
  expect(added.status, added.stderr).toBe(0);
}

export type HookRecord = Record<string, unknown>;

export function hookLog(workspace: string): HookRecord[] {
  const file = join(workspace, '.agent-context/reflection/log.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as HookRecord);
}

export interface AgentRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an agent CLI with stdin closed; killed (its whole group) if it outlives the timeout. */
export async function runAgent(
  bin: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<AgentRun> {
  const child = spawn(bin, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  }, options.timeoutMs ?? 120_000);
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  clearTimeout(timer);
  return { status, stdout, stderr };
}

/** Waits until the log has a record the predicate accepts (hooks may finish after the agent). */
export async function waitForRecord(
  workspace: string,
  accept: (record: HookRecord) => boolean,
  timeoutMs = 30_000,
): Promise<HookRecord | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = hookLog(workspace).find(accept);
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
