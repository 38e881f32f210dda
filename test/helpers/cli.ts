/** Running the CLI: in-process through `executeCli` (fast), or the built binary as a child process. */
import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { executeCli } from '../../src/cli/run.js';

export const CLI_BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCliInProcess(
  args: string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  const code = await executeCli(args, { stdout, stderr, env: { ...env }, cwd });
  return { code, stdout: out, stderr: err };
}

/** The built CLI in a child process: what a user runs (needs `npm run build` first; `npm test` does it). */
export function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): CliRun {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', ...env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
