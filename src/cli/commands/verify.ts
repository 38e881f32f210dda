import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';
import { baseOf, baseOption, outputFormat } from './options.js';

interface VerifyOptions extends CommonOptions {
  base?: string;
  task?: string;
  format?: string;
}

export const verifyCommand: CommandDefinition = (program, context) => {
  program
    .command('verify [dir]')
    .summary('one report of a change: impact, tests, contract findings, risk')
    .description(
      `One report of a change: changed files, affected modules, the tests to run (minimal, regression, full), contract findings in the changed files, what is missing (tests, lockfile, env example) and the risk score. Writes .agent-context/verify.json and verify.md, and with --task the task run's verify.md, impact.md and tests.md. Exit code 1 when a finding is forbidden.`,
    )
    .addOption(baseOption())
    .option('--task <id>', 'also write into .agent-context/runs/<id>/')
    .option('--format <format>', 'text, json or sarif (the contract findings as SARIF 2.1.0)', 'text')
    .option('--json', 'same as --format json')
    .action(async (dir: string | undefined, options: VerifyOptions) =>
      runAction(context, options, async (bus) => {
        const format = outputFormat(options);
        const { verify } = await import('../../api/impact.js');
        const report = await verify(dir ?? '.', {
          bus,
          ...baseOf(options),
          ...(options.task === undefined ? {} : { task: options.task }),
        });
        if (format === 'json') writeJson(context.io, report);
        else if (format === 'sarif') {
          const { toSarif } = await import('../../report/sarif.js');
          writeJson(context.io, toSarif(report.contracts));
        } else writeLine(context.io.stdout, (await import('../../report/impact.js')).formatVerify(report));
        return report.verdict === 'fail' ? 1 : 0;
      }),
    );
};
