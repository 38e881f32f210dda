/**
 * The hidden check: the suite's own command, run in the result tree after the agent is done.
 * It is the suite author's code (like a CI step), run through `sh -c` in its own process group so
 * a timeout stops everything it started. `$OCPP_SUITE_DIR` points at the suite's folder, where
 * check scripts live out of the agent's sight.
 */
import { spawn } from 'node:child_process';

export interface CheckResult {
  /** Exit 0 within the time limit. */
  passed: boolean;
  exitCode: number | null;
  timedOut: boolean;
  /** The last lines the check printed (stdout and stderr interleaved). */
  outputTail: string;
  durationMs: number;
}

const TAIL_BYTES = 4096;
export const DEFAULT_CHECK_TIMEOUT_MS = 10 * 60 * 1000;

export function runCheck(
  command: string,
  tree: string,
  suiteDirectory: string,
  timeoutMs = DEFAULT_CHECK_TIMEOUT_MS,
): Promise<CheckResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], {
      cwd: tree,
      env: { ...process.env, OCPP_SUITE_DIR: suiteDirectory, CI: process.env.CI ?? '1' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      resolve({
        passed: !timedOut && exitCode === 0,
        exitCode,
        timedOut,
        outputTail: tail,
        durationMs: Date.now() - started,
      });
    };
    child.on('error', (error) => {
      keep(Buffer.from(`could not start the check: ${error.message}\n`));
      finish(null);
    });
    child.on('close', (exitCode) => finish(exitCode));
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone: nothing left to stop.
  }
}
