import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';

export const initCommand: CommandDefinition = (program, context) => {
  program
    .command('init [dir]')
    .summary('set a repository up: config file, then the first build')
    .description(
      'Write opencode-plusplus.config.json (unless a config file exists) with the recommended settings for a new project — the balanced evidence policy: after source or config changes, tests need command or CI evidence — then build the context.',
    )
    .option('--no-build', 'write the config only')
    .option('--json', 'print what was done as one JSON document')
    .action(async (dir: string | undefined, options: CommonOptions & { build: boolean }) =>
      runAction(context, options, async (bus) => {
        const { initRepository } = await import('../../api/context.js');
        const result = await initRepository(dir ?? '.', { bus, build: options.build });
        if (options.json) writeJson(context.io, result);
        else {
          writeLine(
            context.io.stdout,
            result.configWritten ? `wrote ${result.configFile}` : `kept the existing ${result.configFile}`,
          );
          if (result.build)
            writeLine(context.io.stdout, (await import('../../report/context.js')).formatBuild(result.build));
        }
        return 0;
      }),
    );
};
