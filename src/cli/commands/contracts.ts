import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';
import { baseOf, outputFormat } from './options.js';

interface ValidateOptions extends CommonOptions {
  base?: string;
  format?: string;
  refreshInferred?: boolean;
}

export const validateContractsCommand: CommandDefinition = (program, context) => {
  program
    .command('validate-contracts [dir]')
    .summary('check the contracts: layers, boundaries, protected paths, lockfiles')
    .description(
      `Check the repository against .agent-context/contracts/: layer and module-boundary rules on every import, and, against the base in a git repository, protected and generated paths, lockfiles, .env.example and missing tests. Missing contract files are checked as inference would write them. Works without git. Exit code 1 when a finding is forbidden.`,
    )
    .option(
      '--base <ref>',
      'measure the change rules against this ref (default: merge-base with main/master)',
    )
    .option('--format <format>', 'text, json or sarif (SARIF 2.1.0 for GitHub code scanning)', 'text')
    .option(
      '--refresh-inferred',
      're-infer contract files that are still exactly as inferred (edited ones are kept)',
    )
    .option('--json', 'same as --format json')
    .action(async (dir: string | undefined, options: ValidateOptions) =>
      runAction(context, options, async (bus) => {
        const format = outputFormat(options);
        const { checkContracts } = await import('../../api/impact.js');
        const report = await checkContracts(dir ?? '.', {
          bus,
          ...baseOf(options),
          ...(options.refreshInferred ? { refreshInferred: true } : {}),
        });
        if (format === 'json') writeJson(context.io, report);
        else if (format === 'sarif')
          writeJson(context.io, (await import('../../report/sarif.js')).toSarif(report));
        else
          writeLine(context.io.stdout, (await import('../../report/contracts.js')).formatContracts(report));
        return report.counts.forbidden > 0 ? 1 : 0;
      }),
    );
};
