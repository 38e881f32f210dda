/**
 * `.agent-context/cache/build-info.json`: when the last build ran and what it cost. Machine-local
 * (timestamps never enter hashed outputs); `status` and the refresh metrics read it.
 */
import { readCacheJson, writeFileAtomic } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';

export interface ContextRefreshMetrics {
  /** `rebuilt` (full build), `incremental` (caches reused) or `reused` (nothing to do). */
  mode: 'rebuilt' | 'incremental' | 'reused';
  reason: string;
  cacheHits: number;
  cacheMisses: number;
  /** Builds recorded in this repository so far, this one included. */
  buildCount: number;
  durationMs: number;
}

export interface BuildStats {
  files: number;
  indexed: number;
  /** Files listed but skipped (binary, too large, minified, unreadable...): summary.md and project.json name each with its reason. */
  skipped?: number;
  /** Files read and hashed (the rest matched the stat cache). */
  hashed: number;
  parsed: number;
  cached: number;
  partial: number;
  failed: number;
  edges: number;
  unresolved: number;
  durationMs: number;
  stageMs: Record<string, number>;
}

export interface BuildInfo {
  schemaVersion: 1;
  builtAt: string;
  toolVersion: string;
  mode: 'cold' | 'incremental' | 'reused';
  reason: string;
  stats: BuildStats;
  contextRefresh: ContextRefreshMetrics;
}

export async function readBuildInfo(root: string): Promise<BuildInfo | undefined> {
  return (
    ((await readCacheJson(absolutePath(root, layout.buildInfo))) as BuildInfo | null | undefined) ?? undefined
  );
}

export async function writeBuildInfo(
  root: string,
  info: Omit<BuildInfo, 'schemaVersion' | 'builtAt' | 'toolVersion'>,
): Promise<void> {
  const full: BuildInfo = {
    schemaVersion: 1,
    builtAt: new Date().toISOString(),
    toolVersion: toolVersion(),
    ...info,
  };
  await writeFileAtomic(absolutePath(root, layout.buildInfo), `${JSON.stringify(full, null, 2)}\n`);
}
