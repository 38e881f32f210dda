import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const diffCommand: CommandDefinition = (program, context) => {
  program
    .command('diff <a> <b>')
    .summary('compare two builds')
    .description(
      'Compare two builds — each a repository, an .agent-context folder or a manifest.json (e.g. built in worktrees of two commits) — in the terms of `delta`.',
    )
    .addOption(jsonOption('the delta'))
    .action(async (a: string, b: string, options: CommonOptions) =>
      runAction(context, options, async () => {
        const { diff } = await import('../../api/context.js');
        const result = await diff(a, b);
        await printResult(context, options, result, async () =>
          (await import('../../report/lifecycle.js')).formatDelta(result),
        );
        return 0;
      }),
    );
};
