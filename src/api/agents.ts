/**
 * Agent CLIs outside an orchestrator run: check that an executor can run here, and run one with a
 * prompt. The orchestrator's executor registry does the work (`src/orchestrate/executors/`).
 */
import { resolveExecutor } from '../orchestrate/executors/index.js';
import type { ExecutorSettings } from '../orchestrate/executors/types.js';

export type { RunOnceInput, RunOnceResult } from '../orchestrate/executors/run-once.js';
export { runAgentOnce } from '../orchestrate/executors/run-once.js';
export type { ExecutorSettings };

/** Throws a clear error when `executor` is unknown or its binary is not on PATH; returns nothing. */
export function checkExecutor(
  executor: string,
  settings: ExecutorSettings,
  env: NodeJS.ProcessEnv,
  cwd: string,
): void {
  resolveExecutor(executor, settings, env, cwd);
}
