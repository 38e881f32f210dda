import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const explainCommand: CommandDefinition = (program, context) => {
  program
    .command('explain <file> [dir]')
    .summary('facts, rank and neighbours of one file')
    .description(
      'Show one file: its facts (symbols, exports, routes), its rank and why, what it imports and who imports it. Builds or refreshes the context first when it is missing or stale.',
    )
    .addOption(jsonOption('the explanation'))
    .action(async (file: string, dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async (bus) => {
        const { explain } = await import('../../api/context.js');
        const result = await explain(file, dir ?? '.', { bus });
        await printResult(context, options, result, async () =>
          (await import('../../report/context.js')).formatExplanation(result),
        );
        return 0;
      }),
    );
};
