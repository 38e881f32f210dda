/**
 * `orchestrate`: a coding agent in a sandbox, held against the evidence gates, until the change
 * finalizes, blocks, or needs a person. The stage (`src/orchestrate/`) does the work; this file
 * validates the call and hands it the library's own stage calls.
 */

import type { RequestedOptions } from '../orchestrate/options.js';
import type { StagePorts } from '../orchestrate/ports.js';
import type { OrchestrateResult } from '../orchestrate/types.js';
import type { EventBus } from '../shared/events.js';

export type { AgentEvent } from '../orchestrate/executors/events.js';
export type { Candidate, Decision, OrchestrateResult, OrchestratorAction } from '../orchestrate/types.js';

/** The run's settings (executor, loop budget, gates, checkpoint…) plus how to call: resume, answer, bus, env. */
export interface OrchestrateOptions extends RequestedOptions {
  /** Continue this run instead of starting one. */
  resume?: string;
  /** Start the run under this id (a background start names it before the run begins). */
  runId?: string;
  /** With `resume`: a person's answer to the run's question. */
  answer?: string;
  bus?: EventBus;
  env?: NodeJS.ProcessEnv;
  /** Aborting interrupts the run: the executor is killed, the sandbox discarded, state.json says so. */
  signal?: AbortSignal;
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
    signal: options.signal,
  };
  const state = options.resume
    ? await resumeRun(context, {
        runId: options.resume,
        ...(options.answer !== undefined ? { answer: options.answer } : {}),
      })
    : await startRun(context, await runOptionsOf(task, home, options, env), options.runId);
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
