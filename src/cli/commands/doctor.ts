import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const doctorCommand: CommandDefinition = (program, context) => {
  program
    .command('doctor [dir]')
    .summary('check that this machine can run the tool here')
    .description(
      'Check that this machine can run opencode-plusplus here: Node.js version, git, parsers, resolver, tokenizer, and write access to .agent-context/. Exit code 1 when a check fails.',
    )
    .addOption(jsonOption('the checks'))
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async () => {
        const [{ runDoctor }, { parseRepository }] = await Promise.all([
          import('../../api/doctor.js'),
          import('../parse.js'),
        ]);
        // A folder that is not there is a mistyped argument (exit 2), not a failed check.
        const report = await runDoctor(await parseRepository(context.io.cwd, { dir }));
        await printResult(context, options, report, async () =>
          (await import('../../report/doctor.js')).formatDoctor(report),
        );
        return report.ok ? 0 : 1;
      }),
    );
};
