/** `GET /status`: is the context fresh, how often and how fast the sidecar refreshed it, since when. */
import type { ContextSession, SessionRefresh } from '../api/session.js';

export interface SidecarStatus {
  schemaVersion: 1;
  root: string;
  pid: number;
  /** The context's freshness verdict now (`fresh`, `stale`, `missing`, `inconsistent`). */
  freshness: string;
  /** Refreshes run since start (the first one included). */
  refreshes: number;
  /** A refresh is running or queued, or changed paths are still being gathered into one. */
  refreshing: boolean;
  lastRefresh: SessionRefresh | null;
  uptimeMs: number;
  /** The hash of the source tree the built context describes (the manifest's source hash). */
  treeHash: string | null;
}

/** What the status needs of the running sidecar besides its session. */
export interface SidecarWatch {
  session: ContextSession;
  /** The watcher has handed every change it saw to the session (none waiting for a batch or a filter). */
  quiet: () => boolean;
  /**
   * How long until `quiet()` holds if nothing else happens: 0 when it holds now, Infinity while a
   * batch or a refresh is pending (their end is signalled through `onChange`).
   */
  quietIn: () => number;
  /** Calls `listener` (asynchronously) when what the status says may have changed; returns the unsubscribe. */
  onChange: (listener: () => void) => () => void;
  /** A full check found the context not fresh while the session believed it was: refresh in full. */
  onMissedChange: (verdict: string) => void;
  /** How often at most to check that belief in full. @default VERIFY_MS */
  verifyEveryMs?: number;
}

/**
 * A full freshness verdict costs a stat of every file, so the sidecar answers from what it knows:
 * after a refresh that succeeded, with every change the watcher saw since handed to the session,
 * the context is fresh — the refresh wrote it for exactly that tree. What the watcher cannot see
 * (`.agent-context/` edited by hand, an event the OS dropped) is caught by a full check in the
 * background, at most every VERIFY_MS, only while someone asks, and once the sidecar has been
 * quiet for VERIFY_QUIET_MS; one that disagrees starts a full refresh. Without that knowledge
 * (before the first refresh, after a failed one) the verdict is computed, and kept while the
 * session's generation stays the same, for at most VERDICT_TTL_MS.
 * While a refresh runs or changes are pending the last verdict stands, with `refreshing: true`.
 */
const VERDICT_TTL_MS = 1000;
const VERIFY_MS = 30_000;
const MISSED_CHANGE_GRACE_MS = 500;
const VERIFY_QUIET_MS = 1000;
const verdicts = new WeakMap<ContextSession, { generation: number; at: number; verdict: Promise<string> }>();
const verifications = new WeakMap<ContextSession, { at: number; running: boolean }>();

function freshnessVerdict(watch: SidecarWatch): Promise<string> {
  const { session } = watch;
  const known = verdicts.get(session);
  const settled = watch.quiet() && !session.refreshing;
  if (settled && session.knownFresh) {
    verifyInBackground(watch);
    const verdict = Promise.resolve('fresh');
    verdicts.set(session, { generation: session.generation, at: Date.now(), verdict });
    return verdict;
  }
  // While a refresh runs or is about to, the verdict is about to change anyway: do not slow it to say so.
  if (known && !settled) return known.verdict;
  if (known && known.generation === session.generation && Date.now() - known.at < VERDICT_TTL_MS)
    return known.verdict;
  const verdict = session.freshness().then((report) => report.verdict);
  verdicts.set(session, { generation: session.generation, at: Date.now(), verdict });
  verdict.catch(() => verdicts.delete(session));
  return verdict;
}

/**
 * Checks in full what the session believes, unless that was done less than VERIFY_MS ago. The
 * check (a stat of every file) waits until the sidecar has been quiet for VERIFY_QUIET_MS: run at
 * once, it would compete with the refresh of the edit a client is about to make (its verdict is
 * thrown away anyway once a change comes). A change in between puts it off to a later status.
 */
function verifyInBackground(watch: SidecarWatch): void {
  const { session } = watch;
  const last = verifications.get(session);
  if (last && (last.running || Date.now() - last.at < (watch.verifyEveryMs ?? VERIFY_MS))) return;
  const generation = session.generation;
  const unchanged = () => generation === session.generation && watch.quiet() && session.knownFresh;
  const lastAt = last?.at ?? 0;
  verifications.set(session, { at: lastAt, running: true });
  const verify = () => {
    if (!unchanged()) return verifications.set(session, { at: lastAt, running: false });
    session
      .freshness()
      .then(async (report) => {
        if (report.verdict === 'fresh' || !unchanged()) return;
        // An edit made during the check may still be on its way from the watcher: give it time to arrive.
        await new Promise((resolve) => setTimeout(resolve, MISSED_CHANGE_GRACE_MS));
        if (unchanged()) watch.onMissedChange(report.verdict);
      })
      .catch(() => undefined)
      .finally(() => verifications.set(session, { at: Date.now(), running: false }));
  };
  setTimeout(verify, VERIFY_QUIET_MS).unref();
}

export async function sidecarStatus(watch: SidecarWatch): Promise<SidecarStatus> {
  const { session } = watch;
  const generation = session.generation;
  const freshness = await freshnessVerdict(watch);
  return {
    schemaVersion: 1,
    root: session.root,
    pid: process.pid,
    freshness,
    refreshes: session.refreshes,
    // A refresh that started or ended while the verdict was computed makes it already old.
    refreshing: session.refreshing || !watch.quiet() || generation !== session.generation,
    lastRefresh: session.lastRefresh ?? null,
    uptimeMs: Date.now() - session.startedAt,
    treeHash: (await session.builtSourceHash()) ?? null,
  };
}
