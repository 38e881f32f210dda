import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';
import { parseCount } from '../parse.js';
import { jsonOption, verboseOption } from './options.js';

const describeBuild =
  'Scan, index and rank the repository and write AGENTS.md (managed block) and .agent-context/. Always a full build: caches are rebuilt, not read. Use `update` for an incremental refresh.';

const describeUpdate =
  'Refresh the context incrementally: only files whose content changed are re-parsed, and nothing is written when sources, config and outputs still match the last build.';

export const buildCommand: CommandDefinition = (program, context) => {
  for (const [name, mode, summary, description] of [
    ['build', 'build', 'build AGENTS.md and .agent-context/ from scratch', describeBuild],
    ['update', 'update', 'refresh the context incrementally', describeUpdate],
  ] as const) {
    program
      .command(`${name} [dir]`)
      .summary(summary)
      .description(description)
      .addOption(jsonOption('the build result'))
      .addOption(verboseOption())
      .option(
        '--wait <seconds>',
        'how long to wait while another build holds the lock (0: exit at once, naming the holder)',
        '60',
      )
      .action(async (dir: string | undefined, options: CommonOptions & { wait: string }) =>
        runAction(context, options, async (bus) => {
          const api = await import('../../api/context.js');
          const result = await api[mode](dir ?? '.', { bus, waitMs: waitSeconds(options.wait) * 1000 });
          if (options.json) writeJson(context.io, result);
          else {
            const { formatBuild } = await import('../../report/context.js');
            writeLine(context.io.stdout, formatBuild(result));
          }
          return 0;
        }),
      );
  }
};

function waitSeconds(value: string): number {
  return parseCount(value, '--wait', 0);
}
