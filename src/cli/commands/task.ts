import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { budgetOf, budgetOption, jsonOption, verboseOption } from './options.js';

interface TaskFlags extends CommonOptions {
  budget?: string;
  force?: boolean;
  agent?: string;
}

const describePlan = `Show the plan for a task without writing anything: the steps, the files to read (fitted into
the token budget), the tests that cover them, the commands to run and the edit boundary.
Builds or refreshes the context first when it is missing or stale (said on stderr).`;

const describeTask = `Write a task run to .agent-context/runs/<task-id>/: plan.md, pack.md, edit-boundary.md,
expected-diff.md, tests.md, verify.md and impact.md (empty until later stages fill them), one prompt per
executor (prompt.claude.md, prompt.codex.md, ...), run.json and state.json (EDIT_BOUNDARY_READY).
The task id is a slug of the task plus a short hash: the same task always writes the same folder.`;

const describeRun = `Write the task run (as \`task\` does) and start a trace for it in .agent-context/traces/: prints
the task id and the trace id. The trace id is recorded in the run's state.json, so evidence recorded
with \`trace run <trace-id> -- <command>\` counts in \`loop "<task>"\` without --trace.`;

export const taskCommands: CommandDefinition = (program, context) => {
  program
    .command('plan <task> [dir]')
    .summary('the plan for a task: steps, files, tests, commands (writes nothing)')
    .description(describePlan)
    .addOption(budgetOption())
    .addOption(jsonOption('the task pack'))
    .addOption(verboseOption())
    .action(async (text: string, dir: string | undefined, options: TaskFlags) =>
      runAction(context, options, async (bus) => {
        const { plan } = await import('../../api/task.js');
        const result = await plan(text, dir ?? '.', { bus, ...(await budgetOf(options)) });
        await printResult(context, options, result, async () =>
          (await import('../../report/task.js')).formatPlan(result),
        );
        return 0;
      }),
    );
  program
    .command('task <task> [dir]')
    .summary('write a task run: plan, pack, edit boundary, tests, prompts, state')
    .description(describeTask)
    .addOption(budgetOption())
    .option('--force', 'rewrite a run even from a state the loop does not re-pack from (READY_FOR_REVIEW)')
    .addOption(jsonOption('what was written'))
    .addOption(verboseOption())
    .action(async (text: string, dir: string | undefined, options: TaskFlags) =>
      runAction(context, options, async (bus) => {
        const { task } = await import('../../api/task.js');
        const result = await task(text, dir ?? '.', {
          bus,
          ...(await budgetOf(options)),
          ...(options.force ? { force: true } : {}),
        });
        await printResult(context, options, result, async () =>
          (await import('../../report/task.js')).formatTaskRun(result),
        );
        return 0;
      }),
    );
  program
    .command('run <task> [dir]')
    .summary('a task run plus a trace for its evidence')
    .description(describeRun)
    .addOption(budgetOption())
    .option('--agent <name>', 'the agent the trace is for (claude, codex, opencode, ...)', 'unknown')
    .option('--force', 'rewrite a run even from a state the loop does not re-pack from (READY_FOR_REVIEW)')
    .addOption(jsonOption('the run and the trace'))
    .addOption(verboseOption())
    .action(async (text: string, dir: string | undefined, options: TaskFlags) =>
      runAction(context, options, async (bus) => {
        const { startRun } = await import('../../api/task.js');
        const result = await startRun(text, dir ?? '.', {
          bus,
          ...(await budgetOf(options)),
          ...(options.force ? { force: true } : {}),
          ...(options.agent ? { agent: options.agent } : {}),
        });
        await printResult(context, options, result, async () =>
          (await import('../../report/task.js')).formatStartedRun(result),
        );
        return 0;
      }),
    );
};
