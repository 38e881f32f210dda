import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption, verboseOption } from './options.js';

interface SearchFlags extends CommonOptions {
  top?: string;
}

export const ragCommand: CommandDefinition = (program, context) => {
  const rag = program
    .command('rag')
    .summary('search the indexed chunks: definitions, doc sections, code')
    .description('Search the indexed chunks of the repository (definitions, doc sections, code).');
  rag
    .command('search <query> [dir]')
    .description(
      'Print the chunks (definitions, doc sections, code windows) that best match a query, as file:line with\na snippet. Builds or refreshes the context first when it is missing or stale (said on stderr).',
    )
    .option('--top <n>', 'how many matches to print (default 10)')
    .addOption(jsonOption('the matches'))
    .addOption(verboseOption())
    .action(async (query: string, dir: string | undefined, options: SearchFlags) =>
      runAction(context, options, async (bus) => {
        const { parseCount } = await import('../parse.js');
        const { ragSearch } = await import('../../api/retrieval.js');
        const top = options.top === undefined ? undefined : parseCount(options.top, '--top');
        const result = await ragSearch(query, dir ?? '.', { bus, ...(top === undefined ? {} : { top }) });
        await printResult(context, options, result, async () =>
          (await import('../../report/retrieval.js')).formatSearch(result),
        );
        return 0;
      }),
    );
};
