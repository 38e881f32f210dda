import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { baseOf, baseOption, jsonOption, shareOf, shareOption } from './options.js';

interface ChangeOptions extends CommonOptions {
  base?: string;
  share?: string;
}

export const impactCommand: CommandDefinition = (program, context) => {
  program
    .command('impact [dir]')
    .summary('what a change affects, with a risk score')
    .description(
      `What a change affects: changed files (committed since the base, staged, unstaged, untracked), the files that import them directly and transitively with the import path that makes each one affected, affected modules, files that affect everything, and a risk score with its factors.`,
    )
    .addOption(baseOption())
    .addOption(jsonOption('the report'))
    .action(async (dir: string | undefined, options: ChangeOptions) =>
      runAction(context, options, async (bus) => {
        const { impact } = await import('../../api/impact.js');
        const report = await impact(dir ?? '.', { bus, ...baseOf(options) });
        await printResult(context, options, report, async () =>
          (await import('../../report/impact.js')).formatImpact(report),
        );
        return 0;
      }),
    );
  program
    .command('tests [dir]')
    .summary('which tests prove a change, as runnable commands')
    .description(
      `Which tests prove a change, as commands for the detected runner (vitest, jest, mocha, node:test, pytest, go test, cargo test): minimal (the tests of the changed files), regression (the tests that reach the change, ranked by the words of the change they mention and by how often they changed together with it in past commits, filling at most a quarter of the suite unless --share says otherwise; the note says how many more reach it) and full confidence (the test contract's full command). A selected file runs only the test cases the change points at when its runner can name them (pytest node ids, go test -run, cargo test filters, vitest/jest -t, mocha --grep, node --test-name-pattern).`,
    )
    .addOption(baseOption())
    .addOption(shareOption())
    .addOption(jsonOption('the selection'))
    .action(async (dir: string | undefined, options: ChangeOptions) =>
      runAction(context, options, async (bus) => {
        const { selectTests } = await import('../../api/impact.js');
        const selection = await selectTests(dir ?? '.', { bus, ...baseOf(options), ...shareOf(options) });
        await printResult(context, options, selection, async () =>
          (await import('../../report/impact.js')).formatTests(selection),
        );
        return 0;
      }),
    );
};
