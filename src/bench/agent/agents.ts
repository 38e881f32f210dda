/**
 * The benchmark's agents are the orchestrator's executors: one run with a prompt goes through the
 * executor registry exactly as an orchestrator iteration does (no shell, its own process group,
 * the stream normalized into events); loop mode is `orchestrate` itself, with the patch applied
 * to the result tree only when the run finalizes.
 */
import { checkExecutor, type ExecutorSettings, runAgentOnce } from '../../api/agents.js';
import { orchestrate } from '../../api/orchestrate.js';
import { makeTemporaryDirectory, readJsonIfExists, removePath } from '../../shared/fs.js';
import { absolutePath } from '../../shared/path.js';
import type { AgentPort, AgentSettings, AgentUsage } from './agent-port.js';

export const orchestratorAgents: AgentPort = {
  async preflight(settings, cwd) {
    checkExecutor(settings.executor, executorSettings(settings), settings.env, cwd);
  },
  async runOnce({ prompt, cwd, settings, bus }) {
    const scratch = await makeTemporaryDirectory('ocpp-bench-run-');
    try {
      const run = await runAgentOnce({
        executor: settings.executor,
        settings: executorSettings(settings),
        prompt,
        cwd,
        scratch,
        env: settings.env,
        bus,
      });
      const stoppedEarly = run.stop !== 'exited' && run.stop !== 'in-process';
      return {
        finalized: run.exitCode === 0 && !stoppedEarly,
        loops: 1,
        usage: run.summary.usage,
        ...(stoppedEarly ? { decision: `stopped: ${run.stop}` } : {}),
      };
    } finally {
      await removePath(scratch);
    }
  },
  async orchestrate({ task, cwd, maxLoops, settings, bus }) {
    const result = await orchestrate(task, cwd, {
      executor: settings.executor,
      maxLoops,
      apply: true,
      executorArgs: settings.extraArgs,
      ...(settings.model ? { model: settings.model } : {}),
      ...(settings.bin ? { executorBin: settings.bin } : {}),
      ...(settings.command ? { command: settings.command } : {}),
      ...(settings.script ? { script: settings.script } : {}),
      ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
      env: settings.env,
      bus,
    });
    const usages = await Promise.all(
      result.iterations.map((iteration) => iterationUsage(cwd, iteration.dir)),
    );
    const action = result.decision?.action ?? 'none';
    return {
      finalized: action === 'finalize',
      loops: result.iterations.length,
      decision: action,
      usage: sumUsage(usages),
    };
  },
};

function executorSettings(settings: AgentSettings): ExecutorSettings {
  return {
    extraArgs: settings.extraArgs,
    ...(settings.model ? { model: settings.model } : {}),
    ...(settings.bin ? { bin: settings.bin } : {}),
    ...(settings.command ? { commandTemplate: settings.command } : {}),
    ...(settings.script ? { script: settings.script } : {}),
    ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
  };
}

/** The tokens and cost one orchestrator iteration's executor reported (executor.result.json). */
async function iterationUsage(cwd: string, iterationDir: string): Promise<AgentUsage | undefined> {
  const file = absolutePath(cwd, `${iterationDir}/executor.result.json`);
  const result = (await readJsonIfExists(file)) as { summary?: { usage?: AgentUsage } } | undefined;
  return result?.summary?.usage;
}

function sumUsage(usages: ReadonlyArray<AgentUsage | undefined>): AgentUsage {
  const total: AgentUsage = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, costUsd: 0 };
  for (const usage of usages) {
    if (!usage) continue;
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
    total.cachedInputTokens += usage.cachedInputTokens;
    total.costUsd += usage.costUsd;
  }
  return total;
}
