/**
 * `orchestrate`: a coding agent in a sandbox, held against the evidence gates, until the change
 * finalizes, blocks, or needs a person. The stage (`src/orchestrate/`) does the work; this file
 * validates the call and hands it the library's own stage calls.
 */

import type { StagePorts } from '../orchestrate/ports.js';
import type { Checkpoint, OrchestrateResult } from '../orchestrate/types.js';
import type { FailOn } from '../policy/evaluate.js';
import type { EventBus } from '../shared/events.js';
import type { EvidencePolicy } from '../trace/evidence.js';

export type { AgentEvent } from '../orchestrate/executors/events.js';
export type { Candidate, Decision, OrchestrateResult, OrchestratorAction } from '../orchestrate/types.js';

export interface OrchestrateOptions {
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
  /** Continue this run instead of starting one. */
  resume?: string;
  /** With `resume`: a person's answer to the run's question. */
  answer?: string;
  timeoutMs?: number;
  reflectionDepth?: number;
  bus?: EventBus;
  env?: NodeJS.ProcessEnv;
}

export async function orchestrate(
  task: string,
  directory = '.',
  options: OrchestrateOptions = {},
): Promise<OrchestrateResult> {
  const [{ existingDirectory }, { silentBus }, { startRun, resumeRun }, { runOptionsOf }] = await Promise.all(
    [
      import('../shared/fs.js'),
      import('../shared/events.js'),
      import('../orchestrate/coordinator.js'),
      import('../orchestrate/options.js'),
    ],
  );
  const home = await existingDirectory(directory);
  const env = options.env ?? process.env;
  const context = {
    home,
    ports: await stagePorts(),
    env,
    bus: options.bus ?? silentBus(),
    now: () => new Date(),
  };
  const state = options.resume
    ? await resumeRun(context, {
        runId: options.resume,
        ...(options.answer !== undefined ? { answer: options.answer } : {}),
      })
    : await startRun(context, await runOptionsOf(task, home, options, env));
  return (await import('../orchestrate/result.js')).resultOf(state);
}

async function stagePorts(): Promise<StagePorts> {
  const [{ task }, { build, update }, { verify }, { policy }, { loop }] = await Promise.all([
    import('./task.js'),
    import('./context.js'),
    import('./impact.js'),
    import('./policy.js'),
    import('./loop.js'),
  ]);
  return {
    task: (text, root, bus) => task(text, root, { bus }),
    refreshContext: async (root, mode, bus) =>
      void (await (mode === 'rebuilt' ? build : update)(root, { bus })),
    verify: (root, bus) => verify(root, { bus }),
    policy: (root, gate) => policy(root, gate),
    loop: (text, root, gate) => loop(text, root, { ...gate, phase: 'after-edit' }),
  };
}
