import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const driftCommand: CommandDefinition = (program, context) => {
  program
    .command('drift [dir]')
    .summary('where generated context and the tree disagree')
    .description(
      'Find where generated context and the tree disagree: outputs edited by hand, a graph that no longer matches the sources, task packs naming files that moved or vanished, contracts pointing at folders that are gone. Exit 1 when there is drift.',
    )
    .addOption(jsonOption('the findings'))
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async (bus) => {
        const { drift } = await import('../../api/context.js');
        const report = await drift(dir ?? '.', { bus });
        await printResult(context, options, report, async () =>
          (await import('../../report/lifecycle.js')).formatDrift(report),
        );
        return report.drifted ? 1 : 0;
      }),
    );
};
