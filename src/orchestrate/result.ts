/** What `orchestrate --json` prints, from the run state. */
import { statePath } from './paths.js';
import type { OrchestrateResult, OrchestratorState } from './types.js';

export function resultOf(state: OrchestratorState): OrchestrateResult {
  return {
    runId: state.runId,
    decision: state.decision,
    iterations: state.iterations,
    convergence: state.convergence,
    patch: state.patch ?? null,
    applied: state.applied ?? false,
    ...(state.interrupted ? { interrupted: state.interrupted } : {}),
    state: statePath(state.runId),
  };
}
