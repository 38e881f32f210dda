/**
 * `opencode-plusplus sidecar`: one long-running process per repository that keeps the context
 * fresh while people and agents edit, and serves the MCP tools and a status over HTTP.
 *
 * Start: claim the repository (lock), make a token, listen, say where (sidecar.json), watch,
 * and refresh once in the background (status says `refreshing` until it is done). Each batch of changed paths that matters (not ignored, not our own writes)
 * asks the session for a refresh; a refresh that fails (a file deleted while it was read, a
 * half-written config) is logged and retried shortly, so the sidecar ends fresh. Stop: no new
 * work, wait for the running refresh, close, remove address and token, release the lock.
 */
import { realpath } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { type ContextSession, openSession } from '../api/session.js';
import { existingDirectory } from '../shared/fs.js';
import { watchBarrier } from './barrier.js';
import { claimRepository, createToken, removeSidecarFiles, writeSidecarInfo } from './files.js';
import { createSidecarServer } from './http.js';
import { traceStep } from './trace.js';
import { type RepositoryWatch, watchRepository } from './watcher.js';

const RETRY_MS = 250;
/**
 * Events reach us late: the native watcher holds them until the tree has been quiet for about
 * 50 ms (up to 500 ms in continuous change). After the last refresh ended and the last event
 * came, the watcher has told everything once a barrier raised since came back (`barrier.ts`).
 * Without a barrier (its watch failed), or should one never come back, a fixed wait stands in.
 */
const SETTLE_MS = 150;
const BARRIER_FALLBACK_MS = 1000;
/** Quiet this long after a refresh, the sidecar writes what it kept in memory only (the stat cache). */
const FLUSH_IDLE_MS = 5000;

export interface SidecarOptions {
  port?: number;
  host?: string;
  log: (line: string) => void;
  /** How often at most `GET /status` checks in full what the watcher reported (default 30 s). */
  verifyEveryMs?: number;
}

export interface RunningSidecar {
  url: string;
  tokenFile: string;
  pid: number;
  session: ContextSession;
  stop(): Promise<void>;
}

export async function startSidecar(directory: string, options: SidecarOptions): Promise<RunningSidecar> {
  const root = await realpath(await existingDirectory(directory));
  const release = await claimRepository(root);
  const cleanups: Array<() => Promise<void>> = [release, () => removeSidecarFiles(root)];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const session = openSession(root);
    const { token, file: tokenFile } = await createToken(root);
    let watch: RepositoryWatch | undefined;
    const changes = changeSignal();
    const unsubscribe = session.onChange(changes.notify);
    cleanups.push(async () => unsubscribe());
    const refresher = startRefresher(session, options.log, changes.notify);
    const barrier = await watchBarrier(root, changes.notify);
    if (barrier) cleanups.push(() => barrier.close());
    else options.log('the watcher cannot watch its barrier file: waiting a fixed time to settle instead');
    const quietIn = () => {
      if (!watch?.settled() || !refresher.idle()) return Number.POSITIVE_INFINITY;
      const since = Math.max(watch.lastEventAt(), refresher.lastEndedAt());
      const waited = performance.now() - since;
      if (!barrier) return Math.max(0, SETTLE_MS - waited);
      if (session.refreshing) return Number.POSITIVE_INFINITY;
      if (barrier.passedFor() >= since) return 0;
      barrier.request(since);
      return Math.max(0, BARRIER_FALLBACK_MS - waited);
    };
    const server = createSidecarServer({
      root,
      token,
      session,
      log: options.log,
      watch: {
        quiet: () => quietIn() === 0,
        quietIn,
        onChange: changes.subscribe,
        ...(options.verifyEveryMs === undefined ? {} : { verifyEveryMs: options.verifyEveryMs }),
        onMissedChange: (verdict) => {
          options.log(
            `a full check says ${verdict}: a change the watcher did not report; refreshing in full`,
          );
          refresher.refreshNow([]);
        },
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
    cleanups.push(
      () =>
        new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    const url = urlOf(server.address() as AddressInfo);
    await writeSidecarInfo(root, { url, pid: process.pid, tokenFile, startedAt: new Date().toISOString() });
    cleanups.push(refresher.stop);
    // Watch first, then refresh: an edit made during the first refresh queues the next one.
    watch = await watchRepository(root, {
      onBatch: (paths) => refresher.changed(paths),
      onError: (error) => {
        options.log(`watcher: ${error.message}; refreshing in full`);
        refresher.refreshNow([]);
      },
    });
    const watching = watch;
    cleanups.push(() => watching.close());
    refresher.refreshNow([]);
    return { url, tokenFile, pid: process.pid, session, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/mcp`;
}

/** Turns batches of changed paths into session refreshes; retries one that failed. */
function startRefresher(session: ContextSession, log: (line: string) => void, notify: () => void) {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let lastEndedAt = 0;
  const flush = () =>
    session.flush().catch((error: Error) => log(`writing the stat cache failed: ${error.message}`));
  let inFlight: Promise<unknown> = Promise.resolve();
  // Batches being filtered: until each is judged, the session may not know of a change yet.
  let judging = 0;
  const refreshNow = (changed: string[]): Promise<unknown> => {
    if (stopped) return inFlight;
    clearTimeout(retry);
    clearTimeout(flushTimer);
    traceStep(`refresh: asked for (${describeChanges(changed)})`);
    const refreshed = session.refresh({ changed }).finally(() => {
      lastEndedAt = performance.now();
      notify();
    });
    inFlight = refreshed.then(
      (result) => {
        traceStep(`refresh: done, ${result.mode}; stages ${describeStages(result.stats.stageMs)}`);
        log(
          `refreshed: ${result.mode} in ${session.lastRefresh?.durationMs} ms (${describeChanges(changed)})`,
        );
        flushTimer = setTimeout(flush, FLUSH_IDLE_MS).unref();
      },
      (error: Error) => {
        log(`refresh failed: ${error.message}; retrying in ${RETRY_MS} ms`);
        retry = setTimeout(() => refreshNow(changed), RETRY_MS);
      },
    );
    return inFlight;
  };
  return {
    refreshNow,
    changed: (paths: string[]) => {
      judging += 1;
      return session
        .relevantChanges(paths)
        .then((relevant) => {
          traceStep(`filter: ${relevant.length} of ${paths.length} path(s) matter`);
          return relevant.length > 0 ? refreshNow(relevant) : undefined;
        })
        .catch((error: Error) => log(`watch batch failed: ${error.message}`))
        .finally(() => {
          judging -= 1;
          notify();
        });
    },
    /** Every batch handed over has been judged (and its refresh, if any, asked for). */
    idle: () => judging === 0,
    lastEndedAt: () => lastEndedAt,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(flushTimer);
      await inFlight;
      await flush();
    },
  };
}

/**
 * Tells subscribers that the status may have changed. Asynchronous and coalesced: a burst of
 * changes is one call, made after the code that caused them has finished updating its state.
 */
function changeSignal() {
  const listeners = new Set<() => void>();
  let queued = false;
  return {
    notify: () => {
      if (queued) return;
      queued = true;
      setImmediate(() => {
        queued = false;
        for (const listener of [...listeners]) listener();
      });
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** `index 12 ms, graph 3 ms, …` in the order the stages ran. */
function describeStages(stageMs: Record<string, number>): string {
  return Object.entries(stageMs)
    .map(([stage, ms]) => `${stage} ${ms} ms`)
    .join(', ');
}

function describeChanges(changed: readonly string[]): string {
  if (changed.length === 0) return 'full check';
  const shown = changed.slice(0, 3).join(', ');
  return changed.length > 3 ? `${shown} and ${changed.length - 3} more` : shown;
}
