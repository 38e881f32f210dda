/**
 * What one task in one mode came to, and what the modes add up to. One result per (task, mode):
 * results from a queue, from CI matrix jobs or from one machine are joined by that key, so a job
 * retried after a crash is never counted twice.
 */
import { z } from 'zod';
import { AGENT_MODES, type AgentMode } from './modes.js';

export const RESULT_SCHEMA_VERSION = 1;

export const TokenCountSchema = z.strictObject({
  input: z.number().int().min(0),
  output: z.number().int().min(0),
  cachedInput: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type TokenCount = z.infer<typeof TokenCountSchema>;

export const TaskResultSchema = z.strictObject({
  task: z.string(),
  mode: z.enum(AGENT_MODES),
  executor: z.string(),
  /** The hidden check passed on the result tree. */
  solved: z.boolean(),
  /** The run said it was done: the orchestrator finalized, or a one-shot agent exited 0. */
  finalized: z.boolean(),
  /** Said done, but the check fails. Must be 0 in loop mode. */
  falseFinalize: z.boolean(),
  /** Agent runs: 1 for the one-shot modes, the iterations in loop mode. */
  loops: z.number().int().min(0),
  /** Loop mode: the orchestrator's final action (finalize, block, human-review, ...). */
  decision: z.string().optional(),
  tokens: TokenCountSchema,
  costUsd: z.number().min(0),
  wallS: z.number().min(0),
  changedFiles: z.array(z.string()),
  check: z.strictObject({
    exitCode: z.number().int().nullable(),
    timedOut: z.boolean(),
    durationMs: z.number().min(0),
    outputTail: z.string(),
  }),
  /** The run could not be carried out (a missing binary, a clone that failed): not solved. */
  error: z.string().optional(),
});
export type TaskResult = z.infer<typeof TaskResultSchema>;

export interface ModeSummary {
  tasks: number;
  solved: number;
  falseFinalizes: number;
  loops: number;
  tokens: number;
  costUsd: number;
  wallS: number;
}

export interface BenchmarkReport {
  schemaVersion: number;
  executor: string;
  modes: Partial<Record<AgentMode, ModeSummary>>;
  tasks: TaskResult[];
}

export const ReportSchema = z.strictObject({
  schemaVersion: z.literal(RESULT_SCHEMA_VERSION),
  executor: z.string(),
  modes: z.record(z.string(), z.unknown()),
  tasks: z.array(TaskResultSchema),
});

export function resultKey(result: Pick<TaskResult, 'task' | 'mode'>): string {
  return `${result.task}\u0000${result.mode}`;
}

/** The report over `results`: one per (task, mode), sorted by task then mode order; modes summed. */
export function summarize(executor: string, results: readonly TaskResult[]): BenchmarkReport {
  const tasks = [...results].sort(
    (a, b) =>
      (a.task < b.task ? -1 : a.task > b.task ? 1 : 0) ||
      AGENT_MODES.indexOf(a.mode) - AGENT_MODES.indexOf(b.mode),
  );
  const modes: Partial<Record<AgentMode, ModeSummary>> = {};
  for (const mode of AGENT_MODES) {
    const inMode = tasks.filter((result) => result.mode === mode);
    if (inMode.length > 0) modes[mode] = summarizeMode(inMode);
  }
  return { schemaVersion: RESULT_SCHEMA_VERSION, executor, modes, tasks };
}

function summarizeMode(results: readonly TaskResult[]): ModeSummary {
  const sum = (pick: (result: TaskResult) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  return {
    tasks: results.length,
    solved: results.filter((result) => result.solved).length,
    falseFinalizes: results.filter((result) => result.falseFinalize).length,
    loops: sum((result) => result.loops),
    tokens: sum((result) => result.tokens.total),
    costUsd: round(
      sum((result) => result.costUsd),
      6,
    ),
    wallS: round(
      sum((result) => result.wallS),
      1,
    ),
  };
}

export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** A run that could not be carried out: not solved, not finalized, with the reason. */
export function failedResult(
  task: string,
  mode: AgentMode,
  executor: string,
  error: string,
  wallS = 0,
): TaskResult {
  return {
    task,
    mode,
    executor,
    solved: false,
    finalized: false,
    falseFinalize: false,
    loops: 0,
    tokens: { input: 0, output: 0, cachedInput: 0, total: 0 },
    costUsd: 0,
    wallS,
    changedFiles: [],
    check: { exitCode: null, timedOut: false, durationMs: 0, outputTail: '' },
    error,
  };
}
