/**
 * The stage calls the orchestrator makes, as one interface. The public API fills it with its own
 * functions (`task`, `build`, `update`, `verify`, `policy`, `loop`), so the orchestrator asks the
 * same questions a user's commands ask and never keeps a second copy of their wiring.
 */

import type { VerifyReport } from '../impact/verify.js';
import type { LoopControllerReport } from '../loop/controller.js';
import type { FailOn, PolicyReport } from '../policy/evaluate.js';
import type { EventBus } from '../shared/events.js';
import type { TaskRunResult } from '../task/write-task-run.js';
import type { EvidencePolicy } from '../trace/evidence.js';

export interface GateOptions {
  bus: EventBus;
  traceId: string;
  evidencePolicy?: EvidencePolicy;
  failOn?: FailOn;
}

export interface StagePorts {
  /** Writes the task run (`task`): plan, pack, edit boundary, prompts. */
  task(task: string, root: string, bus: EventBus): Promise<TaskRunResult>;
  /** Builds the context from scratch (`build`) or refreshes it (`update`). */
  refreshContext(root: string, mode: 'rebuilt' | 'incremental', bus: EventBus): Promise<void>;
  verify(root: string, bus: EventBus): Promise<VerifyReport>;
  policy(root: string, options: GateOptions): Promise<PolicyReport>;
  loop(task: string, root: string, options: GateOptions): Promise<LoopControllerReport>;
}

/** Everything a phase may reach: the two roots, the stage calls, the environment, the clock. */
export interface RunContext {
  /** The user's repository (absolute): state and iteration files live here. */
  home: string;
  /** Where the executor works and the gates run: the sandbox worktree, or `home` without one. */
  work: string;
  ports: StagePorts;
  env: NodeJS.ProcessEnv;
  bus: EventBus;
  now: () => Date;
  /** Aborted on an interrupt (Ctrl-C): the executor is stopped and the run persisted as interrupted. */
  signal?: AbortSignal | undefined;
}
