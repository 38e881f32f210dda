/** The project's commands as the manifests declare them (package.json scripts, Makefile, go.mod...). */
import { COMMAND_CONTRACT_NAMES, type CommandsContract } from '../schema.js';
import type { InferenceInput } from './input.js';

export function inferCommands(input: InferenceInput): CommandsContract {
  const commands: CommandsContract['commands'] = {};
  for (const name of COMMAND_CONTRACT_NAMES) {
    const found = input.project.commands.find((entry) => entry.name === name);
    if (found) commands[name] = { command: found.command, source: found.source };
  }
  return {
    schemaVersion: 1,
    comment:
      'Commands found in the manifests. verify recommends them; edit them when the project runs differently.',
    commands,
  };
}
