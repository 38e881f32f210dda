/**
 * The executor registry: one file per executor, one line here. `resolveExecutor` turns a name and
 * the user's settings into something runnable: the binary found (or a clear error saying how to
 * install it), the argv template checked for shell syntax.
 */
import { accessSync, constants } from 'node:fs';
import { OcppError, usageError } from '../../shared/errors.js';
import { isAbsolutePath, joinPath, resolveAbsolute } from '../../shared/path.js';
import { checkTemplate, withExtraArgs } from './argv.js';
import { claudeExecutor } from './claude.js';
import { codexExecutor } from './codex.js';
import { commandExecutor, commandWords } from './command.js';
import { cursorExecutor } from './cursor.js';
import { mimocodeExecutor } from './mimocode.js';
import { mockExecutor } from './mock.js';
import { opencodeExecutor } from './opencode.js';
import type { ExecutorDefinition, ExecutorSettings, InProcessExecutor, ProcessExecutor } from './types.js';

export const executors: Readonly<Record<string, ExecutorDefinition>> = {
  mock: mockExecutor,
  command: commandExecutor,
  claude: claudeExecutor,
  codex: codexExecutor,
  opencode: opencodeExecutor,
  cursor: cursorExecutor,
  mimocode: mimocodeExecutor,
};

export const EXECUTOR_NAMES = Object.keys(executors);

export type ResolvedExecutor =
  | { kind: 'in-process'; definition: InProcessExecutor }
  | { kind: 'process'; definition: ProcessExecutor; bin: string; words: string[] };

export function resolveExecutor(
  name: string,
  settings: ExecutorSettings,
  env: NodeJS.ProcessEnv,
  cwd: string,
): ResolvedExecutor {
  const definition = executors[name];
  if (!definition) throw usageError(`unknown executor "${name}"`, `use one of ${EXECUTOR_NAMES.join(', ')}`);
  if (definition.kind === 'in-process') return { kind: 'in-process', definition };
  const words = withExtraArgs(
    checkTemplate(definition.template(settings), `${name} argv template`),
    settings.extraArgs,
  );
  const wanted =
    settings.bin ?? (name === 'command' ? commandWords(settings.commandTemplate)[0]! : definition.bin);
  return { kind: 'process', definition, bin: findBinary(wanted, definition, env, cwd), words };
}

/** The binary on PATH (or as given); missing is a clear error that says how to install it. */
export function findBinary(
  wanted: string,
  definition: ProcessExecutor,
  env: NodeJS.ProcessEnv,
  cwd: string,
): string {
  const candidates =
    wanted.includes('/') || isAbsolutePath(wanted)
      ? [resolveAbsolute(cwd, wanted)]
      : (env.PATH ?? '')
          .split(':')
          .filter(Boolean)
          .map((directory) => joinPath(directory, wanted));
  const found = candidates.find(isExecutable);
  if (found) return found;
  throw new OcppError(
    'NOT_FOUND',
    `the ${definition.name} executor needs \`${wanted}\`, which is not on PATH`,
    {
      hint: definition.install,
    },
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
