import type { Command } from 'commander';
import type { CommandContext, CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

interface ReflectFlags extends CommonOptions {
  dir?: string;
  plan?: string;
  files?: string;
  fromDir?: string;
  goal?: string;
  depth?: string;
  step?: string;
  workload?: string;
  reflector?: string;
  runId?: string;
}

const description = [
  'One bounded reflection on a plan and what was produced: continue, replan, end or escalate, with the plan-vs-actual diff it was based on.',
  'Reads plan.json ({ goal, subtasks: [{ id, description, expected_artifact }] }) and files.json ({ "<name>": { status: active|done|failed, bytes, age_steps } }, or a list of objects with a "name"), or summarises a directory (--from-dir) without reading its files.',
  'Hard rules hold whatever the reflector says: the depth cap escalates, "end" with nothing done becomes "replan", the same defect in two consecutive reflections or a subtask failed twice escalates.',
  'Each reflection is appended to .agent-context/reflections/<run-id>.jsonl; without --depth the run resumes from that log. Exit code 1 when the decision is "escalate" (a person must answer).',
].join('\n\n');

export const reflectCommand: CommandDefinition = (program, context) => {
  const reflect = program
    .command('reflect')
    // `reflect transcript …` has flags of the same names: they belong to the subcommand there.
    .enablePositionalOptions()
    .summary('one bounded reflection: continue, replan, end or escalate')
    .description(description)
    .argument('[dir]', 'the repository: config, run logs (default: the current directory)')
    // Not a commander `requiredOption`: those are checked for subcommands too (`reflect transcript`).
    .option('--plan <file>', 'the plan: plan.json (required)')
    .option('--files <file>', 'summaries of the files produced: files.json')
    .option(
      '--from-dir <dir>',
      'summarise this directory instead (non-empty file = done, empty = active, <name>.failed = failed)',
    )
    .option('--goal <text>', "the user's goal (default: the plan's goal)")
    .option('--depth <n>', 'reflections already made in this run (default: from the run log)')
    .option('--step <n>', 'the current step of the run (default: depth + 1)')
    .option(
      '--workload <kind>',
      'interactive | research | report | coding | bug-hunting (sets the depth cap)',
    )
    .option('--reflector <name>', 'offline (rules, default) | model (the configured llm)')
    .option('--run-id <id>', 'the run this reflection belongs to (default: plan-<hash of the plan>)')
    .option('-C, --dir <dir>', 'the repository, as the [dir] argument')
    .addOption(jsonOption('the reflection record'))
    .action(async (dir: string | undefined, flags: ReflectFlags) =>
      runAction(context, flags, async () => {
        const { resolveAbsolute } = await import('../../shared/path.js');
        const { reflectOnce } = await import('../../api/reflect.js');
        const at = (path: string) => resolveAbsolute(context.io.cwd, path);
        if (!flags.plan) {
          const { usageError } = await import('../../shared/errors.js');
          throw usageError(
            "required option '--plan <file>' not specified",
            'or reflect on a transcript: reflect transcript <file>',
          );
        }
        const root = await repositoryOf(context, dir, flags.dir);
        const result = await reflectOnce(root, {
          plan: at(flags.plan),
          ...(flags.files ? { files: at(flags.files) } : {}),
          ...(flags.fromDir ? { fromDir: at(flags.fromDir) } : {}),
          ...(flags.goal !== undefined ? { goal: flags.goal } : {}),
          ...(flags.depth !== undefined ? { depth: await wholeNumber(flags.depth, '--depth') } : {}),
          ...(flags.step !== undefined ? { step: await wholeNumber(flags.step, '--step') } : {}),
          ...(flags.workload ? { workload: flags.workload } : {}),
          ...(flags.reflector ? { reflector: await reflectorName(flags.reflector) } : {}),
          ...(flags.runId ? { runId: flags.runId } : {}),
          env: context.io.env,
        });
        await printResult(context, flags, result, async () =>
          (await import('../../report/reflect.js')).formatReflection(result),
        );
        return result.decision === 'escalate' ? 1 : 0;
      }),
    );
  defineTranscriptCommand(reflect, context);
};

interface TranscriptFlags extends CommonOptions {
  dir?: string;
  reflector?: string;
  format?: string;
  afterLine?: string;
  save?: boolean;
  session?: string;
}

const transcriptDescription = [
  'Where did the user have to steer the agent, and what would have spared them that round? Reads a session transcript (Claude Code JSONL, Codex session log or `exec --json` output, OpenCode `run --format json` output or export, OpenClaw session log; the format is recognised), finds corrections, rejections, "no, like this", restated requirements, quality complaints and unknown preferences, and keeps a lesson only if it would have saved a round of steering, applies beyond one file and stays true.',
  'Prints { outcome: lessons | nothing-to-save | served-ignored, steering: [{ line, kind, quote }], lessons: [{ text, kind, line }], servedIgnored, message } where line is the 1-based line of the transcript; says exactly "Nothing to save." when nothing qualifies. A lesson the session was served ([lesson L-NNNN] in its context) that the user still had to repeat is named, not captured again.',
  "With --save the lessons go to .agent-context/memory/, ignored lessons are counted, a redacted report is written under .agent-context/reflection/reports/ for anything that looks like a defect of this tool (never filed), and with --session the session's hook counters record the outcome. This is what the background reflection started by the hooks runs.",
].join('\n\n');

function defineTranscriptCommand(reflect: Command, context: CommandContext): void {
  reflect
    .command('transcript <file> [dir]')
    .summary('reflect on a session transcript: steering found, lessons worth keeping')
    .description(transcriptDescription)
    .option('--reflector <name>', 'offline (rules, default) | model (the configured llm)')
    .option('--format <agent>', 'claude | codex | opencode | openclaw (default: recognised)')
    .option('--after-line <n>', 'reflect only on what follows this transcript line')
    .option('--save', 'save lessons and counters to memory (what background reflection does)')
    .option('--session <id>', 'the agent session (its hook counters give the start line and get the outcome)')
    .option('-C, --dir <dir>', 'the repository (config, memory), as the [dir] argument')
    .addOption(jsonOption('the reflection'))
    .action(async (file: string, dir: string | undefined, flags: TranscriptFlags) =>
      runAction(context, flags, async () => {
        const { resolveAbsolute } = await import('../../shared/path.js');
        const { reflectTranscript } = await import('../../api/reflect.js');
        const at = (path: string) => resolveAbsolute(context.io.cwd, path);
        const root = await repositoryOf(context, dir, flags.dir);
        const result = await reflectTranscript(root, at(file), {
          ...(flags.reflector ? { reflector: await reflectorName(flags.reflector) } : {}),
          ...(flags.format ? { format: await formatName(flags.format) } : {}),
          ...(flags.afterLine !== undefined
            ? { afterLine: await wholeNumber(flags.afterLine, '--after-line') }
            : {}),
          ...(flags.save ? { save: true } : {}),
          ...(flags.session ? { session: flags.session } : {}),
          env: context.io.env,
        });
        await printResult(context, flags, result, async () =>
          (await import('../../report/reflect.js')).formatTranscriptReflection(result),
        );
        return 0;
      }),
    );
}

async function formatName(value: string): Promise<'claude' | 'codex' | 'opencode' | 'openclaw'> {
  const { transcriptFormats } = await import('../../api/reflect.js');
  if ((transcriptFormats as readonly string[]).includes(value)) return value as 'claude';
  const { usageError } = await import('../../shared/errors.js');
  throw usageError(`unknown transcript format "${value}"`, `use one of ${transcriptFormats.join(', ')}`);
}

/** `--depth 0` and `--after-line 0` are meaningful: at least 0, parsed like every count flag. */
async function wholeNumber(value: string, flag: string): Promise<number> {
  return (await import('../parse.js')).parseCount(value, flag, 0);
}

async function reflectorName(value: string): Promise<'offline' | 'model'> {
  if (value === 'offline' || value === 'model') return value;
  const { usageError } = await import('../../shared/errors.js');
  throw usageError(`unknown reflector "${value}"`, 'use offline or model');
}

async function repositoryOf(
  context: CommandContext,
  dir: string | undefined,
  alias: string | undefined,
): Promise<string> {
  return (await import('../parse.js')).parseRepository(context.io.cwd, { dir, alias });
}
