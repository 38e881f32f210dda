/**
 * Runs a command the way the harness observes it: no shell unless asked, output streamed through
 * to the user while it is hashed, only a bounded, secret-masked tail kept, a timeout that kills
 * the whole process group. A command that prints 100 MB costs memory for the tail only.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { redactSecrets } from '../shared/redact.js';
import type { StreamSummary } from './types.js';

export interface CommandRunOptions {
  cwd: string;
  shell?: boolean;
  timeoutMs?: number;
  /** Where to echo the child's output as it arrives (the user's terminal); nothing when absent. */
  echoStdout?: NodeJS.WritableStream;
  echoStderr?: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
  /** Bytes of each stream kept for the tail. @default 8192 */
  tailBytes?: number;
}

export interface CommandRunResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  spawnError?: string;
  startedAt: Date;
  endedAt: Date;
  stdout: StreamSummary;
  stderr: StreamSummary;
}

const TAIL_LINES = 40;

export function runObservedCommand(
  command: readonly string[],
  options: CommandRunOptions,
): Promise<CommandRunResult> {
  const startedAt = new Date();
  const stdout = new StreamRecorder(options.tailBytes ?? 8192);
  const stderr = new StreamRecorder(options.tailBytes ?? 8192);
  return new Promise((resolve) => {
    const [program, ...args] = command;
    const child = options.shell
      ? spawn(command.join(' '), {
          cwd: options.cwd,
          env: options.env ?? process.env,
          shell: true,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(program!, args, {
          cwd: options.cwd,
          env: options.env ?? process.env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
    let timedOut = false;
    let settled = false;
    // The child runs in its own process group (so a timeout can kill all of it): pass Ctrl-C on.
    const forward = (signal: NodeJS.Signals) => killGroup(child.pid, signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          killGroup(child.pid);
        }, options.timeoutMs)
      : undefined;
    const finish = (exitCode: number | null, signal: string | null, spawnError?: string) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const result: CommandRunResult = {
        exitCode,
        signal,
        timedOut,
        startedAt,
        endedAt: new Date(),
        stdout: stdout.summary(),
        stderr: stderr.summary(),
      };
      if (spawnError) result.spawnError = spawnError;
      resolve(result);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout.write(chunk);
      options.echoStdout?.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr.write(chunk);
      options.echoStderr?.write(chunk);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === 'ENOENT'
          ? `command not found: ${program}`
          : error.code === 'EACCES'
            ? `not executable: ${program}`
            : error.message;
      finish(null, null, reason);
    });
    child.on('close', (code, signal) => finish(code, signal));
  });
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Hashes everything, counts bytes, keeps only the last `limit` bytes, notices binary output. */
class StreamRecorder {
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private chunks: Buffer[] = [];
  private kept = 0;
  private binary = false;

  constructor(private readonly limit: number) {}

  write(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.binary && chunk.includes(0)) this.binary = true;
    this.chunks.push(chunk);
    this.kept += chunk.length;
    while (this.kept - this.chunks[0]!.length >= this.limit) this.kept -= this.chunks.shift()!.length;
  }

  summary(): StreamSummary {
    const kept = Buffer.concat(this.chunks);
    const tailBytes = kept.subarray(Math.max(0, kept.length - this.limit));
    return {
      sha256: this.hash.digest('hex'),
      bytes: this.bytes,
      tail: this.binary ? `[binary output, ${this.bytes} bytes]` : tailOf(tailBytes),
      binary: this.binary,
    };
  }
}

function tailOf(bytes: Buffer): string {
  const text = bytes.toString('utf8').replace(/\r\n/g, '\n');
  const lines = text.split('\n');
  const tail = lines.slice(-TAIL_LINES).join('\n');
  return redactSecrets(stripAnsi(tail)).text;
}

function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '');
}
