/**
 * `benchmark-agent`: the same tasks, the same agent, four ways; what the control plane is worth
 * is the difference. Runs in this process, or as jobs on a BullMQ queue that `worker` processes
 * take from any machine; either way the report is the same.
 */
import type { EventBus } from '../../shared/events.js';
import type { AgentPort, AgentSettings } from './agent-port.js';
import { type BenchmarkJob, jobsOf } from './job.js';
import type { AgentMode } from './modes.js';
import { type BenchmarkReport, summarize, type TaskResult } from './results.js';
import { runBenchmarkTask } from './run-task.js';
import { loadSuite, selectTasks } from './suite.js';

export interface BenchmarkAgentOptions {
  modes: AgentMode[];
  /** Task ids to run; all when empty. */
  only?: string[];
  agent: AgentSettings;
  checkTimeoutMs?: number;
  keep?: boolean;
  /** `redis://host:port`: jobs on a queue instead of runs in this process. */
  queue?: string;
  bus: EventBus;
}

export async function benchmarkAgent(
  suiteFile: string,
  options: BenchmarkAgentOptions,
): Promise<BenchmarkReport> {
  const suite = await loadSuite(suiteFile);
  const jobs = jobsOf(suite, selectTasks(suite, options.only), options);
  if (options.queue) {
    const { runOnQueue } = await import('./queue.js');
    return summarize(options.agent.executor, await runOnQueue(options.queue, jobs, options.bus));
  }
  const agents = await defaultAgents();
  await agents.preflight(options.agent, suite.directory);
  const results: TaskResult[] = [];
  for (const [index, job] of jobs.entries()) {
    options.bus.log('info', `[${index + 1}/${jobs.length}] ${job.task.id} (${job.mode})`);
    results.push(await runJob(job, options.agent.env, options.bus, agents, options.keep));
  }
  return summarize(options.agent.executor, results);
}

/** Runs one job here: what the in-process loop and every queue worker call. */
export async function runJob(
  job: BenchmarkJob,
  env: NodeJS.ProcessEnv,
  bus: EventBus,
  agents?: AgentPort,
  keep = false,
): Promise<TaskResult> {
  return runBenchmarkTask(
    job.task,
    job.mode,
    {
      agent: { ...job.agent, env },
      suiteDirectory: job.suiteDirectory,
      checkTimeoutMs: job.checkTimeoutMs,
      keep,
      bus,
    },
    agents ?? (await defaultAgents()),
  );
}

async function defaultAgents(): Promise<AgentPort> {
  return (await import('./agents.js')).orchestratorAgents;
}
