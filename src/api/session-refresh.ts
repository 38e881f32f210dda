/**
 * How a session brings its context up to date: the one seam between a long-lived session and the
 * build pipeline. The default holds the last refresh's context in memory (`refreshHeldContext()`:
 * its manifest, facts, graph and shards) and hands it to the next incremental update, so a one-file
 * edit does not re-read `.agent-context/` from disk (nor write its stat cache: `flush()` does, when
 * the session is idle or closing); tests and embedders may pass another
 * refresher through `openSession(dir, { refresher })`.
 */
import type { BuildResult } from '../context/build.js';
import type { HeldContext } from '../context/computation.js';
import type { EventBus } from '../shared/events.js';

export interface RefreshRequest {
  bus?: EventBus;
  /** The repository paths the watcher saw change (empty or absent: look at everything). */
  changed?: readonly string[];
}

export interface ContextRefresher {
  refresh(root: string, request: RefreshRequest): Promise<BuildResult>;
  /** Writes what refreshes kept in memory only (the stat cache), for other processes. */
  flush?(root: string): Promise<void>;
}

/**
 * One refresh for two callers: their changed paths together, or everything when either asked for
 * everything (no list, or an empty one); the first caller's bus reports it.
 */
export function mergeRefreshRequests<T extends RefreshRequest>(queued: T | undefined, added: T): T {
  if (!queued) return added;
  const merged: T = { ...added, ...queued };
  if (!queued.changed?.length || !added.changed?.length) delete merged.changed;
  else merged.changed = [...new Set([...queued.changed, ...added.changed])].sort();
  return merged;
}

/** Incremental updates that carry their state from one refresh to the next in memory. */
export function memoryRefresher(): ContextRefresher {
  let held: HeldContext | undefined;
  return {
    async refresh(root, request) {
      const { refreshHeldContext } = await import('../context/build.js');
      const refreshed = await refreshHeldContext(root, held, {
        ...(request.bus ? { bus: request.bus } : {}),
        ...(request.changed ? { changed: request.changed } : {}),
      });
      held = refreshed.held;
      return refreshed.result;
    },
    async flush(root) {
      const before = held;
      if (!before) return;
      const { saveHeldStatCache } = await import('../context/build.js');
      const after = await saveHeldStatCache(root, before);
      if (held === before) held = after; // a refresh that ran meanwhile holds newer state
    },
  };
}
