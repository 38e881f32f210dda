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

export async function sidecarStatus(session: ContextSession): Promise<SidecarStatus> {
  const report = await session.freshness();
  return {
    schemaVersion: 1,
    root: session.root,
    pid: process.pid,
    freshness: report.verdict,
    refreshes: session.refreshes,
    refreshing: session.refreshing,
    lastRefresh: session.lastRefresh ?? null,
    uptimeMs: Date.now() - session.startedAt,
    treeHash: (await session.builtSourceHash()) ?? null,
  };
}
