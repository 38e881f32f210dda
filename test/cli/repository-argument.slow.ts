/**
 * Each command that works on a repository, as a real child process of the built CLI, pointed at a
 * folder that does not exist through its [dir] argument alone: exit 2, the folder named, no stack —
 * the argument really is the repository. About 55 processes, so in `npm run test:slow`; the walk
 * of the command tree that catches a command without [dir] is repository-argument.test.ts.
 */
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/repo.js';
import { onRepositories, REQUIRED_FLAGS } from './command-tree.js';

describe('every command takes the repository as [dir]', () => {
  it('is the repository: a missing [dir] is exit 2 naming it, from a child process of the CLI', async () => {
    const cwd = makeTempDir();
    const missing = `${cwd}/no-such-repository`;
    const runs = await inBatches(await onRepositories(), 4, async ({ path, command }) => {
      const before = command.registeredArguments.slice(
        0,
        command.registeredArguments.findIndex((argument) => argument.name() === 'dir'),
      );
      const args = [
        ...path.split(' '),
        ...before.map(placeholder),
        missing,
        ...(REQUIRED_FLAGS.get(path) ?? []),
      ];
      return { path, ...(await runChild(args, cwd)) };
    });
    const wrong = runs.filter(
      (run) => run.code !== 2 || !run.stderr.includes(missing) || /\n\s+at /.test(run.stderr),
    );
    expect(wrong).toEqual([]);
  });
});

/** A value for an argument before [dir] that gets the command as far as opening the repository. */
function placeholder(argument: Command['registeredArguments'][number]): string {
  return argument.name() === 'agent' ? 'claude' : `some-${argument.name()}`;
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  return results;
}

function runChild(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      cwd,
      env: { ...process.env, CI: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 30_000,
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
