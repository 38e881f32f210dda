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
  /** A refresh is running or queued. */
  refreshing: boolean;
  lastRefresh: SessionRefresh | null;
  uptimeMs: number;
  /** The hash of the source tree the built context describes (the manifest's source hash). */
  treeHash: string | null;
}

/**
 * A freshness verdict costs a stat of every file: poll /status in a loop and the refresh it waits
 * for would compete with it. So the verdict is kept while the session's generation stays the same
 * (no refresh, no relevant change seen), and for at most VERDICT_TTL_MS, which also covers changes
 * the watcher does not report (contracts and lessons under .agent-context/). During a refresh the
 * last verdict stands, with `refreshing: true`.
 */
const VERDICT_TTL_MS = 1000;
const verdicts = new WeakMap<ContextSession, { generation: number; at: number; verdict: Promise<string> }>();

function freshnessVerdict(session: ContextSession): Promise<string> {
  const known = verdicts.get(session);
  // While a refresh runs the verdict is about to change anyway: do not slow the refresh to say so.
  if (known && session.refreshing) return known.verdict;
  if (known && known.generation === session.generation && Date.now() - known.at < VERDICT_TTL_MS)
    return known.verdict;
  const verdict = session.freshness().then((report) => report.verdict);
  verdicts.set(session, { generation: session.generation, at: Date.now(), verdict });
  verdict.catch(() => verdicts.delete(session));
  return verdict;
}

export async function sidecarStatus(session: ContextSession): Promise<SidecarStatus> {
  const generation = session.generation;
  const freshness = await freshnessVerdict(session);
  return {
    schemaVersion: 1,
    root: session.root,
    pid: process.pid,
    freshness,
    refreshes: session.refreshes,
    // A refresh that started or ended while the verdict was computed makes it already old.
    refreshing: session.refreshing || generation !== session.generation,
    lastRefresh: session.lastRefresh ?? null,
    uptimeMs: Date.now() - session.startedAt,
    treeHash: (await session.builtSourceHash()) ?? null,
  };
}
