/**
 * Every command that works on a repository takes it as `[dir]`: walked over the whole command tree
 * (commander's own command objects), so a command added without it fails here. Then each of them,
 * as a real child process of the built CLI, is pointed at a folder that does not exist through that
 * argument alone: exit 2, the folder named, no stack — the argument really is the repository.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandTree } from '../../src/cli/run.js';
import { CLI_BIN, runCli } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

/** Commands that do not work on one repository, and why. */
const NOT_ON_A_REPOSITORY = new Map([
  ['diff', 'compares two builds, each named by its own argument'],
  ['hook', "the repository is the hook event's cwd (a hook writes only inside it)"],
  ['benchmark-agent', 'runs a suite of tasks, each with its own repository'],
  ['benchmark-agent merge', 'joins result files'],
  ['worker', 'runs jobs from a queue'],
]);

/** What a command needs besides its arguments to get as far as opening the repository. */
const REQUIRED_FLAGS = new Map([
  ['trace add', ['--kind', 'claim', '--message', 'checked']],
  ['trace run', ['--', 'true']],
  ['regression add', ['--title', 'a bug']],
  ['reflect', ['--plan', 'plan.json']],
]);

interface RunnableCommand {
  path: string;
  command: Command;
}

async function runnableCommands(): Promise<RunnableCommand[]> {
  const quiet = { stdout: new PassThrough(), stderr: new PassThrough(), env: {}, cwd: process.cwd() };
  const found: RunnableCommand[] = [];
  const walk = (parent: Command, prefix: string[]) => {
    for (const command of parent.commands) {
      const path = [...prefix, command.name()];
      // A group (`memory`, `trace`) only holds subcommands; anything with arguments or flags runs.
      const runs =
        command.commands.length === 0 || command.options.length > 0 || command.registeredArguments.length > 0;
      if (runs) found.push({ path: path.join(' '), command });
      walk(command, path);
    }
  };
  walk(await commandTree(quiet), []);
  return found;
}

const onRepositories = async () =>
  (await runnableCommands()).filter(({ path }) => !NOT_ON_A_REPOSITORY.has(path));

describe('every command takes the repository as [dir]', () => {
  it('is an optional [dir] argument, last (only a command line after `--` may follow it)', async () => {
    const commands = await onRepositories();
    expect(commands.length).toBeGreaterThan(50);
    const wrong = commands.flatMap(({ path, command }) => {
      const names = command.registeredArguments.map((argument) => argument.name());
      const dir = command.registeredArguments[names.indexOf('dir')];
      const after = command.registeredArguments.slice(names.indexOf('dir') + 1);
      const fine =
        dir !== undefined &&
        !dir.required &&
        !dir.variadic &&
        after.every((argument) => argument.variadic && path === 'trace run');
      return fine ? [] : [`${path} ${command.usage()}`];
    });
    expect(wrong).toEqual([]);
  });

  it('names only real commands as exceptions', async () => {
    const paths = new Set((await runnableCommands()).map(({ path }) => path));
    for (const path of [...NOT_ON_A_REPOSITORY.keys(), ...REQUIRED_FLAGS.keys()])
      expect(paths, path).toContain(path);
  });

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
  }, 180_000);
});

describe('memory and trace from outside the repository, through [dir]', () => {
  it('memory: [dir] after the text, -C as its alias, both at once only when they agree', () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const elsewhere = makeTempDir();
    expect(runCli(['memory', 'add', 'Use pnpm, never npm.', root], elsewhere).code).toBe(0);
    const listed = (args: string[]) =>
      JSON.parse(runCli(['memory', 'list', ...args, '--json'], elsewhere).stdout);
    expect(listed([root]).lessons.map((lesson: { text: string }) => lesson.text)).toEqual([
      'Use pnpm, never npm.',
    ]);
    expect(listed(['-C', root])).toEqual(listed([root]));
    expect(runCli(['memory', 'list', root, '-C', root], elsewhere).code).toBe(0);
    const twice = runCli(['memory', 'list', root, '-C', elsewhere], elsewhere);
    expect([twice.code, twice.stderr]).toEqual([2, expect.stringContaining('the repository is given twice')]);
    const index = readFileSync(join(root, '.agent-context/memory/MEMORY.md'), 'utf8');
    // Unquoted words: the second one is taken for [dir], which is not there: nothing is written.
    const unquoted = runCli(['memory', 'add', 'Use', 'yarn'], root);
    expect(unquoted.code).toBe(2);
    expect(unquoted.stderr).toContain(`${join(root, 'yarn')} does not exist`);
    expect(unquoted.stderr).toContain('quote a text of several words');
    expect(readFileSync(join(root, '.agent-context/memory/MEMORY.md'), 'utf8')).toBe(index);
    const both = runCli(['memory', 'add', 'text', '--file', 'lesson.md'], root);
    expect([both.code, both.stderr]).toEqual([2, expect.stringContaining('give one')]);
  });

  it('trace: start, add, run, show and list with [dir] from another folder', () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const elsewhere = makeTempDir();
    const id = runCli(['trace', 'start', 'fix the parser', root], elsewhere).stdout.trim();
    expect(id).not.toBe('');
    expect(runCli(['trace', 'add', id, root, '--kind', 'claim', '--message', 'fixed'], elsewhere).code).toBe(
      0,
    );
    const ran = runCli(['trace', 'run', id, root, '--', 'node', '-e', 'process.exit(0)'], elsewhere);
    expect([ran.code, ran.stderr]).toEqual([0, expect.stringContaining('recorded')]);
    const shown = JSON.parse(runCli(['trace', 'show', id, root, '--json'], elsewhere).stdout);
    expect(shown.steps.map((step: { kind: string }) => step.kind)).toEqual(['claim', 'command']);
    const command = shown.steps[1] as { command: string[] };
    expect(command.command).toEqual(['node', '-e', 'process.exit(0)']);
    const listed = JSON.parse(runCli(['trace', 'list', root, '--json'], elsewhere).stdout);
    expect(listed.map((entry: { id: string }) => entry.id)).toEqual([id]);
    // Two words before `--`: only one of them can be the repository.
    const extra = runCli(['trace', 'run', id, root, 'extra', '--', 'true'], elsewhere);
    expect([extra.code, extra.stderr]).toEqual([2, expect.stringContaining('one [dir] before --')]);
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
