/**
 * Watches a repository and hands over changed paths in batches: a burst of events (an editor's
 * save, a branch switch rewriting 500 files) becomes one batch once the tree has been quiet for
 * QUIET_MS, or after MAX_WAIT_MS of continuous change so a busy tree still gets refreshed.
 *
 * `@parcel/watcher` (native: inotify, FSEvents, ReadDirectoryChangesW) rather than chokidar: it
 * supports Node 20 (chokidar's current majors need 20.19+ or 22), coalesces events natively and
 * skips ignored directories in native code, so `.git/` and `node_modules/` cost nothing.
 */
import watcher from '@parcel/watcher';
import { relativePath } from '../shared/path.js';
import { traceStep } from './trace.js';

/**
 * The native watcher already batches (a burst's events come together once the tree has been quiet
 * for about 50 ms; the first change after a quiet spell at once): this only joins callbacks that
 * arrive back to back, so a lone edit is not held for a quiet time of our own.
 */
const QUIET_MS = 5;
const MAX_WAIT_MS = 400;

/** Never worth an event: our own outputs, VCS internals, installed packages. */
const NATIVE_IGNORES = ['.git', '.agent-context', 'node_modules', '.hg', '.svn'];

export interface WatchOptions {
  /** Called with the repository paths that changed (sorted, each once). */
  onBatch: (paths: string[]) => void;
  /** The watcher itself failed (events may have been lost): a full refresh is the remedy. */
  onError: (error: Error) => void;
  quietMs?: number;
}

export interface RepositoryWatch {
  /** No events waiting for their batch: every change seen so far has been handed to `onBatch`. */
  settled(): boolean;
  /** When the last events arrived (`performance.now()`; 0 before any). */
  lastEventAt(): number;
  close(): Promise<void>;
}

export async function watchRepository(root: string, options: WatchOptions): Promise<RepositoryWatch> {
  const pending = new Set<string>();
  let quietTimer: NodeJS.Timeout | undefined;
  let firstPendingAt = 0;
  let lastEventAt = 0;
  const flush = () => {
    clearTimeout(quietTimer);
    quietTimer = undefined;
    if (pending.size === 0) return;
    const paths = [...pending].sort();
    pending.clear();
    traceStep(`batch: ${paths.length} path(s)`);
    options.onBatch(paths);
  };
  const subscription = await watcher.subscribe(
    root,
    (error, events) => {
      if (error) return options.onError(error);
      lastEventAt = performance.now();
      traceStep(`watcher: ${events.length} event(s)`);
      if (pending.size === 0) firstPendingAt = Date.now();
      for (const event of events) pending.add(relativePath(root, event.path));
      clearTimeout(quietTimer);
      const waited = Date.now() - firstPendingAt;
      quietTimer = setTimeout(flush, waited >= MAX_WAIT_MS ? 0 : (options.quietMs ?? QUIET_MS));
    },
    { ignore: NATIVE_IGNORES },
  );
  return {
    settled: () => pending.size === 0,
    lastEventAt: () => lastEventAt,
    async close() {
      clearTimeout(quietTimer);
      pending.clear();
      await subscription.unsubscribe();
    },
  };
}
