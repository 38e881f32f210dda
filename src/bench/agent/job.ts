/** One unit of work for the benchmark: a task in a mode. The queue's job payload is exactly this. */
import type { AgentSettings } from './agent-port.js';
import { DEFAULT_CHECK_TIMEOUT_MS } from './check.js';
import type { AgentMode } from './modes.js';
import type { BenchmarkSuite, BenchmarkTask } from './suite.js';

export interface BenchmarkJob {
  schemaVersion: 1;
  suiteDirectory: string;
  task: BenchmarkTask;
  mode: AgentMode;
  agent: Omit<AgentSettings, 'env'>;
  checkTimeoutMs: number;
}

export interface JobOptions {
  modes: AgentMode[];
  agent: AgentSettings;
  checkTimeoutMs?: number;
}

/** Every (task, mode) pair, tasks in suite order; the environment stays with the process that runs the job. */
export function jobsOf(
  suite: BenchmarkSuite,
  tasks: readonly BenchmarkTask[],
  options: JobOptions,
): BenchmarkJob[] {
  const { env: _env, ...agent } = options.agent;
  return tasks.flatMap((task) =>
    options.modes.map((mode) => ({
      schemaVersion: 1 as const,
      suiteDirectory: suite.directory,
      task,
      mode,
      agent,
      checkTimeoutMs: options.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS,
    })),
  );
}
