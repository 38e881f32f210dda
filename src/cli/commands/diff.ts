import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';

export const diffCommand: CommandDefinition = (program, context) => {
  program
    .command('diff <a> <b>')
    .summary('compare two builds')
    .description(
      'Compare two builds — each a repository, an .agent-context folder or a manifest.json (e.g. built in worktrees of two commits) — in the terms of `delta`.',
    )
    .option('--json', 'print the delta as one JSON document')
    .action(async (a: string, b: string, options: CommonOptions) =>
      runAction(context, options, async () => {
        const { diff } = await import('../../api/context.js');
        const result = await diff(a, b);
        if (options.json) writeJson(context.io, result);
        else writeLine(context.io.stdout, (await import('../../report/lifecycle.js')).formatDelta(result));
        return 0;
      }),
    );
};
