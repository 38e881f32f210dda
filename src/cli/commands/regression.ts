import { Option } from 'commander';
import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';
import { jsonOption } from './options.js';

export const regressionCommand: CommandDefinition = (program, context) => {
  const regression = program
    .command('regression')
    .summary('known issues: fixed bugs that must stay fixed')
    .description(
      'The regression guard and its memory (.agent-context/memory/known-issues.json): each known issue has a signature (file globs, symbols, error text patterns) and the anti-regression test that guards it. When a change touches a signature, the test needs current passing evidence before the loop may close.',
    );

  regression
    .command('list [dir]')
    .description('List the known issues.')
    .addOption(jsonOption('them'))
    .action(async (dir: string | undefined, options: CommonOptions) =>
      runAction(context, options, async () => {
        const issues = await (await import('../../api/regression.js')).regressionList(dir ?? '.');
        if (options.json) writeJson(context.io, issues);
        else if (issues.length === 0) writeLine(context.io.stdout, 'no known issues');
        else
          for (const issue of issues)
            writeLine(
              context.io.stdout,
              `${issue.id}  ${issue.status}  ${issue.title}${issue.test ? `  (test ${issue.test.file})` : ''}`,
            );
        return 0;
      }),
    );

  regression
    .command('add [dir]')
    .description(
      'Record a known issue from a failing test and its fix. --from-trace takes the error text of the trace’s last failing command and the files its edit steps touched.',
    )
    .requiredOption('--title <text>', 'what went wrong, in one line')
    .option('--test <file>', 'the anti-regression test file')
    .option('--test-name <name>', 'the test inside it')
    .option('--test-command <command>', 'how to run just that test')
    .option('--paths <globs...>', 'file globs of the signature')
    .option('--symbols <names...>', 'symbols of the signature')
    .option('--error-pattern <regex...>', 'error text the bug produced (regular expressions)')
    .option('--fix-commit <sha>', 'the commit that fixed it')
    .option('--from-trace <id>', 'derive error pattern and files from this trace')
    .addOption(
      new Option('--status <status>', 'fixed (guarded) or still open')
        .choices(['fixed', 'open'])
        .default('fixed'),
    )
    .addOption(jsonOption('the recorded issue'))
    .action(
      async (
        dir: string | undefined,
        options: CommonOptions & Record<string, string | string[] | undefined>,
      ) =>
        runAction(context, options, async () => {
          const { regressionAdd } = await import('../../api/regression.js');
          const list = (value: string | string[] | undefined) =>
            Array.isArray(value) ? value.flatMap((entry) => entry.split(',')) : [];
          const issue = await regressionAdd(dir ?? '.', {
            title: options.title as string,
            status: options.status as 'fixed' | 'open',
            signature: {
              paths: list(options.paths),
              symbols: list(options.symbols),
              errorPatterns: (options.errorPattern as string[] | undefined) ?? [],
            },
            ...(options.test
              ? {
                  test: {
                    file: options.test as string,
                    ...(options.testName ? { name: options.testName as string } : {}),
                    ...(options.testCommand ? { command: options.testCommand as string } : {}),
                  },
                }
              : {}),
            ...(options.fixCommit ? { fix: { commit: options.fixCommit as string } } : {}),
            ...(options.fromTrace ? { fromTrace: options.fromTrace as string } : {}),
          });
          await printResult(context, options, issue, () => `recorded ${issue.id}: ${issue.title}`);
          return 0;
        }),
    );

  regression
    .command('check [dir]')
    .description(
      'Which known issues the current change touches, and whether each anti-regression test has current passing evidence in the trace. Exit code 1 when one does not.',
    )
    .option(
      '--base <ref>',
      'measure the change against this ref (default: merge-base with main/master, else HEAD)',
    )
    .option('--trace <id>', 'the trace whose evidence counts')
    .addOption(
      new Option('--evidence-policy <policy>', 'how much proof counts').choices([
        'advisory',
        'balanced',
        'strict',
      ]),
    )
    .addOption(jsonOption('the report'))
    .action(
      async (
        dir: string | undefined,
        options: CommonOptions & {
          base?: string;
          trace?: string;
          evidencePolicy?: 'advisory' | 'balanced' | 'strict';
        },
      ) =>
        runAction(context, options, async (bus) => {
          const { regressionCheck } = await import('../../api/regression.js');
          const report = await regressionCheck(dir ?? '.', {
            bus,
            ...(options.base ? { base: options.base } : {}),
            ...(options.trace ? { traceId: options.trace } : {}),
            ...(options.evidencePolicy ? { evidencePolicy: options.evidencePolicy } : {}),
          });
          await printResult(context, options, report, async () =>
            (await import('../../report/guards.js')).formatGuardReport(report),
          );
          return report.findings.some((finding) => finding.severity === 'block') ? 1 : 0;
        }),
    );
};
