/**
 * The stat cache as two layers, so that an edit rewrites O(edit) bytes: a base file written whole
 * now and then (`cache/stat.json`, named by a `generation`), and a delta against it
 * (`cache/stat-delta.json`): every entry and output stat that differs from the base, and the paths
 * the base has that are gone. The delta always describes the whole cache against its base, so
 * writing a new one replaces the last; base and delta together are exactly the file a whole
 * write would have held. Pure: the reading and writing are in `stat-cache.ts`.
 */
import type { StatCacheEntry } from '../scan/types.js';

/** The stat cache as one file reads (a base alone, or a base with its delta applied). */
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
  /** The base file's name for itself (unique per whole write), which a delta names to apply to it. */
  generation?: string;
}

export interface OutputStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  hash: string;
}

/** 1: entries, removed, outputs and removedOutputs against the base named by `base`. */
export const STAT_DELTA_SCHEMA_VERSION = 1;

export interface StatCacheDelta {
  schemaVersion: number;
  /** The stat cache version and key it was written under (the base's). */
  version: number;
  key: string;
  /** The generation of the base file it applies to. */
  base: string;
  writtenAt: number;
  outputsRecordedAt?: number;
  entries: Record<string, StatCacheEntry>;
  removed: string[];
  outputs: Record<string, OutputStat>;
  removedOutputs: string[];
}

/** The base file a stat cache was read from or last written as: what its next delta is taken against. */
export interface BaseLayer {
  generation: string;
  entries: Readonly<Record<string, StatCacheEntry>>;
  outputs: Readonly<Record<string, OutputStat>>;
  size: number;
}

/** Above this many changed paths (or a tenth of the base, when larger) the base is written whole again. */
const MIN_COMPACTION = 256;

export function baseLayerOf(file: StatCacheFile, generation: string): BaseLayer {
  const entries = file.entries;
  const outputs = file.outputs ?? {};
  return { generation, entries, outputs, size: Object.keys(entries).length + Object.keys(outputs).length };
}

/** `file` against its base; undefined when the difference has grown past compaction (write the base whole). */
export function deltaOf(base: BaseLayer, file: StatCacheFile): StatCacheDelta | undefined {
  const limit = Math.max(MIN_COMPACTION, Math.floor(base.size / 10));
  const entries = changedOf(base.entries, file.entries, sameEntry);
  const outputs = changedOf(base.outputs, file.outputs ?? {}, sameOutput);
  if (entries.count + outputs.count > limit) return undefined;
  return {
    schemaVersion: STAT_DELTA_SCHEMA_VERSION,
    version: file.version,
    key: file.key,
    base: base.generation,
    writtenAt: file.writtenAt,
    ...(file.outputsRecordedAt === undefined ? {} : { outputsRecordedAt: file.outputsRecordedAt }),
    entries: entries.changed,
    removed: entries.removed,
    outputs: outputs.changed,
    removedOutputs: outputs.removed,
  };
}

/** The cache a base and its delta describe (the base's maps are left as they are). */
export function applyDelta(base: StatCacheFile, delta: StatCacheDelta): StatCacheFile {
  const entries = { ...base.entries, ...delta.entries };
  for (const path of delta.removed) delete entries[path];
  const outputs = { ...base.outputs, ...delta.outputs };
  for (const path of delta.removedOutputs) delete outputs[path];
  const { generation: _generation, ...rest } = base;
  return {
    ...rest,
    writtenAt: delta.writtenAt,
    entries,
    outputs,
    ...(delta.outputsRecordedAt === undefined ? {} : { outputsRecordedAt: delta.outputsRecordedAt }),
  };
}

/** A delta file's JSON, when it has this shape (anything else is ignored: the base alone stands). */
export function isStatCacheDelta(value: unknown): value is StatCacheDelta {
  if (!value || typeof value !== 'object') return false;
  const delta = value as Partial<StatCacheDelta>;
  return (
    delta.schemaVersion === STAT_DELTA_SCHEMA_VERSION &&
    typeof delta.base === 'string' &&
    typeof delta.key === 'string' &&
    typeof delta.writtenAt === 'number' &&
    isRecord(delta.entries) &&
    isRecord(delta.outputs) &&
    Array.isArray(delta.removed) &&
    Array.isArray(delta.removedOutputs)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What differs between two maps: changed or new values, and removed keys. Unchanged entries are
 * mostly the very objects the base held (the scan keeps them), so this is a pointer check per path.
 */
function changedOf<T>(
  before: Readonly<Record<string, T>>,
  after: Readonly<Record<string, T>>,
  same: (a: T, b: T) => boolean,
): { changed: Record<string, T>; removed: string[]; count: number } {
  const changed: Record<string, T> = {};
  const removed: string[] = [];
  let count = 0;
  let kept = 0;
  for (const [path, value] of Object.entries(after)) {
    const old = before[path];
    if (old !== undefined && same(old, value)) {
      kept++;
      continue;
    }
    changed[path] = value;
    count++;
  }
  if (kept < Object.keys(before).length) {
    for (const path of Object.keys(before)) {
      if (after[path] !== undefined) continue;
      removed.push(path);
      count++;
    }
  }
  return { changed, removed, count };
}

function sameEntry(a: StatCacheEntry, b: StatCacheEntry): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function sameOutput(a: OutputStat, b: OutputStat): boolean {
  return (
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    a.ctimeMs === b.ctimeMs &&
    a.ino === b.ino &&
    a.hash === b.hash
  );
}
