import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption, verboseOption } from './options.js';

interface RetrieveFlags extends CommonOptions {
  top?: string;
  tests?: string;
  ablation?: string;
}

const description = `List the files to read for a task, best first, each with the reasons it was chosen, and the
tests that cover them (in their own list). No token budget: see \`pack\` for that.
Builds or refreshes the context first when it is missing or stale (said on stderr).`;

export const retrieveCommand: CommandDefinition = (program, context) => {
  program
    .command('retrieve <task> [dir]')
    .summary('the files to read for a task, best first, with reasons')
    .description(description)
    .option('--top <n>', 'how many files to list (default: retrieve.top in the config, 20)')
    .option('--tests <n>', 'how many tests to list (default: retrieve.tests in the config, 10)')
    .option('--ablation <name>', 'rank with a baseline instead: plain-bm25 (one BM25 field, no other signal)')
    .addOption(jsonOption('the ranking'))
    .addOption(verboseOption())
    .action(async (task: string, dir: string | undefined, options: RetrieveFlags) =>
      runAction(context, options, async (bus) => {
        const { parseCount } = await import('../parse.js');
        const { retrieve } = await import('../../api/retrieval.js');
        if (options.ablation !== undefined && options.ablation !== 'plain-bm25') {
          const { usageError } = await import('../../shared/errors.js');
          throw usageError(`unknown --ablation ${options.ablation}`, 'the only ablation is plain-bm25');
        }
        const result = await retrieve(task, dir ?? '.', {
          bus,
          ...(options.top !== undefined ? { top: parseCount(options.top, '--top') } : {}),
          ...(options.tests !== undefined ? { tests: parseCount(options.tests, '--tests', 0) } : {}),
          ...(options.ablation ? { mode: 'plain-bm25' as const } : {}),
        });
        await printResult(context, options, result, async () =>
          (await import('../../report/retrieval.js')).formatRetrieval(result),
        );
        return 0;
      }),
    );
};
