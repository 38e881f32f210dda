/**
 * `GET /status?after=N[&timeout=MS]`: the status once the context is fresh after more than N
 * refreshes, or when MS pass (whichever comes first), so a client that edited a file waits for
 * the refresh with one request instead of polling. Polling every few milliseconds makes the
 * sidecar answer hundreds of requests per edit (each a verdict and a JSON answer) while it
 * refreshes: load that competes with the very refresh the client waits for.
 *
 * Nothing here polls either: the waiter looks again when the sidecar says something changed (a
 * refresh started or ended, a batch of changed paths was judged), when the watcher's settling
 * time runs out, and at least every RECHECK_MS in case a change came some other way.
 */
import type { SidecarStatus, SidecarWatch } from './status.js';
import { sidecarStatus } from './status.js';
import { traceStep } from './trace.js';

export const DEFAULT_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 600_000;
const RECHECK_MS = 1000;

export interface StatusWait {
  /** Answer once `refreshes` is greater than this, the context fresh and nothing running. */
  after: number;
  timeoutMs: number;
}

/** The query's wait, undefined without `after`; a message naming the parameter when it is bad. */
export function parseStatusWait(query: URLSearchParams): StatusWait | undefined | { error: string } {
  const after = query.get('after');
  const timeout = query.get('timeout');
  if (after === null) {
    return timeout === null ? undefined : { error: 'timeout: only meaningful with after=<refreshes>' };
  }
  if (!/^\d{1,15}$/.test(after))
    return { error: `after: expected a whole number of refreshes (0 or more), got "${after}"` };
  if (timeout !== null && !/^\d{1,15}$/.test(timeout))
    return { error: `timeout: expected a whole number of milliseconds, got "${timeout}"` };
  const timeoutMs = timeout === null ? DEFAULT_WAIT_MS : Math.min(Number(timeout), MAX_WAIT_MS);
  return { after: Number(after), timeoutMs };
}

/** What a waiting client waits for: fresh, settled, and refreshed beyond the count it knew. */
export function isFreshAfter(status: SidecarStatus, after: number): boolean {
  return status.freshness === 'fresh' && !status.refreshing && status.refreshes > after;
}

/** The status once `isFreshAfter()` holds, or when the wait times out or `gone` is aborted. */
export async function statusAfter(
  watch: SidecarWatch,
  wait: StatusWait,
  gone: AbortSignal,
): Promise<SidecarStatus> {
  const deadline = performance.now() + wait.timeoutMs;
  for (;;) {
    const status = await sidecarStatus(watch);
    const left = deadline - performance.now();
    if (isFreshAfter(status, wait.after) || left <= 0 || gone.aborted) {
      traceStep(`status: answered ${status.freshness} after ${status.refreshes} refresh(es)`);
      return status;
    }
    // Settling is the one wait no signal ends: look again when it is over.
    const settling = watch.quietIn();
    await nextChange(watch, Math.min(left, settling > 0 ? settling : RECHECK_MS, RECHECK_MS), gone);
  }
}

/** Resolves on the sidecar's next change signal, after `ms`, or when `gone` is aborted. */
function nextChange(watch: SidecarWatch, ms: number, gone: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      gone.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = watch.onChange(done);
    gone.addEventListener('abort', done);
  });
}
