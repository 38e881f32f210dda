/**
 * Every command that works on a repository takes it as `[dir]`: walked over the whole command tree
 * (commander's own command objects), so a command added without it fails here. memory and trace
 * are then run from another folder as real child processes of the built CLI. Every command pointed
 * at a missing [dir] as a child process is repository-argument.slow.ts (`npm run test:slow`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';
import { NOT_ON_A_REPOSITORY, onRepositories, REQUIRED_FLAGS, runnableCommands } from './command-tree.js';

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
