/**
 * `buildContextPackage()`: scan -> index -> graph -> compose -> write, under a lock. `build`
 * starts cold (no caches read); `update` reuses the stat, facts and token caches and, when
 * nothing changed, writes nothing at all.
 */
import { promises as fsp } from 'node:fs';
import { type LoadedConfig, loadConfig } from '../config/load.js';
import { buildDependencyGraph } from '../graph/build.js';
import type { DependencyGraph } from '../graph/types.js';
import { FactsCache } from '../index/cache.js';
import { indexRepository } from '../index/index-repository.js';
import type { IndexedFile, IndexStats } from '../index/types.js';
import { TokenCache } from '../pack/tokenizer.js';
import { detectProject } from '../scan/project.js';
import { scanRepository } from '../scan/scan.js';
import { type EventBus, silentBus } from '../shared/events.js';
import { readTextIfExists, withLock, writeFileAtomic } from '../shared/fs.js';
import { headCommit } from '../shared/git.js';
import { hashEntries, sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { splitManagedBlock } from '../shared/managed-block.js';
import { absolutePath, baseName, resolveAbsolute } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';
import { type ContextPackage, composeContextPackage } from './compose.js';
import { readLessonLines } from './lessons.js';
import { type ContextManifest, MANIFEST_SCHEMA_VERSION, readManifest } from './manifest.js';
import { readStatCache, saveStatCache, statCacheKey } from './stat-cache.js';
import { hashContextDirectory, type WrittenOutput, writeContextPackage } from './writers/package.js';

export type BuildMode = 'build' | 'update';

export interface BuildOptions {
  /** `build` ignores caches; `update` reuses them. @default 'build' */
  mode?: BuildMode;
  bus?: EventBus;
  /** Use this config instead of loading the repository's. */
  config?: LoadedConfig;
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
}

export interface BuildStats {
  files: number;
  indexed: number;
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
  mode: BuildResult['mode'];
  reason: string;
  stats: BuildStats;
  toolVersion: string;
}

export async function buildContextPackage(
  directory: string,
  options: BuildOptions = {},
): Promise<BuildResult> {
  const root = resolveAbsolute(directory);
  await assertDirectory(root);
  return withLock(absolutePath(root, layout.lock), () => buildLocked(root, options), {
    purpose: 'another build',
  });
}

async function buildLocked(root: string, options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const bus = options.bus ?? silentBus();
  const mode = options.mode ?? 'build';
  const stageMs: Record<string, number> = {};
  const timed = async <T>(stage: string, action: () => Promise<T> | T): Promise<T> => {
    const begin = performance.now();
    try {
      return await bus.stage(stage, action);
    } finally {
      stageMs[stage] = Math.round(performance.now() - begin);
    }
  };
  const config = options.config ?? (await loadConfig(root));
  const cacheKey = statCacheKey(config);
  const previous = mode === 'update' ? await readPreviousManifest(root, bus) : undefined;
  const statCache = mode === 'update' ? await readStatCache(root, cacheKey) : undefined;
  const scanned = await timed('scan', () =>
    scanRepository(root, {
      config: config.config,
      bus,
      ...(statCache ? { statCache: statCache.entries, statCacheWrittenAt: statCache.writtenAt } : {}),
    }),
  );
  const scanWrittenAt = Date.now();
  const sourceHash = hashEntries(
    scanned.scan.files.filter((file) => file.hash).map((file) => [file.path, file.hash!] as const),
  );
  const externalHashes = await timed('hash-context', async () => ({
    contracts: await hashContextDirectory(root, layout.contracts),
    taskPacks: await hashContextDirectory(root, layout.runs),
  }));
  if (previous && (await isUpToDate(root, previous, sourceHash, config, externalHashes))) {
    await saveStatCache(root, cacheKey, scanned.statCache, scanWrittenAt);
    const stats = reusedStats(previous, scanned.hashed, performance.now() - started, stageMs);
    const result = await reusedResult(root, previous, stats);
    await writeBuildInfo(root, result);
    return result;
  }

  const tokens = new TokenCache(absolutePath(root, layout.tokenCache));
  const facts = await timed('load-cache', async () => {
    if (mode !== 'update') return new FactsCache();
    await tokens.load();
    return new FactsCache(previous ? await readTrustedIndex(root, previous, bus) : []);
  });
  const index = await timed('index', () =>
    indexRepository(scanned.scan, {
      contents: scanned.contents,
      cache: facts,
      bus,
      workers: config.config.index.workers,
    }),
  );
  const graph = await timed('graph', () => buildDependencyGraph(root, index));
  const project = detectProject(scanned.scan);
  const agentsText = await readTextIfExists(absolutePath(root, config.config.context.agentsFile));
  const readme = await readReadme(
    root,
    scanned.scan.files.map((file) => file.path),
  );
  const lessons = await readLessonLines(root);
  const pkg = await timed('compose', async () =>
    composeContextPackage({
      root,
      rootName: baseName(root),
      scan: scanned.scan,
      files: index.files,
      indexStats: index.stats,
      graph,
      project,
      config,
      tokens,
      contents: scanned.contents,
      ...(readme === undefined ? {} : { readme }),
      agentsFileText: agentsText,
      ...(await gitCommitOf(root, scanned.scan.source)),
      externalHashes,
      ...(lessons.length > 0 ? { lessons } : {}),
    }),
  );
  const outputs = await timed('write', () => writeContextPackage(root, pkg, bus));
  await timed('save-cache', async () => {
    await tokens.save(new Set(index.files.map((file) => file.hash)));
    await saveStatCache(root, cacheKey, scanned.statCache, scanWrittenAt);
  });
  const stats = buildStats(
    index.stats,
    graph,
    scanned.hashed,
    scanned.scan.files.length,
    performance.now() - started,
    stageMs,
  );
  const result = builtResult(root, mode, previous, pkg, outputs, stats);
  await writeBuildInfo(root, result);
  return result;
}

/** The previous index.json, when it is byte for byte what the manifest says the last build wrote. */
async function readTrustedIndex(
  root: string,
  previous: ContextManifest,
  bus: EventBus,
): Promise<IndexedFile[]> {
  const text = await readTextIfExists(absolutePath(root, layout.index));
  if (text === undefined || sha256(text) !== previous.outputs[layout.index]) {
    if (text !== undefined)
      bus.log('info', `${layout.index} differs from what the last build wrote: re-parsing every file`);
    return [];
  }
  try {
    return (JSON.parse(text) as { files: IndexedFile[] }).files;
  } catch {
    return [];
  }
}

async function assertDirectory(root: string): Promise<void> {
  const { OcppError } = await import('../shared/errors.js');
  try {
    const stats = await fsp.stat(root);
    if (!stats.isDirectory()) throw new OcppError('USAGE', `${root} is not a directory`);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT')
      throw new OcppError('USAGE', `${root} does not exist`);
    throw error;
  }
}

async function readPreviousManifest(root: string, bus: EventBus): Promise<ContextManifest | undefined> {
  try {
    const manifest = await readManifest(root);
    if (manifest && manifest.schemaVersion < MANIFEST_SCHEMA_VERSION) {
      bus.log(
        'info',
        `manifest schemaVersion ${manifest.schemaVersion} is older than ${MANIFEST_SCHEMA_VERSION}: rebuilding`,
      );
      return undefined;
    }
    return manifest;
  } catch (error) {
    if ((error as { code?: string }).code === 'STATE_VERSION') throw error;
    bus.log('warn', `ignoring unreadable ${layout.manifest}: ${(error as Error).message}; rebuilding`);
    return undefined;
  }
}

/** Nothing to do when sources, config, tool and the outputs on disk all match the last build. */
async function isUpToDate(
  root: string,
  previous: ContextManifest,
  sourceHash: string,
  config: LoadedConfig,
  externalHashes: { contracts: string; taskPacks: string },
): Promise<boolean> {
  if (previous.tool.version !== toolVersion() || previous.hashes.source !== sourceHash) return false;
  if (previous.hashes.config !== config.hash) return false;
  if (
    previous.hashes.contracts !== externalHashes.contracts ||
    previous.hashes.taskPacks !== externalHashes.taskPacks
  )
    return false;
  for (const [path, hash] of Object.entries(previous.outputs)) {
    const text = await readTextIfExists(absolutePath(root, path));
    if (text === undefined) return false;
    const content = path === config.config.context.agentsFile ? managedBlockOf(text) : text;
    if (content === undefined || sha256(content) !== hash) return false;
  }
  return true;
}

function managedBlockOf(text: string): string | undefined {
  return splitManagedBlock(text).block;
}

async function readReadme(root: string, paths: string[]): Promise<string | undefined> {
  const name = paths.find((path) => /^readme(\.md|\.markdown|\.rst|\.txt)?$/i.test(path));
  return name ? readTextIfExists(absolutePath(root, name)) : undefined;
}

async function gitCommitOf(root: string, source: 'git' | 'walk'): Promise<{ gitCommit?: string }> {
  if (source !== 'git') return {};
  const commit = await headCommit(root);
  return commit ? { gitCommit: commit } : {};
}

function buildStats(
  index: IndexStats,
  graph: DependencyGraph,
  hashed: number,
  files: number,
  durationMs: number,
  stageMs: Record<string, number>,
): BuildStats {
  return {
    files,
    indexed: index.files,
    hashed,
    parsed: index.parsed,
    cached: index.cached,
    partial: index.partial,
    failed: index.failed,
    edges: graph.stats.edges,
    unresolved: graph.stats.unresolved,
    durationMs: Math.round(durationMs),
    stageMs,
  };
}

function reusedStats(
  previous: ContextManifest,
  hashed: number,
  durationMs: number,
  stageMs: Record<string, number>,
): BuildStats {
  return {
    files: previous.counts.files,
    indexed: previous.counts.indexed,
    hashed,
    parsed: 0,
    cached: previous.counts.indexed,
    partial: 0,
    failed: 0,
    edges: previous.counts.edges,
    unresolved: previous.counts.unresolved,
    durationMs: Math.round(durationMs),
    stageMs,
  };
}

async function reusedResult(
  root: string,
  previous: ContextManifest,
  stats: BuildStats,
): Promise<BuildResult> {
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
  };
}

function builtResult(
  root: string,
  mode: BuildMode,
  previous: ContextManifest | undefined,
  pkg: ContextPackage,
  outputs: WrittenOutput[],
  stats: BuildStats,
): BuildResult {
  const incremental = mode === 'update' && stats.cached > 0;
  return {
    root,
    mode: incremental ? 'incremental' : 'cold',
    reason:
      mode === 'build'
        ? 'full build requested'
        : previous
          ? `${stats.parsed} file(s) re-parsed, ${stats.cached} reused from the cache`
          : 'no previous build: built from scratch',
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
  };
}

async function readJsonQuietly(root: string, path: string): Promise<unknown> {
  try {
    const text = await readTextIfExists(absolutePath(root, path));
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

async function writeBuildInfo(root: string, result: BuildResult): Promise<void> {
  const info: BuildInfo = {
    schemaVersion: 1,
    builtAt: new Date().toISOString(),
    mode: result.mode,
    reason: result.reason,
    stats: result.stats,
    toolVersion: toolVersion(),
  };
  await writeFileAtomic(absolutePath(root, layout.buildInfo), `${JSON.stringify(info, null, 2)}\n`);
}

export async function readBuildInfo(root: string): Promise<BuildInfo | undefined> {
  try {
    const text = await readTextIfExists(absolutePath(root, layout.buildInfo));
    return text ? (JSON.parse(text) as BuildInfo) : undefined;
  } catch {
    return undefined;
  }
}
