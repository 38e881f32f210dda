/**
 * Scale-out for real: Debian's redis-server on a free port, two `worker` processes of the built
 * CLI, `benchmark-agent --queue` as the producer, and one worker killed with SIGKILL in the middle
 * of a job. The job must come back through BullMQ's stalled-job handling on the other worker,
 * and every task must be counted exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/repo.js';

const SUITE_DIR = fileURLToPath(new URL('../../bench/agent-suite/', import.meta.url));
const SUITE = join(SUITE_DIR, 'suite.json');
const TASKS = ['js-slug-max-length', 'py-durations-minutes', 'cjs-merge-immutable'];

const children: ChildProcess[] = [];
let port = 0;
let url = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForPort(target: number, deadline = Date.now() + 20_000): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
      socket.connect(target, '127.0.0.1');
    }).finally(() => undefined);
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${target}`);
}

type Started = ChildProcess & { stdout: () => string; output: () => string };

function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Started {
  const child = spawn(command, args, {
    env: { ...process.env, CI: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let output = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => (output += chunk));
  children.push(child);
  return Object.assign(child, { stdout: () => stdout, output: () => output }) as Started;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** An agent CLI stand-in: logs its start with its worker's pid, works slowly, writes the task's solution. */
function slowAgent(): { template: string; log: string } {
  const folder = makeTempDir('ocpp-queue-agent-');
  const log = join(folder, 'agent.log');
  const program = join(folder, 'agent.mjs');
  writeFileSync(
    program,
    `import { appendFileSync, cpSync, readFileSync } from 'node:fs';
const prompt = readFileSync(process.argv[2], 'utf8');
const suite = JSON.parse(readFileSync(process.env.SUITE_FILE, 'utf8'));
const task = suite.tasks.find((candidate) => candidate.task === prompt);
appendFileSync(process.env.AGENT_LOG, JSON.stringify({ event: 'start', task: task.id, worker: process.ppid }) + '\\n');
await new Promise((resolve) => setTimeout(resolve, 4000));
cpSync(process.env.SOLUTION_ROOT + '/' + task.id, process.cwd(), { recursive: true });
appendFileSync(process.env.AGENT_LOG, JSON.stringify({ event: 'done', task: task.id, worker: process.ppid }) + '\\n');
console.log(JSON.stringify({ type: 'usage', inputTokens: 10, outputTokens: 5 }));
`,
  );
  return { template: `${process.execPath} ${program} {promptFile}`, log };
}

function logEntries(log: string): Array<{ event: string; task: string; worker: number }> {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

beforeAll(async () => {
  port = await freePort();
  url = `redis://127.0.0.1:${port}`;
  start('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  await waitForPort(port);
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('benchmark-agent --queue with worker processes', () => {
  it('loses no job and counts none twice when a worker is killed mid-job', async () => {
    const agent = slowAgent();
    const env = { AGENT_LOG: agent.log, SUITE_FILE: SUITE, SOLUTION_ROOT: join(SUITE_DIR, 'solutions') };
    const workerArgs = [CLI_BIN, 'worker', '--queue', url, '--stall-ms', '2000'];
    const doomed = start(process.execPath, workerArgs, env);
    const survivor = start(process.execPath, workerArgs, env);
    const producer = start(
      process.execPath,
      [
        CLI_BIN,
        'benchmark-agent',
        SUITE,
        '--queue',
        url,
        '--executor',
        'command',
        '--command',
        agent.template,
        '--only',
        TASKS.join(','),
        '--modes',
        'no-context',
        '--json',
      ],
      env,
    );
    const deadline = Date.now() + 60_000;
    while (!logEntries(agent.log).some((entry) => entry.event === 'start' && entry.worker === doomed.pid)) {
      if (Date.now() > deadline) throw new Error(`the first worker never started a job:\n${doomed.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const killedTask = logEntries(agent.log).find((entry) => entry.worker === doomed.pid)!.task;
    doomed.kill('SIGKILL');
    expect(await exited(producer)).toBe(0);
    const report = JSON.parse(producer.stdout());
    expect(report.tasks.map((result: { task: string }) => result.task).sort()).toEqual([...TASKS].sort());
    expect(report.modes['no-context']).toMatchObject({ tasks: 3, solved: 3, falseFinalizes: 0, tokens: 45 });
    const starts = logEntries(agent.log).filter(
      (entry) => entry.event === 'start' && entry.task === killedTask,
    );
    expect(starts.map((entry) => entry.worker)).toContain(survivor.pid);
    survivor.kill('SIGTERM');
    expect(await exited(survivor)).toBe(0);
  });

  it('a worker refuses a queue that is not a redis:// URL', async () => {
    const worker = start(process.execPath, [CLI_BIN, 'worker', '--queue', 'localhost:6379']);
    expect(await exited(worker)).toBe(2);
    expect(worker.output()).toMatch(/--queue must be a redis:\/\/ URL/);
  });
});
