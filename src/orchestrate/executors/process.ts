/**
 * Runs a process executor: no shell, its own process group (a timeout or a stuck verdict kills
 * the agent and everything it started), stdout read line by line through the normalizer and the
 * stuck detector, output capped, only a tail of stderr kept.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { AgentEvent, StreamNormalizer } from './events.js';
import { createStuckDetector, type StuckVerdict } from './stuck.js';

export interface ProcessRunInput {
  bin: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  normalize: StreamNormalizer;
  timeoutMs: number;
  maxOutputBytes: number;
  /** Called for every event as it arrives (progress on stderr). */
  onEvent?: (event: AgentEvent) => void;
  /** Aborted (an interrupt): the process group is killed and the stop says `interrupted`. */
  signal?: AbortSignal;
}

export type StopReason = 'exited' | 'timeout' | 'stuck' | 'output-cap' | 'spawn-error' | 'interrupted';

export interface ProcessRunResult {
  exitCode: number | null;
  signal: string | null;
  stop: StopReason;
  stuck?: StuckVerdict;
  spawnError?: string;
  events: AgentEvent[];
  stdoutBytes: number;
  stdoutSha256: string;
  stderrTail: string;
  durationMs: number;
}

const STDERR_TAIL = 8192;
const MAX_EVENTS = 20_000;

export function runExecutorProcess(input: ProcessRunInput): Promise<ProcessRunResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(input.bin, input.args, {
      cwd: input.cwd,
      env: input.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const state = newState();
    const detector = createStuckDetector();
    const stop = (reason: StopReason, stuck?: StuckVerdict) => {
      if (state.stop !== 'exited') return;
      state.stop = reason;
      if (stuck) state.stuck = stuck;
      killGroup(child.pid);
    };
    const timer = setTimeout(() => stop('timeout'), input.timeoutMs);
    const interrupt = () => stop('interrupted');
    if (input.signal?.aborted) interrupt();
    input.signal?.addEventListener('abort', interrupt, { once: true });
    const accept = (line: string) => {
      for (const event of input.normalize(line)) {
        if (state.events.length < MAX_EVENTS) state.events.push(event);
        input.onEvent?.(event);
        const verdict = detector.observe(event);
        if (verdict) stop('stuck', verdict);
      }
    };
    readLines(child.stdout, state, input.maxOutputBytes, accept, () => stop('output-cap'));
    child.stderr.on('data', (chunk: Buffer) => {
      state.stderr = (state.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      state.stop = 'spawn-error';
      state.spawnError = error.message;
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', interrupt);
      if (state.pending) accept(state.pending);
      resolve({
        exitCode,
        signal,
        stop: state.stop,
        ...(state.stuck ? { stuck: state.stuck } : {}),
        ...(state.spawnError ? { spawnError: state.spawnError } : {}),
        events: state.events,
        stdoutBytes: state.bytes,
        stdoutSha256: state.hash.digest('hex'),
        stderrTail: state.stderr,
        durationMs: Date.now() - started,
      });
    });
  });
}

interface RunState {
  stop: StopReason;
  stuck?: StuckVerdict;
  spawnError?: string;
  events: AgentEvent[];
  bytes: number;
  hash: ReturnType<typeof createHash>;
  stderr: string;
  pending: string;
}

function newState(): RunState {
  return { stop: 'exited', events: [], bytes: 0, hash: createHash('sha256'), stderr: '', pending: '' };
}

function readLines(
  stream: NodeJS.ReadableStream,
  state: RunState,
  limit: number,
  accept: (line: string) => void,
  overLimit: () => void,
): void {
  stream.on('data', (chunk: Buffer) => {
    if (state.bytes >= limit) return;
    state.bytes += chunk.length;
    state.hash.update(chunk);
    const lines = (state.pending + chunk.toString('utf8')).split('\n');
    state.pending = lines.pop() ?? '';
    for (const line of lines) accept(line);
    if (state.bytes >= limit) overLimit();
  });
}

/** Kills the whole process group: the agent and whatever it spawned. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
