import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption, shareOf, shareOption, verboseOption } from './options.js';

interface BenchmarkFlags extends CommonOptions {
  commits?: string;
  budget?: string;
  scan?: string;
  share?: string;
}

const description = `Replay this repository's recent commits as retrieval tasks: each commit that changed 1-4 source
files becomes a case (task = its message, gold = those files), checked out at its parent in a temporary
worktree with a cold build. Prints recall@1/3/5/10, MRR, the share of gold files inside the packed budget
and the time per query, next to a plain-BM25 ablation. Nothing in the repository is changed.`;

export const benchmarkCommand: CommandDefinition = (program, context) => {
  const benchmark = program
    .command('benchmark')
    .summary('measure opencode-plusplus on a repository')
    .description('Measure opencode-plusplus on a repository.');
  benchmark
    .command('retrieval [dir]')
    .description(description)
    .option('--commits <n>', 'how many qualifying commits to replay (default 20)')
    .option('--budget <tokens>', 'pack budget for the packed-share figure (default 12000)')
    .option('--scan <n>', 'how many commits of history to look through (default 400)')
    .addOption(jsonOption('the figures and every case'))
    .addOption(verboseOption())
    .action(async (dir: string | undefined, options: BenchmarkFlags) =>
      runAction(context, options, async (bus) => {
        const { parseCount } = await import('../parse.js');
        const { benchmarkRetrieval } = await import('../../bench/retrieval.js');
        const result = await benchmarkRetrieval(dir ?? '.', {
          bus,
          ...(options.commits ? { commits: parseCount(options.commits, '--commits') } : {}),
          ...(options.budget ? { budget: parseCount(options.budget, '--budget') } : {}),
          ...(options.scan ? { scan: parseCount(options.scan, '--scan') } : {}),
        });
        await printResult(context, options, result, async () =>
          (await import('../../report/benchmark.js')).formatRetrievalBenchmark(result),
        );
        return 0;
      }),
    );
  benchmark
    .command('tests [dir]')
    .description(
      "Replay commits that changed source and tests (or the test data under them: snapshots, fixture cases) together: each commit's source changes alone are applied to its parent in a temporary worktree and `tests` is asked which tests prove them. Prints the recall of the commit's own (pre-existing) tests, and of the tests that name a test-data file it changed, at the minimal and regression level, the selection sizes and the share of the suite selected, for test files and for test cases (the cases the commit changed; the suite counted in cases). Rust: a file under tests/ that holds no test (a helper module, a target root that only declares modules) counts as run when a test of its target runs; one no target compiles (a trybuild input) is test data; a changed test of a crate that neither is nor depends on a changed crate is left out (its binary cannot run the change) and counted. Nothing in the repository is changed.",
    )
    .option('--commits <n>', 'how many qualifying commits to replay (default 20)')
    .option('--scan <n>', 'how many commits of history to look through (default 400)')
    .addOption(shareOption())
    .addOption(jsonOption('the figures and every case'))
    .action(async (dir: string | undefined, options: BenchmarkFlags) =>
      runAction(context, options, async (bus) => {
        const { parseCount } = await import('../parse.js');
        const { benchmarkTests, formatTestsBenchmark } = await import('../../bench/tests.js');
        const result = await benchmarkTests(dir ?? '.', {
          bus,
          ...(options.commits ? { commits: parseCount(options.commits, '--commits') } : {}),
          ...(options.scan ? { scan: parseCount(options.scan, '--scan') } : {}),
          ...shareOf(options),
        });
        await printResult(context, options, result, () => formatTestsBenchmark(result));
        return 0;
      }),
    );
  benchmark
    .command('gate [dir]')
    .description(
      'Apply mutations to a clean checkout of HEAD (an import of an undeclared package in each language the tree has, a moved file whose importers are not updated, a removed export that an importer still takes (JavaScript: through ESM, CommonJS destructuring or a member; Python: a from-import or a module attribute; Go: pkg.Name from another package; Rust: a use declaration), a hand-edited lockfile, an edited generated file, an edited protected path, a deleted test that covered the change) and replay real commits as changes that must pass (one the clone cannot check out is replaced by the next); `verify` judges each. Prints false PASS (must be 0) and false blocks per kind. Nothing in the repository is changed.',
    )
    .option('--commits <n>', 'how many real commits to replay as must-pass changes (default 20)')
    .addOption(jsonOption('the figures and every case'))
    .action(async (dir: string | undefined, options: BenchmarkFlags) =>
      runAction(context, options, async (bus) => {
        const { parseCount } = await import('../parse.js');
        const { benchmarkGate, formatGateBenchmark } = await import('../../bench/gate.js');
        const result = await benchmarkGate(dir ?? '.', {
          bus,
          ...(options.commits ? { commits: parseCount(options.commits, '--commits') } : {}),
        });
        await printResult(context, options, result, () => formatGateBenchmark(result));
        return 0;
      }),
    );
};
