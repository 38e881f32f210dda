import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';

export const driftCommand: CommandDefinition = (program, context) => {
  program
    .command('drift [dir]')
    .summary('where generated context and the tree disagree')
    .description(
      'Find where generated context and the tree disagree: outputs edited by hand, a graph that no longer matches the sources, task packs naming files that moved or vanished, contracts pointing at folders that are gone. Exit 1 when there is drift.',
    )
    .option('--json', 'print the findings as one JSON document')
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async (bus) => {
        const { drift } = await import('../../api/context.js');
        const report = await drift(dir ?? '.', { bus });
        if (options.json) writeJson(context.io, report);
        else writeLine(context.io.stdout, (await import('../../report/lifecycle.js')).formatDrift(report));
        return report.drifted ? 1 : 0;
      }),
    );
};
