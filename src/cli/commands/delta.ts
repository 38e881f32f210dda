import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const deltaCommand: CommandDefinition = (program, context) => {
  program
    .command('delta [dir]')
    .summary('what changed since the last build; writes .agent-context/delta/latest.{json,md} only')
    .description(
      'Report what changed since the last build — files, symbols, import edges, ranking moves — and which generated outputs and task packs to re-read. Writes the delta to .agent-context/delta/latest.json and .agent-context/delta/latest.md (for people); it rewrites no other output: AGENTS.md, the index, the graph and the manifest stay as they are (`evolve` or `update` refresh them).',
    )
    .addOption(jsonOption('the delta'))
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async (bus) => {
        const { delta } = await import('../../api/context.js');
        const result = await delta(dir ?? '.', { bus });
        await printResult(context, options, result, async () =>
          (await import('../../report/lifecycle.js')).formatDeltaResult(result),
        );
        return 0;
      }),
    );
};
