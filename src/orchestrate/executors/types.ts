/**
 * What an executor is: a declarative entry in the registry. A process executor names its binary,
 * an argv template (never run through a shell) and a normalizer of its stdout; the `mock`
 * executor runs in process instead.
 */
import type { AgentEvent, StreamNormalizer } from './events.js';

/** The placeholders an argv template may use. */
export const PLACEHOLDERS = ['prompt', 'promptFile', 'task', 'repo', 'runDir'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

export interface ExecutorSettings {
  /** `--model`: reaches the CLI through its own model flag. */
  model?: string;
  /** `--executor-arg`, repeatable: appended before the prompt. */
  extraArgs: string[];
  /** `--executor-bin`: the binary to run instead of the one found on PATH. */
  bin?: string;
  /** `command`: the argv template, as typed (`node agent.mjs {promptFile}`). */
  commandTemplate?: string;
  /** `mock`: the script file. */
  script?: string;
  /** Whole-process timeout. @default 30 minutes */
  timeoutMs?: number;
  /** Bytes of stdout read before the executor is stopped. @default 32 MiB */
  maxOutputBytes?: number;
}

export interface ProcessExecutor {
  kind: 'process';
  name: string;
  summary: string;
  /** Looked up on PATH unless `--executor-bin` says otherwise. */
  bin: string;
  /** How to install the binary, for the error when it is missing. */
  install: string;
  /** The argv after the binary, with placeholders. */
  template(settings: ExecutorSettings): string[];
  /** Variables added to the inherited environment (never replacing the user's provider settings). */
  env?: Record<string, string>;
  createNormalizer(): StreamNormalizer;
}

export interface InProcessRun {
  events: AgentEvent[];
  exitCode: number;
}

export interface InProcessExecutor {
  kind: 'in-process';
  name: string;
  summary: string;
  run(values: PlaceholderValues, settings: ExecutorSettings, iteration: number): Promise<InProcessRun>;
}

export type ExecutorDefinition = ProcessExecutor | InProcessExecutor;
