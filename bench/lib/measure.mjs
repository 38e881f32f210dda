/**
 * Runs one node script in a child process and measures it as a user would feel it: wall time
 * from spawn to exit, plus the child's peak resident set size and CPU time (user + system; less
 * disturbed than wall time when other processes share the machine). Both come from GNU time
 * (`/usr/bin/time -f '%M %U %S'`) when it is installed, else from `usage-probe.mjs`, a wrapper that
 * loads the script in-process and reports `process.resourceUsage()` on exit.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GNU_TIME = '/usr/bin/time';
const WRAPPER = fileURLToPath(new URL('./usage-probe.mjs', import.meta.url));

/** How peak RSS is measured on this machine. */
export const rssMethod = existsSync(GNU_TIME) ? 'GNU time (%M, %U + %S)' : 'process.resourceUsage()';

/**
 * @param {string} script a node script (absolute path)
 * @param {string[]} args
 * @param {{ cwd: string, env?: Record<string, string> }} options
 * @returns {Promise<{ wallMs: number, peakRssKb?: number, cpuMs?: number, exitCode: number, stdout: string, stderr: string }>}
 */
export async function measureNodeScript(script, args, options) {
  const scratch = mkdtempSync(join(tmpdir(), 'ocpp-bench-rss-'));
  const usageFile = join(scratch, 'usage');
  const [command, commandArgs] = existsSync(GNU_TIME)
    ? [GNU_TIME, ['-o', usageFile, '-f', '%M %U %S', process.execPath, script, ...args]]
    : [process.execPath, [WRAPPER, usageFile, script, ...args]];
  try {
    const started = performance.now();
    const { exitCode, stdout, stderr } = await run(command, commandArgs, options);
    const wallMs = performance.now() - started;
    return { wallMs, ...readUsage(usageFile), exitCode, stdout, stderr };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, CI: '1', NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({
        exitCode: code ?? (signal ? 128 : -1),
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}

/** "<max RSS KiB> <user s> <system s>" on the last line (GNU time may print a status line first). */
function readUsage(file) {
  try {
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const [kb, user, system] = lines.at(-1).split(' ').map(Number);
    const usage = {};
    if (Number.isFinite(kb)) usage.peakRssKb = kb;
    if (Number.isFinite(user) && Number.isFinite(system)) usage.cpuMs = Math.round((user + system) * 1000);
    return usage;
  } catch {
    return {};
  }
}
