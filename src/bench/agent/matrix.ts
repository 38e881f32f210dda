/**
 * For teams whose CI is their fleet: `--emit-matrix` prints one GitHub Actions matrix entry per
 * (task, mode); each matrix job runs `benchmark-agent … --only <task> --modes <mode> --out <dir>`,
 * and `benchmark-agent merge` joins their `results.json` files into the one report.
 */
import { OcppError } from '../../shared/errors.js';
import { pathExists, readTextIfExists } from '../../shared/fs.js';
import { joinPath } from '../../shared/path.js';
import { parseJsonAs } from '../../shared/schema-error.js';
import type { AgentMode } from './modes.js';
import { type BenchmarkReport, ReportSchema, resultKey, summarize, type TaskResult } from './results.js';
import type { BenchmarkTask } from './suite.js';

export interface MatrixEntry {
  task: string;
  mode: AgentMode;
}

/** `strategy.matrix` for GitHub Actions: `{ include: [{ task, mode }, …] }`. */
export function actionsMatrix(
  tasks: readonly BenchmarkTask[],
  modes: readonly AgentMode[],
): { include: MatrixEntry[] } {
  return { include: tasks.flatMap((task) => modes.map((mode) => ({ task: task.id, mode }))) };
}

/** Joins result files (or folders holding `results.json`) into one report. */
export async function mergeResults(paths: readonly string[]): Promise<BenchmarkReport> {
  if (paths.length === 0)
    throw new OcppError('USAGE', 'merge needs at least one results.json (or a folder holding one)');
  const seen = new Map<string, string>();
  const results: TaskResult[] = [];
  let executor: string | undefined;
  for (const path of paths) {
    const report = await readReport(path);
    if (executor !== undefined && report.executor !== executor)
      throw new OcppError(
        'INPUT_INVALID',
        `results for executor "${report.executor}" cannot be merged with "${executor}"`,
        {
          file: path,
        },
      );
    executor = report.executor;
    for (const result of report.tasks) {
      const earlier = seen.get(resultKey(result));
      if (earlier)
        throw new OcppError('INPUT_INVALID', `${result.task} (${result.mode}) is in ${earlier} already`, {
          file: path,
          hint: 'each task and mode must come from one job: drop one of the two files',
        });
      seen.set(resultKey(result), path);
      results.push(result);
    }
  }
  return summarize(executor!, results);
}

async function readReport(path: string): Promise<BenchmarkReport & { tasks: TaskResult[] }> {
  const file = (await pathExists(joinPath(path, 'results.json'))) ? joinPath(path, 'results.json') : path;
  const text = await readTextIfExists(file);
  if (text === undefined) throw new OcppError('NOT_FOUND', 'no such results file', { file });
  const hint = 'merge takes the results.json files that benchmark-agent --out writes';
  return parseJsonAs(ReportSchema, text, file, hint) as BenchmarkReport & { tasks: TaskResult[] };
}
