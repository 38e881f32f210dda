/**
 * How a session brings its context up to date: the one seam between a long-lived session and the
 * build pipeline. The default keeps the last refresh's state (manifest, stat cache, facts, graph,
 * token counts) in memory and hands it to the next incremental update, so a one-file edit does not
 * re-read `.agent-context/` from disk; another refresher (an in-process incremental refresh)
 * can take its place through `openSession(dir, { refresher })`.
 */
import type { BuildResult } from '../context/build.js';
import type { ComputeMemory } from '../context/compute.js';
import type { EventBus } from '../shared/events.js';

export interface RefreshRequest {
  bus?: EventBus;
  /** The repository paths the watcher saw change (empty or absent: look at everything). */
  changed?: readonly string[];
}

export interface ContextRefresher {
  refresh(root: string, request: RefreshRequest): Promise<BuildResult>;
}

/** Incremental updates that carry their state from one refresh to the next in memory. */
export function memoryRefresher(): ContextRefresher {
  const memory: { current?: ComputeMemory } = {};
  return {
    async refresh(root, request) {
      const [{ buildContextPackage }, { loadConfig }, { loadComputeMemory }] = await Promise.all([
        import('../context/build.js'),
        import('../config/load.js'),
        import('../context/compute.js'),
      ]);
      const config = await loadConfig(root);
      const result = await buildContextPackage(root, {
        mode: 'update',
        config,
        memory,
        ...(request.bus ? { bus: request.bus } : {}),
      });
      // Nothing to do and nothing in memory yet (the session's first look): read the state once now.
      memory.current ??= await loadComputeMemory(root, config);
      return result;
    },
  };
}
