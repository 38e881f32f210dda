/**
 * `buildContextPackage()`: compute (scan -> index -> graph -> compose) and write, under a lock.
 * `build` starts cold (no caches read); `update` reuses the stat, facts and token caches and,
 * when nothing changed, writes nothing at all.
 */
import { type LoadedConfig, loadConfig } from '../config/load.js';
import { everyContractPresent } from '../contracts/files.js';
import { saveShardKeys } from '../index/shard-keys.js';
import { OcppError } from '../shared/errors.js';
import { type EventBus, silentBus } from '../shared/events.js';
import { existingDirectory, readCacheJson, withLock } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { describeHolder } from '../shared/lock.js';
import { absolutePath, baseName } from '../shared/path.js';
import { type BuildStats, type ContextRefreshMetrics, readBuildInfo, writeBuildInfo } from './build-info.js';
import { saveKeptCentral } from './central-cache.js';
import type {
  BuildComputation,
  BuildMode,
  ComputedContext,
  ComputeOptions,
  ContextInputs,
  HeldContext,
} from './computation.js';
import { computeForBuild, heldContextOf } from './compute.js';
import { projectOf } from './detected-project.js';
import type { ContextManifest } from './manifest.js';
import { heldScanOf, readHeldContext } from './previous-build.js';
import {
  outputAsRecorded,
  outputHashFromStat,
  type StatCacheFile,
  saveStatCache,
  updatedStatCache,
  writeStatCache,
} from './stat-cache.js';
import { saveTallies } from './tallies.js';
import {
  hashContextDirectory,
  type KnownOnDisk,
  type WrittenOutput,
  writeContextPackage,
} from './writers/package.js';

export { existingDirectory } from '../shared/fs.js';
export { type BuildInfo, type BuildStats, readBuildInfo } from './build-info.js';
export type { BuildMode, HeldContext } from './computation.js';

export interface BuildOptions {
  /** `build` ignores caches; `update` reuses them. @default 'build' */
  mode?: BuildMode;
  bus?: EventBus;
  /** Use this config instead of loading the repository's. */
  config?: LoadedConfig;
  /** How long to wait for another build holding the lock, in milliseconds. @default 60000 */
  waitMs?: number;
}

export interface BuildResult {
  root: string;
  /** `cold`: everything parsed; `incremental`: caches reused; `reused`: nothing changed, nothing written. */
  mode: 'cold' | 'incremental' | 'reused';
  reason: string;
  outputs: WrittenOutput[];
  stats: BuildStats;
  summary: { name: string; description: string; languages: string[] };
  readiness: { score: number; grade: string };
  savings: { repositoryTokens: number; withContext: number; ratio: number; method: string };
  manifest: { sourceHash: string; outputsHash: string };
  contextRefresh: ContextRefreshMetrics;
}

/** Stage timer shared by every command that computes a context. */
export function stageTimer(bus: EventBus): {
  stageMs: Record<string, number>;
  timed: <T>(stage: string, action: () => Promise<T> | T) => Promise<T>;
} {
  const stageMs: Record<string, number> = {};
  const timed = async <T>(stage: string, action: () => Promise<T> | T): Promise<T> => {
    const begin = performance.now();
    try {
      return await bus.stage(stage, action);
    } finally {
      stageMs[stage] = Math.round(performance.now() - begin);
    }
  };
  return { stageMs, timed };
}

export async function buildContextPackage(
  directory: string,
  options: BuildOptions = {},
): Promise<BuildResult> {
  const root = await existingDirectory(directory);
  return withContextLock(root, async () => (await buildLocked(root, options)).result, options);
}

/** A refresh and the build to hold in memory until the next one. */
export interface HeldRefresh {
  result: BuildResult;
  /** What to pass to the next refresh (unchanged when nothing was rebuilt). */
  held: HeldContext | undefined;
}

/**
 * The in-process refresh of a long-lived process (the sidecar): an `update` that takes the last
 * build's facts and graph from memory instead of reading them back from disk, and returns the new
 * ones to hold. `held` is used only while the manifest on disk is the one it describes (another
 * process's build in between makes this refresh read the disk, as `update` does).
 */
export async function refreshHeldContext(
  directory: string,
  held: HeldContext | undefined,
  options: Omit<BuildOptions, 'mode'> & {
    /** The paths a watcher saw change since `held` was built: only these are statted (see compute). */
    changed?: readonly string[];
  } = {},
): Promise<HeldRefresh> {
  const root = await existingDirectory(directory);
  const { changed, ...buildOptions } = options;
  return withContextLock(
    root,
    async () => {
      const { result, computed, statCache, unsaved } = await buildLocked(
        root,
        { ...buildOptions, mode: 'update' },
        held && { held, ...(changed ? { changed } : {}) },
      );
      if (computed.pkg) return { result, held: heldContextOf(computed, statCache, unsaved) };
      // Up to date at the start: read the build once now, so the first edit is incremental too.
      const current = held && held.manifest.hashes.outputs === computed.previous?.hashes.outputs;
      if (current && statCache)
        return { result, held: { ...held, scan: heldScanOf(computed, statCache, unsaved) } };
      const bus = options.bus ?? silentBus();
      return { result, held: current ? held : await readHeldContext(root, computed, bus, statCache) };
    },
    options,
  );
}

/** Writes the stat cache a held refresh kept in memory (the sidecar, when idle and when it stops). */
export async function saveHeldStatCache(directory: string, held: HeldContext): Promise<HeldContext> {
  const scan = held.scan;
  if (!scan?.unsaved) return held;
  const root = await existingDirectory(directory);
  await withContextLock(root, async () => {
    // Another process built since: its stat cache is newer than the one held, keep it.
    if (await outputAsRecorded(root, layout.manifest, scan.statCache))
      await writeStatCache(root, scan.statCache);
  });
  return { ...held, scan: { ...scan, unsaved: false } };
}

/** Runs `action` under the lock every writer of `.agent-context/` outputs takes; says whom it waits for. */
export function withContextLock<T>(
  root: string,
  action: () => Promise<T>,
  options: { bus?: EventBus; waitMs?: number } = {},
): Promise<T> {
  return withLock(absolutePath(root, layout.lock), action, {
    purpose: 'another build',
    ...(options.waitMs === undefined ? {} : { waitMs: options.waitMs }),
    onWait: (holder) =>
      options.bus?.log(
        'info',
        `waiting for the lock: ${holder ? describeHolder(holder) : 'another build'} holds it`,
      ),
  });
}

/** A finished build, its computation, and the stat cache as it now is (undefined: none was read or written). */
interface LockedBuild {
  result: BuildResult;
  computed: BuildComputation;
  statCache: StatCacheFile | undefined;
  /** `statCache` was not written (a refresh told what changed): its holder writes it later. */
  unsaved: boolean;
}

async function buildLocked(
  root: string,
  options: BuildOptions,
  held?: Pick<ComputeOptions, 'held' | 'changed'>,
): Promise<LockedBuild> {
  const started = performance.now();
  const bus = options.bus ?? silentBus();
  const mode = options.mode ?? 'build';
  const { stageMs, timed } = stageTimer(bus);
  const config = options.config ?? (await loadConfig(root));
  const computed = await computeForBuild(root, { mode, bus, config, timed, ...held });
  if (!computed.pkg)
    return { ...(await finishKeeping({ root, mode, computed, outputs: [], started, stageMs })), computed };
  await timed('contracts', () => writeMissingContracts(root, computed, bus));
  const outputs = await timed('write', () =>
    writeContextPackage(root, computed.pkg, bus, knownOnDisk(root, computed)),
  );
  const agentsFile = computed.pkg.files.find((file) => file.path === config.config.context.agentsFile);
  // No `[lesson ` line, nothing to record: the lesson store is not loaded for it.
  if (agentsFile?.content.includes('[lesson '))
    await (await import('./agents-lessons.js')).recordServedLessons(
      root,
      agentsFile.path,
      agentsFile.content,
    );
  return { ...(await finishKeeping({ root, mode, computed, outputs, started, stageMs })), computed };
}

/**
 * Contracts: inferred into .agent-context/contracts/ when missing, never rewritten (see
 * src/contracts/stamp.ts). The manifest then records the hash of what is now on disk.
 */
async function writeMissingContracts(root: string, computed: ComputedContext, bus: EventBus): Promise<void> {
  // All five there (every build after the first): inference would write nothing, so its modules stay unloaded.
  if (await everyContractPresent(root)) return;
  const { scan, contents } = computed.scanned;
  const { ensureContracts, repositoryReader, treeFiles } = await import('../contracts/index.js');
  const result = await ensureContracts(root, {
    files: treeFiles(scan.files),
    project: projectOf(scan),
    graph: computed.graph,
    readFile: repositoryReader(root, contents),
  });
  if (result.written.length === 0) return;
  bus.log('info', `inferred ${result.written.join(', ')}`);
  computed.pkg.manifest.hashes.contracts = await hashContextDirectory(root, layout.contracts);
}

/** What a build run hands its finish: where, how, what it computed and wrote, and when it started. */
export interface FinishingRun {
  root: string;
  mode: BuildMode;
  computed: BuildComputation;
  /** What writing its package wrote; empty when nothing was composed. */
  outputs: WrittenOutput[];
  /** `performance.now()` when the run began. */
  started: number;
  stageMs: Record<string, number>;
}

/**
 * Saves the caches and build info, and turns a computed context into the result: written
 * (`outputs` from writing its package) or up to date (nothing written, `outputs` empty).
 */
export async function finishBuild(run: FinishingRun): Promise<BuildResult> {
  return (await finishKeeping(run)).result;
}

/** `finishBuild()`, also saying what the stat cache on disk now holds (a long-lived process keeps it). */
async function finishKeeping(run: FinishingRun): Promise<Omit<LockedBuild, 'computed'>> {
  const { root, computed, outputs } = run;
  if (computed.pkg) {
    await computed.tokens.save(new Set(computed.index.files.map((file) => file.hash)));
    await saveTallies(root, computed.pkg.tallies);
    await saveKeptCentral(root, computed.pkg.central);
    await saveShardKeys(root, computed.pkg.facts.summaries());
  }
  const kept = await keepStatCache(root, computed, outputs);
  return { result: await resultOf(run), ...kept };
}

/**
 * The stat cache after this run. Nothing re-read, nothing written, outputs already recorded: the
 * one read is still exact. A refresh told what changed (`rescanned`) updates the one it holds in
 * memory and leaves the writing to its holder (2.4 MB of JSON per edit on a 10k-file tree, only
 * for the next process); any other run writes it.
 */
async function keepStatCache(
  root: string,
  computed: BuildComputation,
  outputs: WrittenOutput[],
): Promise<Pick<LockedBuild, 'statCache' | 'unsaved'>> {
  const { statCache, rescanned } = computed;
  if (!computed.pkg && computed.scanned.hashed === 0 && statCache?.outputs !== undefined)
    return { statCache, unsaved: rescanned };
  const outputHashes = { ...(computed.pkg?.manifest.outputs ?? computed.previous?.outputs ?? {}) };
  outputHashes[layout.manifest] = 'manifest';
  const entries = computed.scanned.statCache;
  if (rescanned && statCache) {
    const written = new Set(outputs.filter((output) => output.written).map((output) => output.path));
    const updated = await updatedStatCache(statCache, root, entries, outputHashes, written);
    return { statCache: updated, unsaved: true };
  }
  const { statCacheKey, scanStartedAt } = computed;
  return {
    statCache: await saveStatCache(root, statCacheKey, entries, scanStartedAt, outputHashes, statCache),
    unsaved: false,
  };
}

/** Writes the build info and turns a computed context into the result. */
async function resultOf({
  root,
  mode,
  computed,
  outputs,
  started,
  stageMs,
}: FinishingRun): Promise<BuildResult> {
  const stats = statsOf(computed, performance.now() - started, stageMs);
  const result = computed.pkg
    ? builtResult(root, mode, computed, outputs, stats)
    : await reusedResult(root, computed.previous, stats);
  const previousInfo = await readBuildInfo(root);
  result.contextRefresh = {
    mode: result.mode === 'cold' ? 'rebuilt' : result.mode,
    reason: result.reason,
    cacheHits: stats.cached,
    cacheMisses: stats.parsed,
    buildCount: (previousInfo?.contextRefresh?.buildCount ?? 0) + 1,
    durationMs: stats.durationMs,
  };
  // build-info says what the last build did: a run that found nothing to do leaves it as it is.
  if (result.mode !== 'reused' || !previousInfo)
    await writeBuildInfo(root, {
      mode: result.mode,
      reason: result.reason,
      stats: result.stats,
      contextRefresh: result.contextRefresh,
    });
  return result;
}

function statsOf(
  computed: BuildComputation,
  durationMs: number,
  stageMs: Record<string, number>,
): BuildStats {
  const { previous, scanned } = computed;
  const skipped = scanned.scan.files.filter(
    (file) => file.skipped && file.skipped !== 'managed-output',
  ).length;
  const common = { hashed: scanned.hashed, skipped, durationMs: Math.round(durationMs), stageMs };
  if (!computed.pkg) {
    return {
      files: previous?.counts.files ?? scanned.scan.files.length,
      indexed: previous?.counts.indexed ?? 0,
      parsed: 0,
      cached: previous?.counts.indexed ?? 0,
      partial: 0,
      failed: 0,
      edges: previous?.counts.edges ?? 0,
      unresolved: previous?.counts.unresolved ?? 0,
      ...common,
    };
  }
  const { index, graph } = computed;
  return {
    files: scanned.scan.files.length,
    indexed: index.stats.files,
    parsed: index.stats.parsed,
    cached: index.stats.cached,
    partial: index.stats.partial,
    failed: index.stats.failed,
    edges: graph.stats.edges,
    unresolved: graph.stats.unresolved,
    ...common,
  };
}

const PENDING_REFRESH: ContextRefreshMetrics = {
  mode: 'reused',
  reason: '',
  cacheHits: 0,
  cacheMisses: 0,
  buildCount: 0,
  durationMs: 0,
};

async function reusedResult(
  root: string,
  previous: ContextManifest | undefined,
  stats: BuildStats,
): Promise<BuildResult> {
  // Up to date means the last build's manifest was read and matched.
  if (!previous) throw new OcppError('INTERNAL', 'an up-to-date build without a previous manifest');
  const readiness = (await readJsonQuietly(root, layout.readiness)) as
    | { score?: number; grade?: string }
    | undefined;
  const savings = (await readJsonQuietly(root, layout.savings)) as
    | { repository?: { tokens?: number }; withContext?: number; ratio?: number; method?: string }
    | undefined;
  return {
    root,
    mode: 'reused',
    reason: 'sources, config and outputs match the last build',
    outputs: Object.keys(previous.outputs)
      .concat(layout.manifest)
      .sort()
      .map((path) => ({ path, bytes: 0, written: false })),
    stats,
    summary: { name: baseName(root), description: '', languages: [] },
    readiness: { score: readiness?.score ?? 0, grade: readiness?.grade ?? 'unknown' },
    savings: {
      repositoryTokens: savings?.repository?.tokens ?? 0,
      withContext: savings?.withContext ?? 0,
      ratio: savings?.ratio ?? 0,
      method: savings?.method ?? 'unknown',
    },
    manifest: { sourceHash: previous.hashes.source, outputsHash: previous.hashes.outputs },
    contextRefresh: { ...PENDING_REFRESH },
  };
}

function builtResult(
  root: string,
  mode: BuildMode,
  computed: ComputedContext,
  outputs: WrittenOutput[],
  stats: BuildStats,
): BuildResult {
  const { pkg } = computed;
  const incremental = mode === 'update' && stats.cached > 0;
  const reason =
    mode === 'build'
      ? 'full build requested'
      : computed.previous
        ? `${stats.parsed} file(s) re-parsed, ${stats.cached} reused from the cache`
        : 'no previous build: built from scratch';
  return {
    root,
    mode: incremental ? 'incremental' : 'cold',
    reason,
    outputs,
    stats,
    summary: {
      name: pkg.summary.name,
      description: pkg.summary.description,
      languages: pkg.summary.languages.map((entry) => entry.language),
    },
    readiness: { score: pkg.readiness.score, grade: pkg.readiness.grade },
    savings: {
      repositoryTokens: pkg.savings.repository.tokens,
      withContext: pkg.savings.withContext,
      ratio: pkg.savings.ratio,
      method: pkg.savings.method,
    },
    manifest: { sourceHash: pkg.manifest.hashes.source, outputsHash: pkg.manifest.hashes.outputs },
    contextRefresh: { ...PENDING_REFRESH },
  };
}

async function readJsonQuietly(root: string, path: string): Promise<unknown> {
  return readCacheJson(absolutePath(root, path));
}

/** An output is already on disk when the last build recorded this hash and its stat has not moved since. */
export function knownOnDisk(root: string, computed: ContextInputs): KnownOnDisk | undefined {
  const { previous, statCache } = computed;
  if (!previous || !statCache) return undefined;
  return async (path, hash) =>
    previous.outputs[path] === hash && (await outputHashFromStat(root, path, statCache)) === hash;
}
