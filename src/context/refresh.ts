/**
 * `decideContextRefresh()`: between two iterations of an agent loop, should the context be
 * rebuilt, refreshed incrementally, or reused as it is? Pure; the orchestrator calls it and then
 * runs `build`, `update` or nothing. When in doubt it refreshes: missing information about what
 * an executor modified never leads to reuse of a changed tree.
 */
import { isLockfile, isManifest } from '../scan/file-kinds.js';

export type RefreshMode = 'rebuilt' | 'incremental' | 'reused';

export interface RefreshDecision {
  mode: RefreshMode;
  reason: string;
}

export interface PreviousContextState {
  /** Working-tree hash when the context was last built or refreshed. */
  workingTreeHash?: string;
}

export interface RefreshSignals {
  /** The arbiter decided to repack: the task's context must be rebuilt. */
  repackRequested?: boolean;
  /** Drift was detected (hand-edited outputs, a graph that no longer matches). */
  driftDetected?: boolean;
  /** The working-tree hash now; undefined when unknown. */
  workingTreeHash?: string;
  /** Files the executor reported modifying; undefined when it did not say. */
  modifiedFiles?: readonly string[];
}

/** Files whose change can alter how everything else is read: dependencies and project configuration. */
const RESOLUTION_CONFIGURATION = [
  /(^|\/)pnpm-workspace\.yaml$/,
  /(^|\/)(tsconfig|jsconfig)[^/]*\.json$/,
  /(^|\/)opencode-plusplus\.config\.(json|jsonc|mjs)$/,
];

export function isProjectConfiguration(path: string): boolean {
  return (
    isManifest(path) || isLockfile(path) || RESOLUTION_CONFIGURATION.some((pattern) => pattern.test(path))
  );
}

export function decideContextRefresh(
  previous: PreviousContextState | undefined,
  signals: RefreshSignals,
): RefreshDecision {
  if (signals.repackRequested)
    return { mode: 'rebuilt', reason: 'a repack was decided: the task context is rebuilt' };
  if (signals.driftDetected)
    return { mode: 'rebuilt', reason: 'drift detected: generated context no longer matches the sources' };
  const configuration = (signals.modifiedFiles ?? []).filter(isProjectConfiguration);
  if (configuration.length > 0) {
    return {
      mode: 'rebuilt',
      reason: `dependency or project configuration changed: ${configuration.slice(0, 5).join(', ')}`,
    };
  }
  const before = previous?.workingTreeHash;
  const now = signals.workingTreeHash;
  if (before !== undefined && now !== undefined && before === now) {
    return { mode: 'reused', reason: 'the working-tree hash is unchanged' };
  }
  if (signals.modifiedFiles !== undefined && signals.modifiedFiles.length > 0) {
    return { mode: 'incremental', reason: `${signals.modifiedFiles.length} source file(s) modified` };
  }
  if (before === undefined || now === undefined) {
    if (
      signals.modifiedFiles !== undefined &&
      signals.modifiedFiles.length === 0 &&
      before === undefined &&
      now === undefined
    ) {
      return { mode: 'reused', reason: 'the executor reported no modifications' };
    }
    return { mode: 'incremental', reason: 'the working-tree hash is unknown: refreshing to be safe' };
  }
  return {
    mode: 'incremental',
    reason:
      signals.modifiedFiles === undefined
        ? 'the working tree changed and the executor did not say what it modified'
        : 'the working tree changed although the executor reported no modifications',
  };
}
