/**
 * The run's options, validated before anything touches the disk: a task, a known executor whose
 * binary exists (or whose script parses), a loop budget, a checkpoint the repository supports.
 */

import type { FailOn } from '../policy/evaluate.js';
import { usageError } from '../shared/errors.js';
import { gitTopLevel } from '../shared/git.js';
import { resolveAbsolute } from '../shared/path.js';
import type { EvidencePolicy } from '../trace/evidence.js';
import { resolveExecutor } from './executors/index.js';
import { readMockScript } from './executors/mock.js';
import type { ExecutorSettings } from './executors/types.js';
import type { Checkpoint, RunOptions } from './types.js';

/** What a caller asks for, before validation (`RunOptions` is the validated, persisted form). */
export interface RequestedOptions {
  /** @default `claude` */
  executor?: string;
  /** @default 3 */
  maxLoops?: number;
  model?: string;
  /** Appended before the prompt, in order. */
  executorArgs?: string[];
  executorBin?: string;
  /** `command` executor: the argv template. */
  command?: string;
  /** `mock` executor: the script file. */
  script?: string;
  evidencePolicy?: EvidencePolicy;
  failOn?: FailOn;
  /** @default `git-worktree` in a git repository, else `none` */
  checkpoint?: Checkpoint;
  apply?: boolean;
  timeoutMs?: number;
  /** @default 3, never above 10 */
  reflectionDepth?: number;
}

export const MAX_LOOPS_CAP = 50;

export async function runOptionsOf(
  task: string,
  home: string,
  requested: RequestedOptions,
  env: NodeJS.ProcessEnv,
): Promise<RunOptions> {
  if (!task.trim())
    throw usageError(
      'a task description is required',
      'orchestrate "<what the agent should do>" [dir] --executor <name>',
    );
  const executor = requested.executor ?? 'claude';
  const maxLoops = requested.maxLoops ?? 3;
  if (!Number.isInteger(maxLoops) || maxLoops < 1 || maxLoops > MAX_LOOPS_CAP)
    throw usageError(
      `--max-loops must be a whole number from 1 to ${MAX_LOOPS_CAP}, got ${requested.maxLoops}`,
    );
  const reflectionDepth = requested.reflectionDepth ?? 3;
  if (!Number.isInteger(reflectionDepth) || reflectionDepth < 1 || reflectionDepth > 10)
    throw usageError(`the reflection depth must be from 1 to 10, got ${reflectionDepth}`);
  const settings = settingsOf(requested);
  resolveExecutor(executor, settings, env, home);
  if (executor === 'mock' && settings.script) await readMockScript(settings.script);
  const git = Boolean(await gitTopLevel(home));
  const checkpoint = requested.checkpoint ?? (git ? 'git-worktree' : 'none');
  if (checkpoint === 'git-worktree' && !git)
    throw usageError(
      `${home} is not a git repository: a worktree sandbox needs one`,
      'run `git init` and commit, or pass --checkpoint none',
    );
  return {
    task,
    executor,
    settings,
    maxLoops,
    ...(requested.evidencePolicy ? { evidencePolicy: requested.evidencePolicy } : {}),
    ...(requested.failOn ? { failOn: requested.failOn } : {}),
    checkpoint,
    apply: requested.apply ?? false,
    reflectionDepth,
  };
}

function settingsOf(requested: RequestedOptions): ExecutorSettings {
  return {
    extraArgs: requested.executorArgs ?? [],
    ...(requested.model ? { model: requested.model } : {}),
    ...(requested.executorBin
      ? {
          bin: requested.executorBin.includes('/')
            ? resolveAbsolute(requested.executorBin)
            : requested.executorBin,
        }
      : {}),
    ...(requested.command ? { commandTemplate: requested.command } : {}),
    ...(requested.script ? { script: resolveAbsolute(requested.script) } : {}),
    ...(requested.timeoutMs ? { timeoutMs: requested.timeoutMs } : {}),
  };
}
