/** `status`: what was built, when, how fresh it is now, and how much the last run re-parsed. */
import type { LoadedConfig } from '../config/load.js';
import { scanRepository } from '../scan/scan.js';
import { readTextIfExists } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { type BuildInfo, readBuildInfo } from './build-info.js';
import { readManifest } from './manifest.js';
import { readStatCache, statCacheKey } from './stat-cache.js';

export interface ContextStatus {
  root: string;
  built: boolean;
  builtAt?: string;
  toolVersion?: string;
  lastRun?: Pick<BuildInfo, 'mode' | 'reason' | 'stats'>;
  freshness: 'fresh' | 'stale' | 'missing';
  changes: { added: string[]; removed: string[]; modified: string[] };
  configChanged: boolean;
  missingOutputs: string[];
  /** What to run next, when anything is stale or missing. */
  command?: string;
}

const LIST_LIMIT = 50;

export async function readContextStatus(root: string, config: LoadedConfig): Promise<ContextStatus> {
  const manifest = await readManifest(root);
  const empty = { added: [], removed: [], modified: [] };
  if (!manifest) {
    return {
      root,
      built: false,
      freshness: 'missing',
      changes: empty,
      configChanged: false,
      missingOutputs: [],
      command: 'opencode-plusplus build',
    };
  }
  const info = await readBuildInfo(root);
  const statCache = await readStatCache(root, statCacheKey(config));
  const { scan } = await scanRepository(root, {
    config: config.config,
    ...(statCache ? { statCache: statCache.entries, statCacheWrittenAt: statCache.writtenAt } : {}),
  });
  const current = new Map(scan.files.filter((file) => file.hash).map((file) => [file.path, file.hash!]));
  const changes = { added: [] as string[], removed: [] as string[], modified: [] as string[] };
  for (const [path, hash] of current) {
    const before = manifest.sources[path];
    if (before === undefined) changes.added.push(path);
    else if (before !== hash) changes.modified.push(path);
  }
  for (const path of Object.keys(manifest.sources)) if (!current.has(path)) changes.removed.push(path);
  const missingOutputs: string[] = [];
  for (const path of Object.keys(manifest.outputs)) {
    if ((await readTextIfExists(absolutePath(root, path))) === undefined) missingOutputs.push(path);
  }
  const configChanged = manifest.config.hash !== config.hash;
  const stale =
    changes.added.length + changes.removed.length + changes.modified.length > 0 ||
    configChanged ||
    missingOutputs.length > 0;
  const status: ContextStatus = {
    root,
    built: true,
    freshness: stale ? 'stale' : 'fresh',
    changes: {
      added: changes.added.slice(0, LIST_LIMIT),
      removed: changes.removed.slice(0, LIST_LIMIT),
      modified: changes.modified.slice(0, LIST_LIMIT),
    },
    configChanged,
    missingOutputs,
    toolVersion: manifest.tool.version,
  };
  if (info) {
    status.builtAt = info.builtAt;
    status.lastRun = { mode: info.mode, reason: info.reason, stats: info.stats };
  }
  if (stale) status.command = 'opencode-plusplus update';
  return status;
}
