import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const statusCommand: CommandDefinition = (program, context) => {
  program
    .command('status [dir]')
    .summary('what was built, when, and how fresh it is')
    .description(
      'Say what was built, when, how fresh it is now and how many files the last run re-parsed. Exit code 0 whether fresh or stale (use `freshness --check` to gate on it).',
    )
    .addOption(jsonOption('the status'))
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async () => {
        const { status } = await import('../../api/context.js');
        const result = await status(dir ?? '.');
        await printResult(context, options, result, async () =>
          (await import('../../report/context.js')).formatStatus(result),
        );
        return 0;
      }),
    );
};
