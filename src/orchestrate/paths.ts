/** Where a run's files live, repository-relative (DESIGN.md §4). */
import { layout } from '../shared/layout.js';

export function statePath(runId: string): string {
  return `${layout.orchestrator}/${runId}/state.json`;
}

export function runPatchPath(runId: string): string {
  return `${layout.orchestrator}/${runId}/final.patch`;
}

export function sandboxPath(runId: string): string {
  return `${layout.worktrees}/${runId}`;
}

export function iterationDir(runDir: string, iteration: number): string {
  return `${runDir}/iterations/${String(iteration).padStart(3, '0')}`;
}

/** The trace as PrepareSandbox started it, kept beside the run: what a sandbox lost before any iteration's trace restores. */
export function startedTracePath(runId: string): string {
  return `${layout.orchestrator}/${runId}/trace.started.json`;
}
