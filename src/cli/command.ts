/** What every command shares: running an action with the right streams, bus and exit code. */
import type { Command } from 'commander';
import { isOcppError, toInternalError } from '../shared/errors.js';
import { EventBus } from '../shared/events.js';
import { type CliIO, wantsProgress, writeJson, writeLine } from './io.js';
import { attachLogs, attachProgress } from './progress.js';

export interface CommandContext {
  io: CliIO;
  /** The command line as parsed (after the CLI's own flags are taken out). */
  argv: readonly string[];
  setExitCode(code: number): void;
}

export interface CommonOptions {
  json?: boolean;
  verbose?: boolean;
}

/** A command module: adds its subcommand to the program. Heavy imports happen inside the action. */
export type CommandDefinition = (program: Command, context: CommandContext) => void;

/**
 * Runs `action` with a bus wired to stderr (progress on a TTY, log lines otherwise); turns thrown
 * errors into exit code 2 with a clear message (and a JSON error document under --json).
 */
export async function runAction(
  context: CommandContext,
  options: CommonOptions,
  action: (bus: EventBus) => Promise<number>,
): Promise<void> {
  const bus = new EventBus();
  const detach = wantsProgress(context.io, Boolean(options.json))
    ? attachProgress(bus, context.io)
    : attachLogs(bus, context.io, Boolean(options.verbose));
  try {
    context.setExitCode(await action(bus));
  } catch (error) {
    detach();
    const failure = toInternalError(error);
    if (options.json) writeJson(context.io, { error: failure.toJSON() });
    context.io.stderr.write(`error: ${failure.describe()}\n`);
    if (!isOcppError(error) || context.io.env.OCPP_DEBUG)
      context.io.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
    context.setExitCode(failure.exitCode);
    return;
  }
  detach();
}

/**
 * A command's result on stdout: one JSON document under --json, else the text `render` makes of
 * it (a function, so a report module is loaded only when text is printed).
 */
export async function printResult<T>(
  context: CommandContext,
  options: CommonOptions,
  result: T,
  render: () => string | Promise<string>,
): Promise<void> {
  if (options.json) writeJson(context.io, result);
  else writeLine(context.io.stdout, await render());
}
