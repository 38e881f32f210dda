import type { BenchmarkAgentCliOptions } from '../benchmark-agent.js';
import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { verboseOption } from './options.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const description =
  "Run the tasks of a suite file with the same agent in up to four modes and report what the control plane is worth: no-context (the bare task), agents-md (task + AGENTS.md), context-pack (task + pack.md and the edit boundary), loop (orchestrate with the evidence gates, up to each task's maxLoops). Each task runs in a fresh copy of its repository; afterwards the suite's hidden check (never in the prompt, never in the tree) runs in the result tree: exit 0 = solved. A false finalize is a run that said done while the check fails. Prints per mode: tasks, solved, false finalizes, loops, tokens, cost and wall time. Exit 1 when loop mode finalized a change its check rejects. Suite format: schema/benchmark-suite.schema.json; docs/benchmark-agent.md.";

export const benchmarkAgentCommand: CommandDefinition = (program, context) => {
  const command = program
    .command('benchmark-agent')
    .summary('measure an agent with and without the control plane on a suite of tasks')
    .description(description)
    .argument('[suite]', 'the suite file (JSON)')
    .option(
      '--executor <name>',
      'the agent: claude, codex, opencode, cursor, mimocode, command, mock (default claude)',
    )
    .option('--modes <list>', 'comma-separated: no-context,agents-md,context-pack,loop (default all four)')
    .option('--only <ids>', 'comma-separated task ids to run (default every task)')
    .option('--model <model>', "passed to the agent CLI's own model flag")
    .option('--executor-arg <arg>', 'an argument for the agent CLI, before the prompt (repeatable)', collect)
    .option('--executor-bin <path>', 'the agent binary to run instead of the one on PATH')
    .option(
      '--command <template>',
      'the command executor: an argv template such as "node agent.mjs {promptFile}"',
    )
    .option('--script <file>', 'the mock executor: its script')
    .option('--timeout <seconds>', 'time limit of one agent run (default 1800)')
    .option('--check-timeout <seconds>', 'time limit of one hidden check (default 600)')
    .option('--out <dir>', 'write results.json and report.md there')
    .option(
      '--queue <url>',
      'redis://host:port: put the runs on a BullMQ queue for `worker` processes and wait',
    )
    .option('--emit-matrix', 'print a GitHub Actions matrix (one entry per task and mode) and run nothing')
    .option('--keep', 'keep every result tree (their paths are logged) instead of deleting them')
    .option(
      '--json',
      'print { modes: { <mode>: { tasks, solved, falseFinalizes, loops, tokens, costUsd, wallS } }, tasks }',
    )
    .addOption(verboseOption())
    .action(async (suite: string | undefined, options: BenchmarkAgentCliOptions) =>
      runAction(context, options, async (bus) => {
        const { runBenchmarkAgentCommand } = await import('../benchmark-agent.js');
        return runBenchmarkAgentCommand(suite, options, { ...context, bus });
      }),
    );
  command
    .command('merge')
    .description(
      'Join the results.json files of several benchmark-agent runs (CI matrix jobs, say) into one report. A task and mode found in two files is an error.',
    )
    .argument('<results...>', 'results.json files, or the --out folders holding them')
    .option('--out <dir>', 'write the joined results.json and report.md there')
    .option('--json', 'print the joined report as JSON')
    .addOption(verboseOption())
    .action(async (paths: string[], options: CommonOptions & { out?: string }) =>
      runAction(context, options, async () => {
        const { mergeResults } = await import('../../bench/agent/matrix.js');
        const report = await mergeResults(paths);
        return (await import('../benchmark-agent.js')).printReport(report, options, context.io);
      }),
    );
};
