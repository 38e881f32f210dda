import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';
import { BASE_HELP, baseOf } from './options.js';

interface ChangeOptions extends CommonOptions {
  base?: string;
}

export const impactCommand: CommandDefinition = (program, context) => {
  program
    .command('impact [dir]')
    .summary('what a change affects, with a risk score')
    .description(
      `What a change affects: changed files (committed since the base, staged, unstaged, untracked), the files that import them directly and transitively with the import path that makes each one affected, affected modules, files that affect everything, and a risk score with its factors.`,
    )
    .option('--base <ref>', BASE_HELP)
    .option('--json', 'print the report as one JSON document')
    .action(async (dir: string | undefined, options: ChangeOptions) =>
      runAction(context, options, async (bus) => {
        const { impact } = await import('../../api/impact.js');
        const report = await impact(dir ?? '.', { bus, ...baseOf(options) });
        if (options.json) writeJson(context.io, report);
        else writeLine(context.io.stdout, (await import('../../report/impact.js')).formatImpact(report));
        return 0;
      }),
    );
  program
    .command('tests [dir]')
    .summary('which tests prove a change, as runnable commands')
    .description(
      `Which tests prove a change, as commands for the detected runner (vitest, jest, mocha, node:test, pytest, go test, cargo test): minimal (the tests of the changed files), regression (every test that reaches the change, each with the words of the change it mentions) and full confidence (the test contract's full command).`,
    )
    .option('--base <ref>', BASE_HELP)
    .option('--json', 'print the selection as one JSON document')
    .action(async (dir: string | undefined, options: ChangeOptions) =>
      runAction(context, options, async (bus) => {
        const { selectTests } = await import('../../api/impact.js');
        const selection = await selectTests(dir ?? '.', { bus, ...baseOf(options) });
        if (options.json) writeJson(context.io, selection);
        else writeLine(context.io.stdout, (await import('../../report/impact.js')).formatTests(selection));
        return 0;
      }),
    );
};
