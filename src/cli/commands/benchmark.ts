import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';

interface BenchmarkFlags extends CommonOptions {
  commits?: string;
  budget?: string;
  scan?: string;
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
    .option('--json', 'print the figures and every case as one JSON document')
    .option('--verbose', 'print debug log lines on stderr')
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
        if (options.json) writeJson(context.io, result);
        else
          writeLine(
            context.io.stdout,
            (await import('../../report/benchmark.js')).formatRetrievalBenchmark(result),
          );
        return 0;
      }),
    );
};
