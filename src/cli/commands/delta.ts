import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';

export const deltaCommand: CommandDefinition = (program, context) => {
  program
    .command('delta [dir]')
    .summary('what changed since the last build (writes no outputs)')
    .description(
      'Report what changed since the last build — files, symbols, import edges, ranking moves — and which generated outputs and task packs to re-read, without rewriting outputs. Writes .agent-context/delta/latest.{json,md}.',
    )
    .option('--json', 'print the delta as one JSON document')
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async (bus) => {
        const { delta } = await import('../../api/context.js');
        const result = await delta(dir ?? '.', { bus });
        if (options.json) writeJson(context.io, result);
        else
          writeLine(context.io.stdout, (await import('../../report/lifecycle.js')).formatDeltaResult(result));
        return 0;
      }),
    );
};
