import { type Command, Option } from 'commander';
import type { CommandContext, CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';
import { jsonOption } from './options.js';

const REQUIREMENTS = ['tests', 'contracts', 'lint', 'typecheck', 'build', 'command'];

function aboutOption(): Option {
  return new Option('--about <requirement...>', 'what this evidence speaks to').choices(REQUIREMENTS);
}

export const traceCommand: CommandDefinition = (program, context) => {
  const trace = program
    .command('trace')
    .summary('record evidence: claims, commands the harness runs, CI reports')
    .description(
      'Record what happened during a task in .agent-context/traces/<id>.json. Three evidence levels: manual (`add`: somebody says so), command (`run`: the harness runs it and records exit code, output hashes, a redacted tail and the working-tree hash before and after), ci (`import`: a JUnit/vitest/jest/GitHub Actions report). Every verb takes the repository as [dir] (default: the current directory), and works from any folder inside it, like git.',
    );
  defineStart(trace, context);
  defineAdd(trace, context);
  defineRun(trace, context);
  defineImport(trace, context);
  defineShow(trace, context);
  defineList(trace, context);
};

function defineStart(trace: Command, context: CommandContext): void {
  trace
    .command('start <task> [dir]')
    .description('Begin a trace for a task; prints its id.')
    .option('--task-id <id>', 'the task run this trace belongs to')
    .option('--agent <name>', 'who is doing the work (claude-code, codex, a person)', 'unknown')
    .addOption(jsonOption('the trace'))
    .action(
      async (
        task: string,
        dir: string | undefined,
        options: CommonOptions & { taskId?: string; agent?: string },
      ) =>
        runAction(context, options, async () => {
          const { traceStart } = await import('../../api/trace.js');
          const started = await traceStart(await repositoryOf(context, dir), {
            task,
            ...(options.taskId ? { taskId: options.taskId } : {}),
            ...(options.agent ? { agent: options.agent } : {}),
          });
          await printResult(context, options, started, () => started.id);
          return 0;
        }),
    );
}

function defineAdd(trace: Command, context: CommandContext): void {
  trace
    .command('add <id> [dir]')
    .description(
      'Record a manual step: an edit, an observation or a claim. A claim is evidence at the manual level only.',
    )
    .addOption(
      new Option('--kind <kind>', 'what kind of step')
        .choices(['edit', 'observation', 'claim'])
        .makeOptionMandatory(),
    )
    .requiredOption('--message <text>', 'what happened or is claimed')
    .option('--files <paths...>', 'files touched or meant (comma or space separated)')
    .option('--reason <text>', 'why')
    .addOption(aboutOption())
    .option('--event-id <id>', 'a caller-chosen event id, so a retried append stays a no-op')
    .addOption(jsonOption('the recorded step'))
    .action(
      async (
        id: string,
        dir: string | undefined,
        options: CommonOptions & {
          kind: 'edit' | 'observation' | 'claim';
          message: string;
          files?: string[];
          reason?: string;
          about?: string[];
          eventId?: string;
        },
      ) =>
        runAction(context, options, async () => {
          const { traceAdd } = await import('../../api/trace.js');
          const result = await traceAdd(await repositoryOf(context, dir), id, {
            kind: options.kind,
            message: options.message,
            ...(options.files ? { files: options.files } : {}),
            ...(options.reason ? { reason: options.reason } : {}),
            ...(options.about ? { about: options.about as never } : {}),
            ...(options.eventId ? { eventId: options.eventId } : {}),
          });
          await printResult(
            context,
            options,
            result,
            () => `${result.appended ? 'recorded' : 'already recorded'} ${result.step.id} in ${id}`,
          );
          return 0;
        }),
    );
}

function defineRun(trace: Command, context: CommandContext): void {
  trace
    .command('run <id> [dir] [command...]')
    .usage('[options] <id> [dir] -- <command...>')
    .description(
      'Run a command yourself-as-the-harness and record what it did: exit code, times, stdout/stderr SHA-256 and a redacted tail, and the working-tree hash before and after. Put the command after `--`; [dir], before the `--`, is the repository. No shell unless --shell. Exit code 0 when the command passed, 1 when it failed or timed out, 2 when it could not be started.',
    )
    .option('--shell', 'run the command through the shell (pipes, globs, &&)')
    .option('--timeout <seconds>', 'kill the command (and its children) after this many seconds')
    .option('--cwd <dir>', 'directory to run in, relative to the repository root')
    .addOption(aboutOption())
    .option('--reason <text>', 'why it was run')
    .option('--json', 'print the recorded step as one JSON document (the command’s output goes to stderr)')
    .action(
      async (
        id: string,
        dir: string | undefined,
        rest: string[],
        options: CommonOptions & {
          shell?: boolean;
          timeout?: string;
          cwd?: string;
          about?: string[];
          reason?: string;
        },
      ) =>
        runAction(context, options, async () => {
          const { parseCount } = await import('../parse.js');
          const timeout =
            options.timeout === undefined ? undefined : parseCount(options.timeout, '--timeout');
          const split = await splitAtDashes(context.argv, [dir, ...rest]);
          const { traceRun } = await import('../../api/trace.js');
          const result = await traceRun(await repositoryOf(context, split.dir), id, {
            command: split.command,
            ...(options.shell ? { shell: true } : {}),
            ...(timeout ? { timeoutMs: timeout * 1000 } : {}),
            ...(options.cwd ? { cwd: options.cwd } : {}),
            ...(options.about ? { about: options.about as never } : {}),
            ...(options.reason ? { reason: options.reason } : {}),
            echoStdout: options.json ? context.io.stderr : context.io.stdout,
            echoStderr: context.io.stderr,
          });
          const step = result.step as import('../../trace/types.js').CommandStep;
          if (options.json) writeJson(context.io, result);
          else {
            const { formatStep } = await import('../../report/trace.js');
            writeLine(context.io.stderr, `recorded ${step.id} in ${id}`);
            writeLine(context.io.stderr, formatStep(step)[0]!.trim());
          }
          if (step.spawnError) return 2;
          return step.exitCode === 0 && !step.timedOut ? 0 : 1;
        }),
    );
}

function defineImport(trace: Command, context: CommandContext): void {
  trace
    .command('import <id> <file> [dir]')
    .description(
      'Import a test report as ci evidence: JUnit XML (any common dialect), a vitest/jest --json report, or a GitHub Actions run summary (`gh run view --json conclusion,jobs`). Exit code 1 when the report has failures.',
    )
    .addOption(
      new Option('--format <format>', 'the report format')
        .choices(['auto', 'junit', 'jest-json', 'github-actions'])
        .default('auto'),
    )
    .option('--commit <sha>', 'the commit the report was produced on')
    .addOption(aboutOption())
    .addOption(jsonOption('the recorded step'))
    .action(
      async (
        id: string,
        file: string,
        dir: string | undefined,
        options: CommonOptions & { format: 'auto'; commit?: string; about?: string[] },
      ) =>
        runAction(context, options, async () => {
          const { traceImport } = await import('../../api/trace.js');
          const { resolveAbsolute } = await import('../../shared/path.js');
          const result = await traceImport(await repositoryOf(context, dir), id, {
            file: resolveAbsolute(context.io.cwd, file),
            format: options.format,
            ...(options.commit ? { commit: options.commit } : {}),
            ...(options.about ? { about: options.about as never } : {}),
          });
          await printResult(
            context,
            options,
            result,
            async () =>
              `${result.appended ? 'recorded' : 'already recorded'}:${(await import('../../report/trace.js')).formatStep(result.step).join('\n').replace(/^ {2}/, ' ')}`,
          );
          const report = (result.step as import('../../trace/types.js').CiStep).report;
          return report.failed + report.errors > 0 ? 1 : 0;
        }),
    );
}

function defineShow(trace: Command, context: CommandContext): void {
  trace
    .command('show <id> [dir]')
    .description('Print a trace’s timeline.')
    .addOption(jsonOption('the trace file'))
    .action(async (id: string, dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async () => {
        const { traceShow } = await import('../../api/trace.js');
        const shown = await traceShow(await repositoryOf(context, dir), id);
        await printResult(context, options, shown, async () =>
          (await import('../../report/trace.js')).formatTrace(shown),
        );
        return 0;
      }),
    );
}

function defineList(trace: Command, context: CommandContext): void {
  trace
    .command('list [dir]')
    .description('List the traces of this repository.')
    .addOption(jsonOption('the list'))
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async () => {
        const { traceList } = await import('../../api/trace.js');
        const traces = await traceList(await repositoryOf(context, dir));
        if (options.json) writeJson(context.io, traces);
        else
          for (const entry of traces)
            writeLine(
              context.io.stdout,
              `${entry.id}  ${entry.state}  ${entry.steps} step(s)  ${entry.task}`,
            );
        return 0;
      }),
    );
}

async function repositoryOf(context: CommandContext, dir: string | undefined): Promise<string> {
  return (await import('../parse.js')).parseRepository(context.io.cwd, { dir });
}

/**
 * `trace run <id> [dir] -- <command...>`: commander hands every operand over in one list, so the
 * words after the first `--` of the command line are the command and a word before it is [dir].
 * Without `--`, every word after the id is the command (as before [dir] existed).
 */
async function splitAtDashes(
  line: readonly string[],
  operands: Array<string | undefined>,
): Promise<{ dir: string | undefined; command: string[] }> {
  const words = operands.filter((word): word is string => word !== undefined);
  const dashes = line.indexOf('--');
  if (dashes < 0) return { dir: undefined, command: words };
  const command = words.slice(Math.max(0, words.length - (line.length - dashes - 1)));
  const before = words.slice(0, words.length - command.length);
  if (before.length > 1)
    throw (await import('../../shared/errors.js')).usageError(
      `trace run takes one [dir] before --, got ${before.length} words: ${before.join(' ')}`,
      'put the command after --: trace run <id> [dir] -- <command...>',
    );
  return { dir: before[0], command };
}
