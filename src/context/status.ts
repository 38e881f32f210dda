/** `status`: what was built, when, how fresh it is now, and how much the last run re-parsed. */
import type { LoadedConfig } from '../config/load.js';
import { type BuildInfo, readBuildInfo } from './build-info.js';
import { assessFreshness, type FreshnessReport } from './freshness.js';

export interface ContextStatus {
  root: string;
  built: boolean;
  builtAt?: string;
  toolVersion?: string;
  lastRun?: Pick<BuildInfo, 'mode' | 'reason' | 'stats' | 'contextRefresh'>;
  freshness: FreshnessReport['verdict'];
  changes: FreshnessReport['changes'];
  /** Components that are not fresh, with why. */
  problems: FreshnessReport['components'];
  /** What to run next, when anything is stale or missing. */
  command?: string;
}

export async function readContextStatus(root: string, config: LoadedConfig): Promise<ContextStatus> {
  const freshness = await assessFreshness(root, config);
  const status: ContextStatus = {
    root,
    built: freshness.verdict !== 'missing',
    freshness: freshness.verdict,
    changes: freshness.changes,
    problems: freshness.components.filter((component) => component.verdict !== 'fresh'),
  };
  if (freshness.command) status.command = freshness.command;
  const info = status.built ? await readBuildInfo(root) : undefined;
  if (info) {
    status.builtAt = info.builtAt;
    status.toolVersion = info.toolVersion;
    status.lastRun = {
      mode: info.mode,
      reason: info.reason,
      stats: info.stats,
      contextRefresh: info.contextRefresh,
    };
  }
  return status;
}
