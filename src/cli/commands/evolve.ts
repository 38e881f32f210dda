import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const evolveCommand: CommandDefinition = (program, context) => {
  program
    .command('evolve [dir]')
    .summary('refresh from the caches and record the delta')
    .description(
      'Refresh the context from the caches, rewriting only outputs whose bytes change; print cache hits and misses and what was rewritten, and write the delta to .agent-context/delta/latest.{json,md}.',
    )
    .addOption(jsonOption('the result'))
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async (bus) => {
        const { evolve } = await import('../../api/context.js');
        const result = await evolve(dir ?? '.', { bus });
        await printResult(context, options, result, async () =>
          (await import('../../report/lifecycle.js')).formatEvolve(result),
        );
        return 0;
      }),
    );
};
