/**
 * One task in one mode: a fresh copy of its repository, the mode's prompt, the agent (once, or
 * the orchestrator's loop), then the hidden check on what is left in the tree. The agent never
 * sees the check: it is not in the prompt, not in the tree, and runs only after the agent is done.
 */
import { isOcppError } from '../../shared/errors.js';
import type { EventBus } from '../../shared/events.js';
import { makeTemporaryDirectory, removePath } from '../../shared/fs.js';
import { joinPath } from '../../shared/path.js';
import type { AgentPort, AgentSettings, AgentUsage } from './agent-port.js';
import { runCheck } from './check.js';
import type { AgentMode } from './modes.js';
import { prepareContext } from './prompts.js';
import { failedResult, round, type TaskResult } from './results.js';
import type { BenchmarkTask } from './suite.js';
import { prepareWorkspace, workspaceDiff } from './workspace.js';

export interface TaskRunSettings {
  agent: AgentSettings;
  /** The suite's folder: `$OCPP_SUITE_DIR` for the check. */
  suiteDirectory: string;
  checkTimeoutMs: number;
  /** Keep each result tree (its path is logged) instead of deleting it. @default false */
  keep?: boolean;
  bus: EventBus;
}

export async function runBenchmarkTask(
  task: BenchmarkTask,
  mode: AgentMode,
  settings: TaskRunSettings,
  agents: AgentPort,
): Promise<TaskResult> {
  const started = Date.now();
  const scratch = await makeTemporaryDirectory(`ocpp-bench-${task.id}-${mode}-`);
  const tree = joinPath(scratch, 'tree');
  try {
    return await runIn(tree, task, mode, settings, agents, started);
  } catch (error) {
    if (!isOcppError(error)) throw error;
    return failedResult(
      task.id,
      mode,
      settings.agent.executor,
      error.describe(),
      round((Date.now() - started) / 1000, 1),
    );
  } finally {
    if (settings.keep) settings.bus.log('info', `kept ${task.id} (${mode}) in ${tree}`);
    else await removePath(scratch);
  }
}

async function runIn(
  tree: string,
  task: BenchmarkTask,
  mode: AgentMode,
  settings: TaskRunSettings,
  agents: AgentPort,
  started: number,
): Promise<TaskResult> {
  const { bus } = settings;
  bus.log('info', `${task.id} (${mode}): preparing a fresh copy`);
  const cloned = await prepareWorkspace(task, tree);
  const { prompt, baseline } = await prepareContext(task, mode, tree, settings.agent.executor, bus, cloned);
  bus.log('info', `${task.id} (${mode}): running ${settings.agent.executor}`);
  const outcome =
    mode === 'loop'
      ? await agents.orchestrate({
          task: task.task,
          cwd: tree,
          maxLoops: task.maxLoops,
          settings: settings.agent,
          bus,
        })
      : await agents.runOnce({ prompt, cwd: tree, settings: settings.agent, bus });
  const check = await runCheck(task.check, tree, settings.suiteDirectory, settings.checkTimeoutMs);
  const { files } = await workspaceDiff(tree, baseline);
  bus.log(
    'info',
    `${task.id} (${mode}): ${check.passed ? 'solved' : 'not solved'} (check exit ${check.exitCode})`,
  );
  return {
    task: task.id,
    mode,
    executor: settings.agent.executor,
    solved: check.passed,
    finalized: outcome.finalized,
    falseFinalize: outcome.finalized && !check.passed,
    loops: outcome.loops,
    ...(outcome.decision ? { decision: outcome.decision } : {}),
    ...usageFields(outcome.usage),
    wallS: round((Date.now() - started) / 1000, 1),
    changedFiles: files,
    check: {
      exitCode: check.exitCode,
      timedOut: check.timedOut,
      durationMs: check.durationMs,
      outputTail: check.outputTail,
    },
    ...(outcome.error ? { error: outcome.error } : {}),
  };
}

function usageFields(usage: AgentUsage): Pick<TaskResult, 'tokens' | 'costUsd'> {
  const { inputTokens: input, outputTokens: output, cachedInputTokens: cachedInput } = usage;
  return { tokens: { input, output, cachedInput, total: input + output }, costUsd: round(usage.costUsd, 6) };
}
