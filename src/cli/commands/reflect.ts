import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';

interface ReflectFlags extends CommonOptions {
  dir: string;
  plan: string;
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
  program
    .command('reflect')
    .summary('one bounded reflection: continue, replan, end or escalate')
    .description(description)
    .requiredOption('--plan <file>', 'the plan: plan.json')
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
    .option('-C, --dir <dir>', 'the repository (config, run logs)', '.')
    .option('--json', 'print the reflection record as one JSON document')
    .action(async (flags: ReflectFlags) =>
      runAction(context, flags, async () => {
        const { resolveAbsolute } = await import('../../shared/path.js');
        const { reflectOnce } = await import('../../api/reflect.js');
        const at = (path: string) => resolveAbsolute(context.io.cwd, path);
        const result = await reflectOnce(at(flags.dir), {
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
        if (flags.json) writeJson(context.io, result);
        else writeLine(context.io.stdout, (await import('../../report/reflect.js')).formatReflection(result));
        return result.decision === 'escalate' ? 1 : 0;
      }),
    );
};

async function wholeNumber(value: string, flag: string): Promise<number> {
  if (/^\d+$/.test(value.trim())) return Number(value);
  const { usageError } = await import('../../shared/errors.js');
  throw usageError(`${flag} must be a whole number, got "${value}"`);
}

async function reflectorName(value: string): Promise<'offline' | 'model'> {
  if (value === 'offline' || value === 'model') return value;
  const { usageError } = await import('../../shared/errors.js');
  throw usageError(`unknown reflector "${value}"`, 'use offline or model');
}
