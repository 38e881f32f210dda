/** The body of `benchmark-agent`, loaded only when it runs: flags to options, the run, the output. */
import type { BenchmarkAgentOptions } from '../bench/agent/index.js';
import type { AgentMode } from '../bench/agent/modes.js';
import type { BenchmarkReport } from '../bench/agent/results.js';
import { usageError } from '../shared/errors.js';
import type { EventBus } from '../shared/events.js';
import type { CommandContext, CommonOptions } from './command.js';
import { type CliIO, writeJson, writeLine } from './io.js';
import { parseCount } from './parse.js';

export interface BenchmarkAgentCliOptions extends CommonOptions {
  executor?: string;
  modes?: string;
  only?: string;
  model?: string;
  executorArg?: string[];
  executorBin?: string;
  command?: string;
  script?: string;
  timeout?: string;
  checkTimeout?: string;
  out?: string;
  queue?: string;
  emitMatrix?: boolean;
  keep?: boolean;
}

export async function runBenchmarkAgentCommand(
  suite: string | undefined,
  flags: BenchmarkAgentCliOptions,
  context: CommandContext & { bus: EventBus },
): Promise<number> {
  if (!suite)
    throw usageError('benchmark-agent needs a suite file', 'benchmark-agent suite.json --executor claude');
  const [{ parseModes }, { benchmarkAgent }] = await Promise.all([
    import('../bench/agent/modes.js'),
    import('../bench/agent/index.js'),
  ]);
  const modes = parseModes(flags.modes);
  const only = flags.only
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (flags.emitMatrix) return emitMatrix(suite, modes, only, context.io);
  const options: BenchmarkAgentOptions = {
    modes,
    ...(only ? { only } : {}),
    agent: {
      executor: flags.executor ?? 'claude',
      extraArgs: flags.executorArg ?? [],
      env: { ...process.env, ...context.io.env },
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.executorBin ? { bin: flags.executorBin } : {}),
      ...(flags.command ? { command: flags.command } : {}),
      ...(flags.script ? { script: flags.script } : {}),
      ...(flags.timeout ? { timeoutMs: parseCount(flags.timeout, '--timeout') * 1000 } : {}),
    },
    ...(flags.checkTimeout
      ? { checkTimeoutMs: parseCount(flags.checkTimeout, '--check-timeout') * 1000 }
      : {}),
    ...(flags.keep ? { keep: true } : {}),
    ...(flags.queue ? { queue: flags.queue } : {}),
    bus: context.bus,
  };
  if (flags.queue) (await import('../bench/agent/queue.js')).redisConnection(flags.queue);
  const report = await benchmarkAgent(suite, options);
  return printReport(report, flags, context.io);
}

async function emitMatrix(
  suite: string,
  modes: AgentMode[],
  only: string[] | undefined,
  io: CliIO,
): Promise<number> {
  const [{ loadSuite, selectTasks }, { actionsMatrix }] = await Promise.all([
    import('../bench/agent/suite.js'),
    import('../bench/agent/matrix.js'),
  ]);
  const loaded = await loadSuite(suite);
  writeJson(io, actionsMatrix(selectTasks(loaded, only), modes));
  return 0;
}

/** Writes `--out`, prints JSON or Markdown; exit 1 when loop mode finalized a change its check rejects. */
export async function printReport(
  report: BenchmarkReport,
  flags: CommonOptions & { out?: string },
  io: CliIO,
): Promise<number> {
  const { formatAgentBenchmark } = await import('../report/benchmark-agent.js');
  if (flags.out) await writeReport(flags.out, report, formatAgentBenchmark(report));
  if (flags.json) writeJson(io, report);
  else writeLine(io.stdout, formatAgentBenchmark(report).trimEnd());
  return (report.modes.loop?.falseFinalizes ?? 0) > 0 ? 1 : 0;
}

/** `--out DIR`: the report as JSON (results.json, what `merge` reads) and as Markdown (report.md). */
async function writeReport(directory: string, report: BenchmarkReport, markdown: string): Promise<void> {
  const [{ ensureDirectory, writeFileAtomic }, { formatJsonFile }, { joinPath }] = await Promise.all([
    import('../shared/fs.js'),
    import('../shared/json.js'),
    import('../shared/path.js'),
  ]);
  await ensureDirectory(directory);
  await writeFileAtomic(joinPath(directory, 'results.json'), formatJsonFile(report));
  await writeFileAtomic(joinPath(directory, 'report.md'), markdown);
}
