/**
 * What the benchmark needs of an agent: one run with a prompt, or the orchestrator's loop. The
 * benchmark never talks to an agent CLI itself; `agents.ts` answers through the orchestrator's
 * executor registry, so every executor the orchestrator knows is one the benchmark can measure.
 */
import type { EventBus } from '../../shared/events.js';

export interface AgentSettings {
  executor: string;
  model?: string;
  /** `--executor-arg`, repeatable, in order. */
  extraArgs: string[];
  /** `--executor-bin`. */
  bin?: string;
  /** The `command` executor's argv template. */
  command?: string;
  /** The `mock` executor's script file. */
  script?: string;
  /** One agent run's time limit. */
  timeoutMs?: number;
  env: NodeJS.ProcessEnv;
}

export interface AgentUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costUsd: number;
}

export interface AgentOutcome {
  /** The run said it was done: the orchestrator finalized, or a one-shot agent exited 0. */
  finalized: boolean;
  loops: number;
  /** Loop mode: the orchestrator's final action. */
  decision?: string;
  usage: AgentUsage;
  /** Why the agent could not run at all; the task is then not solved. */
  error?: string;
}

export interface OneShotInput {
  prompt: string;
  cwd: string;
  settings: AgentSettings;
  bus: EventBus;
}

export interface LoopInput {
  task: string;
  cwd: string;
  maxLoops: number;
  settings: AgentSettings;
  bus: EventBus;
}

export interface AgentPort {
  /** Throws a clear error when the executor cannot run here (unknown name, binary not on PATH). */
  preflight(settings: AgentSettings, cwd: string): Promise<void>;
  runOnce(input: OneShotInput): Promise<AgentOutcome>;
  orchestrate(input: LoopInput): Promise<AgentOutcome>;
}

export function noUsage(): AgentUsage {
  return { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, costUsd: 0 };
}
