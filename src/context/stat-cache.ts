/**
 * Stat data of the last scan (`.agent-context/cache/stat.json`): files whose size, mtime, ctime
 * and inode are unchanged keep their hash without being read. Keyed by tool version and config,
 * since both change how files are classified.
 */
import { promises as fsp } from 'node:fs';
import type { LoadedConfig } from '../config/load.js';
import type { StatCacheEntry } from '../scan/types.js';
import { isMissing, readCacheJson, unreadableError, writeFileAtomic } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';
import { hashOfOutput } from './manifest.js';

/** 2: entries carry the write facts of scripts (`scan/generator-scripts.ts`); an older cache lacks them. */
const STAT_CACHE_VERSION = 2;

export interface StatCacheFile {
  version: number;
  key: string;
  /** When the scan behind it started (ms since epoch): the racy-git guard compares mtimes to it. */
  writtenAt: number;
  entries: Record<string, StatCacheEntry>;
  /** Generated outputs as written by the last build: stat data and the hash the manifest records. */
  outputs?: Record<string, OutputStat>;
  /** When the outputs were statted (ms since epoch). */
  outputsRecordedAt?: number;
}

export interface OutputStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  hash: string;
}

export function statCacheKey(config: LoadedConfig): string {
  return sha256(`${toolVersion()}\0${config.hash}`);
}

export async function readStatCache(root: string, key: string): Promise<StatCacheFile | undefined> {
  const parsed = (await readCacheJson(absolutePath(root, layout.statCache))) as
    | StatCacheFile
    | null
    | undefined;
  return parsed?.version === STAT_CACHE_VERSION && parsed.key === key && parsed.entries ? parsed : undefined;
}

export async function saveStatCache(
  root: string,
  key: string,
  entries: Record<string, StatCacheEntry>,
  writtenAt: number,
  outputHashes: Record<string, string> = {},
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
  await writeStatCache(root, file);
  return file;
}

export async function writeStatCache(root: string, file: StatCacheFile): Promise<void> {
  await writeFileAtomic(absolutePath(root, layout.statCache), JSON.stringify(file));
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
  return { ...previous, entries, outputs, outputsRecordedAt: Date.now() };
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
