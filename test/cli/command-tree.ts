/** The CLI's command tree as commander holds it, for the tests of what every command must take. */
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { commandTree } from '../../src/cli/run.js';

/** Commands that do not work on one repository, and why. */
export const NOT_ON_A_REPOSITORY = new Map([
  ['diff', 'compares two builds, each named by its own argument'],
  ['hook', "the repository is the hook event's cwd (a hook writes only inside it)"],
  ['benchmark-agent', 'runs a suite of tasks, each with its own repository'],
  ['benchmark-agent merge', 'joins result files'],
  ['worker', 'runs jobs from a queue'],
]);

/** What a command needs besides its arguments to get as far as opening the repository. */
export const REQUIRED_FLAGS = new Map([
  ['trace add', ['--kind', 'claim', '--message', 'checked']],
  ['trace run', ['--', 'true']],
  ['regression add', ['--title', 'a bug']],
  ['reflect', ['--plan', 'plan.json']],
]);

export interface RunnableCommand {
  path: string;
  command: Command;
}

export async function runnableCommands(): Promise<RunnableCommand[]> {
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

export const onRepositories = async () =>
  (await runnableCommands()).filter(({ path }) => !NOT_ON_A_REPOSITORY.has(path));
