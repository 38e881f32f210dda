/**
 * Stat data of the last scan (`.agent-context/cache/stat.json` and the delta against it,
 * `stat-delta.json`: see `stat-cache-delta.ts`): files whose size, mtime, ctime and inode are
 * unchanged keep their hash without being read. Keyed by tool version and config, since both
 * change how files are classified.
 */
import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import type { LoadedConfig } from '../config/load.js';
import type { StatCacheEntry } from '../scan/types.js';
import { isMissing, readCacheJson, removePath, unreadableError, writeFileAtomic } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';
import { hashOfOutput } from './manifest.js';
import {
  applyDelta,
  type BaseLayer,
  baseLayerOf,
  deltaOf,
  isStatCacheDelta,
  type OutputStat,
  type StatCacheFile,
} from './stat-cache-delta.js';

export type { OutputStat, StatCacheFile } from './stat-cache-delta.js';

/** 2: entries carry the write facts of scripts (`scan/generator-scripts.ts`); an older cache lacks them. */
const STAT_CACHE_VERSION = 2;

export function statCacheKey(config: LoadedConfig): string {
  return sha256(`${toolVersion()}\0${config.hash}`);
}

/** The base each stat cache in memory was read from or last written as (its next delta's reference). */
const bases = new WeakMap<StatCacheFile, BaseLayer>();

export async function readStatCache(root: string, key: string): Promise<StatCacheFile | undefined> {
  const parsed = (await readCacheJson(absolutePath(root, layout.statCache))) as
    | StatCacheFile
    | null
    | undefined;
  if (parsed?.version !== STAT_CACHE_VERSION || parsed.key !== key || !parsed.entries) return undefined;
  const generation = parsed.generation;
  // A base without a generation (written before deltas) is read alone and written whole next time.
  if (generation === undefined) return parsed;
  const delta = await readCacheJson(absolutePath(root, layout.statCacheDelta));
  const applies =
    isStatCacheDelta(delta) &&
    delta.base === generation &&
    delta.key === key &&
    delta.version === parsed.version;
  const file = applies ? applyDelta(parsed, delta) : parsed;
  bases.set(file, baseLayerOf(parsed, generation));
  return file;
}

/** A stat cache made from `previous` (a refresh of it): its next write is a delta against the same base. */
function inheritBase(previous: StatCacheFile | undefined, file: StatCacheFile): StatCacheFile {
  const base = previous && previous.key === file.key ? bases.get(previous) : undefined;
  if (base) bases.set(file, base);
  return file;
}

export async function saveStatCache(
  root: string,
  key: string,
  entries: Record<string, StatCacheEntry>,
  writtenAt: number,
  outputHashes: Record<string, string> = {},
  previous?: StatCacheFile,
): Promise<StatCacheFile> {
  const outputs: Record<string, OutputStat> = {};
  for (const [path, hash] of Object.entries(outputHashes)) {
    const recorded = await statOutput(root, path, hash);
    if (recorded) outputs[path] = recorded;
  }
  const file: StatCacheFile = {
    version: STAT_CACHE_VERSION,
    key,
    writtenAt,
    entries,
    outputs,
    outputsRecordedAt: Date.now(),
  };
  await writeStatCache(root, inheritBase(previous, file));
  return file;
}

/**
 * Writes the stat cache: only its delta against the base it came from while that stays small
 * (an edit rewrites a few entries, not the 2.4 MB of a 10k-file tree), else the base whole under a
 * new generation (a delta left from the old one then names a base that is gone, and is removed).
 */
export async function writeStatCache(root: string, file: StatCacheFile): Promise<void> {
  const base = bases.get(file);
  const delta = base && deltaOf(base, file);
  if (delta) {
    await writeFileAtomic(absolutePath(root, layout.statCacheDelta), JSON.stringify(delta));
    return;
  }
  const generation = randomUUID();
  const { generation: _old, ...rest } = file;
  await writeFileAtomic(absolutePath(root, layout.statCache), JSON.stringify({ ...rest, generation }));
  await removePath(absolutePath(root, layout.statCacheDelta));
  bases.set(file, baseLayerOf(file, generation));
}

/**
 * The stat cache after a refresh of a few files, in memory (a long-lived process writes it later
 * with `writeStatCache`): this scan's entries, and the outputs as `previous` recorded them but for
 * those `written` now, the manifest and any whose hash moved, which are statted afresh. The scan
 * time stays the older one, so the racy-git guard stays as strict for the entries kept.
 */
export async function updatedStatCache(
  previous: StatCacheFile,
  root: string,
  entries: Record<string, StatCacheEntry>,
  outputHashes: Record<string, string>,
  written: ReadonlySet<string>,
): Promise<StatCacheFile> {
  const outputs: Record<string, OutputStat> = {};
  for (const [path, hash] of Object.entries(outputHashes)) {
    const kept = previous.outputs?.[path];
    const recorded =
      kept && kept.hash === hash && !written.has(path) ? kept : await statOutput(root, path, hash);
    if (recorded) outputs[path] = recorded;
  }
  return inheritBase(previous, { ...previous, entries, outputs, outputsRecordedAt: Date.now() });
}

/**
 * The output's stat is the one recorded right after this process wrote it. Every writer replaces
 * outputs by rename (a new inode), so unlike `outputHashFromStat` no racy window applies.
 */
export async function outputAsRecorded(root: string, path: string, cache: StatCacheFile): Promise<boolean> {
  const recorded = cache.outputs?.[path];
  const stats = recorded && (await fsp.stat(absolutePath(root, path)).catch(() => undefined));
  if (!recorded || !stats) return false;
  return (
    stats.ino === recorded.ino &&
    stats.size === recorded.size &&
    stats.mtimeMs === recorded.mtimeMs &&
    stats.ctimeMs === recorded.ctimeMs
  );
}

/** An output's stat as written, with the hash the manifest records; undefined when it was not written. */
async function statOutput(root: string, path: string, hash: string): Promise<OutputStat | undefined> {
  try {
    const stats = await fsp.stat(absolutePath(root, path));
    return { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino, hash };
  } catch (error) {
    // Not written: freshness hashes it (and finds it missing). One we cannot stat is an error.
    if (!isMissing(error)) throw unreadableError(path, error);
    return undefined;
  }
}

/**
 * The recorded hash of an output when its stat is unchanged since the build wrote it. Outputs
 * are statted right after they are written, so the racy window is one millisecond (mtimes on the
 * file systems we support have sub-millisecond precision), not the two seconds used for sources.
 */
export async function outputHashFromStat(
  root: string,
  path: string,
  cache: StatCacheFile | undefined,
): Promise<string | undefined> {
  const recorded = cache?.outputs?.[path];
  if (!recorded) return undefined;
  try {
    const stats = await fsp.stat(absolutePath(root, path));
    const same =
      stats.size === recorded.size &&
      stats.mtimeMs === recorded.mtimeMs &&
      stats.ctimeMs === recorded.ctimeMs &&
      stats.ino === recorded.ino;
    return same && stats.mtimeMs < (cache!.outputsRecordedAt ?? 0) - 1 ? recorded.hash : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined; // gone since the build: hashing says so
    throw unreadableError(path, error);
  }
}

/**
 * The hash of an output as it is on disk: the recorded one when its stat is unchanged since the
 * build wrote it, else read and hashed (undefined when it is missing).
 */
export async function currentOutputHash(
  root: string,
  path: string,
  cache: StatCacheFile | undefined,
  agentsFile: string,
): Promise<string | undefined> {
  return (await outputHashFromStat(root, path, cache)) ?? (await hashOfOutput(root, path, agentsFile));
}
