/** Every command, one file each. Adding one: write `<name>.ts` exporting a `CommandDefinition`, list it here. */
import type { CommandDefinition } from '../command.js';
import { buildCommand } from './build.js';
import { doctorCommand } from './doctor.js';
import { explainCommand } from './explain.js';
import { statusCommand } from './status.js';

export const commands: readonly CommandDefinition[] = [
  buildCommand,
  statusCommand,
  explainCommand,
  doctorCommand,
];
