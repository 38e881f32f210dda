import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const freshnessCommand: CommandDefinition = (program, context) => {
  program
    .command('freshness [dir]')
    .summary('can the generated context still be trusted?')
    .description(
      'Can AGENTS.md and .agent-context/ still be trusted? A verdict per component (source, config, tool, index, graph, outputs, contracts, task packs) with the files behind it and the command that fixes it.',
    )
    .option('--check', 'exit 1 unless the context is fresh (for CI and pre-commit hooks)')
    .addOption(jsonOption('the report'))
    .action(async (dir: string | undefined, options: CommonOptions & { check?: boolean }) =>
      runAction(context, options, async (bus) => {
        const { freshness } = await import('../../api/context.js');
        const report = await freshness(dir ?? '.', { bus });
        await printResult(context, options, report, async () =>
          (await import('../../report/lifecycle.js')).formatFreshness(report),
        );
        return options.check && report.verdict !== 'fresh' ? 1 : 0;
      }),
    );
};
