import { Option } from 'commander';
import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const loopCommand: CommandDefinition = (program, context) => {
  program
    .command('loop <task> [dir]')
    .summary('what now? one next action for the task, and why')
    .description(
      'Combine freshness, contracts, the change and its impact, test selection, the task pack and trace evidence (plus the hallucination and regression guards) into decisions — start-agent, rebuild-context, replan, expand-context, repair-contracts, add-or-update-tests, run-tests, ready-for-review — each with priority, confidence, whether it blocks, the signals behind it, the reason and the command to run. With --write the task’s .agent-context/runs/<task-id>/state.json moves along legal transitions. Exit code 1 when a blocking decision exists.',
    )
    .addOption(
      new Option('--phase <phase>', 'where the agent is')
        .choices(['preflight', 'after-edit', 'repair'])
        .default('preflight'),
    )
    .option(
      '--trace <id>',
      'the trace whose evidence counts (it must belong to this task; default: the one `run` recorded in the task’s state.json)',
    )
    .addOption(
      new Option(
        '--evidence-policy <policy>',
        'how much proof closes a requirement (default: policy.evidence in the config)',
      ).choices(['advisory', 'balanced', 'strict']),
    )
    .option('--base <ref>', 'measure the change against this ref')
    .option('--write', 'move and write the task’s state.json')
    .addOption(jsonOption('the report'))
    .action(
      async (
        task: string,
        dir: string | undefined,
        options: CommonOptions & {
          phase: 'preflight' | 'after-edit' | 'repair';
          trace?: string;
          evidencePolicy?: 'advisory' | 'balanced' | 'strict';
          base?: string;
          write?: boolean;
        },
      ) =>
        runAction(context, options, async (bus) => {
          const { loop } = await import('../../api/loop.js');
          const result = await loop(task, dir ?? '.', {
            bus,
            phase: options.phase,
            ...(options.trace ? { traceId: options.trace } : {}),
            ...(options.evidencePolicy ? { evidencePolicy: options.evidencePolicy } : {}),
            ...(options.base ? { base: options.base } : {}),
            ...(options.write ? { write: true } : {}),
          });
          await printResult(context, options, result, async () =>
            (await import('../../report/loop.js')).formatLoop(result),
          );
          return result.blocked ? 1 : 0;
        }),
    );
};
