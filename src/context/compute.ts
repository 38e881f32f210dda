/**
 * The computing half of a build: scan -> index -> graph -> compose, with the caches `update`
 * reuses. Nothing here writes outputs, so `build`, `update`, `delta` and `evolve` share it and
 * differ only in what they do with the result.
 */
import type { LoadedConfig } from '../config/load.js';
import type { ReusableGraph } from '../graph/build.js';
import type { DependencyGraph } from '../graph/types.js';
import { FactsCache } from '../index/cache.js';
import type { RepositoryIndex } from '../index/types.js';
import { TokenCache } from '../pack/tokenizer.js';
import { detectProject } from '../scan/project.js';
import { type ScanOutput, scanRepository } from '../scan/scan.js';
import type { EventBus } from '../shared/events.js';
import { pathExists, readRepositoryTextIfExists, readTextIfExists } from '../shared/fs.js';
import { headCommit, runGit } from '../shared/git.js';
import { hashEntries, sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { absolutePath, baseName } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';
import type { ContextPackage } from './compose.js';
import { hashLessons } from './lesson-hash.js';
import { type ContextManifest, readPreviousManifest } from './manifest.js';
import { isProjectConfiguration } from './refresh.js';
import {
  currentOutputHash,
  outputHashFromStat,
  readStatCache,
  type StatCacheFile,
  statCacheKey,
} from './stat-cache.js';
import { hashContextDirectory, isTaskPackFile } from './writers/package.js';

export type BuildMode = 'build' | 'update';

/**
 * The heavy stages (parsers, resolvers, composing) are imported only when something must be
 * recomputed: an `update` that finds nothing changed never loads them.
 */
async function loadStages() {
  const [{ indexRepository }, { buildDependencyGraph }, { composeContextPackage }] = await Promise.all([
    import('../index/index-repository.js'),
    import('../graph/build.js'),
    import('./compose.js'),
  ]);
  return { indexRepository, buildDependencyGraph, composeContextPackage };
}

export interface ComputeOptions {
  mode: BuildMode;
  bus: EventBus;
  config: LoadedConfig;
  /** Wraps each stage to time it. */
  timed: <T>(stage: string, action: () => Promise<T> | T) => Promise<T>;
  /** Compose even when nothing changed (delta and evolve want the package to compare). @default false */
  alwaysCompose?: boolean;
  /** Stop after the graph (drift needs no generated outputs). @default false */
  skipCompose?: boolean;
  /** A long-lived caller's state of its own last refresh, used instead of re-reading it from disk. */
  memory?: ComputeMemory;
}

/**
 * What the last refresh of a long-lived process (the sidecar's session) computed and wrote: its
 * manifest, stat cache, facts, graph and token counts. Trusted only while the manifest on disk
 * still records the same outputs (nobody else built since).
 */
export interface ComputeMemory {
  manifest: ContextManifest;
  statCache: StatCacheFile;
  facts: FactsCache;
  graph: DependencyGraph;
  tokens: TokenCache;
}

export interface ComputedContext {
  /** The last build's manifest (read in every mode: a newer schema is refused before anything is written). */
  previous: ContextManifest | undefined;
  scanned: ScanOutput;
  scanStartedAt: number;
  statCacheKey: string;
  sourceHash: string;
  externalHashes: { contracts: string; taskPacks: string; memory: string };
  /** Sources, config, tool and outputs on disk all match the last build. */
  upToDate: boolean;
  tokens: TokenCache;
  /** The stat cache this run read (update mode). */
  statCache?: StatCacheFile;
  /** The stat cache the build saved after writing (set by finishBuild). */
  savedStatCache?: StatCacheFile;
  /** Absent when up to date and not asked to compose anyway. */
  index?: RepositoryIndex;
  graph?: DependencyGraph;
  pkg?: ContextPackage;
}

export async function computeContext(root: string, options: ComputeOptions): Promise<ComputedContext> {
  const { mode, bus, config, timed } = options;
  const previous = await readPreviousManifest(root, bus);
  const key = statCacheKey(config);
  const memory = mode === 'update' ? trustedMemory(options.memory, previous, key) : undefined;
  const statCache = mode === 'update' ? (memory?.statCache ?? (await readStatCache(root, key))) : undefined;
  const scanStartedAt = Date.now();
  const scanned = await timed('scan', () =>
    scanRepository(root, {
      config: config.config,
      bus,
      ...(statCache ? { statCache: statCache.entries, statCacheWrittenAt: statCache.writtenAt } : {}),
    }),
  );
  const sourceHash = hashEntries(
    scanned.scan.files.filter((file) => file.hash).map((file) => [file.path, file.hash!] as const),
  );
  const externalHashes = await timed('hash-context', async () => ({
    contracts: await hashContextDirectory(root, layout.contracts),
    taskPacks: await hashContextDirectory(root, layout.runs, isTaskPackFile),
    memory: await hashLessons(root),
  }));
  const tokens = memory?.tokens ?? new TokenCache(absolutePath(root, layout.tokenCache));
  const base = {
    previous,
    scanned,
    scanStartedAt,
    statCacheKey: key,
    sourceHash,
    externalHashes,
    tokens,
    ...(statCache ? { statCache } : {}),
  };
  const upToDate =
    mode === 'update' &&
    previous !== undefined &&
    (await outputsMatch(root, previous, sourceHash, config, externalHashes, statCache));
  if (upToDate && !options.alwaysCompose) return { ...base, upToDate };

  const facts = await timed('load-cache', async () => {
    if (mode !== 'update') return new FactsCache();
    if (memory) return memory.facts;
    await tokens.load();
    return previous ? await readTrustedIndex(root, previous, bus, statCache) : new FactsCache();
  });
  const index = await timed('index', () =>
    loadStages().then(({ indexRepository }) =>
      indexRepository(scanned.scan, {
        contents: scanned.contents,
        cache: facts,
        bus,
        workers: config.config.index.workers,
      }),
    ),
  );
  const graph = await timed('graph', async () => {
    const reuse =
      mode === 'update' && previous
        ? await reusableGraph(root, previous, index, statCache, bus, memory?.graph)
        : undefined;
    return (await loadStages()).buildDependencyGraph(root, index, reuse);
  });
  if (options.skipCompose) return { ...base, upToDate, index, graph };
  const pkg = await timed('compose', () =>
    composeFrom(root, config, scanned, index, graph, tokens, externalHashes, facts),
  );
  return { ...base, upToDate, index, graph, pkg };
}

async function composeFrom(
  root: string,
  config: LoadedConfig,
  scanned: ScanOutput,
  index: RepositoryIndex,
  graph: DependencyGraph,
  tokens: TokenCache,
  externalHashes: ComputedContext['externalHashes'],
  facts: FactsCache,
): Promise<ContextPackage> {
  const agentsText = await readRepositoryTextIfExists(
    root,
    absolutePath(root, config.config.context.agentsFile),
  );
  const readme = await readReadme(
    root,
    scanned.scan.files.map((file) => file.path),
  );
  const { repositoryReader } = await import('../contracts/tree.js');
  const { readLessonLines } = await import('./lessons.js');
  const lessons = await readLessonLines(root, config.config.memory.servedInAgentsFile);
  const commit = scanned.scan.source === 'git' ? await headCommit(root) : undefined;
  return (await loadStages()).composeContextPackage({
    root,
    rootName: baseName(root),
    scan: scanned.scan,
    files: index.files,
    indexStats: index.stats,
    graph,
    project: detectProject(scanned.scan),
    config,
    tokens,
    contents: scanned.contents,
    ...(readme === undefined ? {} : { readme }),
    readFile: repositoryReader(root, scanned.contents),
    agentsFileText: agentsText,
    previousIndexLine: (file) => facts.lineFor(file),
    agentsFileScanned: await isScanned(root, config.config.context.agentsFile, scanned),
    ...(commit ? { gitCommit: commit } : {}),
    externalHashes,
    ...(lessons.length > 0 ? { lessons } : {}),
  });
}

/**
 * A previous output's text, when it is byte for byte what the manifest says the last build wrote:
 * its stat unchanged since it was written, or its hash equal to the recorded one.
 */
async function readTrustedOutput(
  root: string,
  path: string,
  previous: ContextManifest,
  statCache: StatCacheFile | undefined,
  bus: EventBus,
): Promise<string | undefined> {
  const text = await readTextIfExists(absolutePath(root, path));
  if (text === undefined) return undefined;
  const recorded = previous.outputs[path];
  const trusted = (await outputHashFromStat(root, path, statCache)) === recorded || sha256(text) === recorded;
  if (!trusted) bus.log('info', `${path} differs from what the last build wrote: not reusing it`);
  return trusted ? text : undefined;
}

/** The previous index.json's facts, when trusted (the per-file facts cache). */
export async function readTrustedIndex(
  root: string,
  previous: ContextManifest,
  bus: EventBus,
  statCache?: StatCacheFile,
): Promise<FactsCache> {
  const text = await readTrustedOutput(root, layout.index, previous, statCache, bus);
  if (text === undefined) return new FactsCache();
  try {
    return FactsCache.fromIndexText(text);
  } catch {
    return new FactsCache();
  }
}

/**
 * The previous graph and the files whose resolutions still stand: same file set, no changed
 * configuration that moves resolution (manifests, tsconfig, go.mod...), the file's bytes unchanged.
 */
async function reusableGraph(
  root: string,
  previous: ContextManifest,
  index: RepositoryIndex,
  statCache: StatCacheFile | undefined,
  bus: EventBus,
  known?: DependencyGraph,
): Promise<ReusableGraph | undefined> {
  if (previous.tool.version !== toolVersion()) return undefined;
  const current = new Map(index.files.map((file) => [file.path, file.hash]));
  const changed = [...current]
    .filter(([path, hash]) => previous.sources[path] !== hash)
    .map(([path]) => path);
  const removed = Object.keys(previous.sources).filter(
    (path) => !current.has(path) && previous.sources[path] !== undefined,
  );
  if ([...changed, ...removed].some(isProjectConfiguration)) return undefined;
  const graph = known ?? (await readGraph(root, previous, statCache, bus));
  if (graph === undefined) return undefined;
  if (graph.files.length !== current.size || graph.files.some((path) => !current.has(path))) return undefined;
  const changedSet = new Set(changed);
  return { graph, reusable: new Set(graph.files.filter((path) => !changedSet.has(path))) };
}

async function readGraph(
  root: string,
  previous: ContextManifest,
  statCache: StatCacheFile | undefined,
  bus: EventBus,
): Promise<DependencyGraph | undefined> {
  const text = await readTrustedOutput(root, layout.graph, previous, statCache, bus);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as DependencyGraph;
  } catch {
    return undefined;
  }
}

/**
 * The memory of a context already built and up to date (a session that found nothing to do): the
 * same state an `update` reads, read once, so the next refresh starts from memory.
 */
export async function loadComputeMemory(
  root: string,
  config: LoadedConfig,
): Promise<ComputeMemory | undefined> {
  const { silentBus } = await import('../shared/events.js');
  const bus = silentBus();
  const manifest = await readPreviousManifest(root, bus);
  const statCache = await readStatCache(root, statCacheKey(config));
  if (!manifest || !statCache) return undefined;
  const graph = await readGraph(root, manifest, statCache, bus);
  const facts = await readTrustedIndex(root, manifest, bus, statCache);
  if (!graph || facts.size === 0) return undefined;
  const tokens = new TokenCache(absolutePath(root, layout.tokenCache));
  await tokens.load();
  return { manifest, statCache, facts, graph, tokens };
}

/** The caller's memory when it describes what is on disk: the same manifest outputs, the same config. */
function trustedMemory(
  memory: ComputeMemory | undefined,
  previous: ContextManifest | undefined,
  key: string,
): ComputeMemory | undefined {
  if (!memory || !previous || memory.statCache.key !== key) return undefined;
  const same =
    memory.manifest.hashes.outputs === previous.hashes.outputs &&
    memory.manifest.hashes.source === previous.hashes.source &&
    memory.manifest.hashes.contracts === previous.hashes.contracts;
  return same ? memory : undefined;
}

/** Nothing to do when sources, config, tool and the outputs on disk all match the last build. */
async function outputsMatch(
  root: string,
  previous: ContextManifest,
  sourceHash: string,
  config: LoadedConfig,
  externalHashes: ComputedContext['externalHashes'],
  statCache: StatCacheFile | undefined,
): Promise<boolean> {
  if (previous.tool.version !== toolVersion() || previous.hashes.source !== sourceHash) return false;
  if (previous.hashes.config !== config.hash) return false;
  if (
    previous.hashes.contracts !== externalHashes.contracts ||
    previous.hashes.taskPacks !== externalHashes.taskPacks ||
    previous.hashes.memory !== externalHashes.memory
  )
    return false;
  // An output whose stat is unchanged since the build wrote it is not read again (as in freshness).
  for (const [path, hash] of Object.entries(previous.outputs)) {
    if ((await currentOutputHash(root, path, statCache, config.config.context.agentsFile)) !== hash)
      return false;
  }
  return true;
}

async function readReadme(
  root: string,
  paths: string[],
): Promise<{ path: string; text: string } | undefined> {
  const path = paths.find((candidate) => /^readme(\.md|\.markdown|\.rst|\.txt)?$/i.test(candidate));
  const text = path ? await readTextIfExists(absolutePath(root, path)) : undefined;
  return path && text !== undefined ? { path, text } : undefined;
}

/** Would a scan list this file? Yes when this scan did; for a file not written yet, unless .gitignore excludes it. */
async function isScanned(root: string, path: string, scanned: ScanOutput): Promise<boolean> {
  if (scanned.scan.files.some((file) => file.path === path)) return true;
  if (await pathExists(absolutePath(root, path))) return false;
  if (scanned.scan.source !== 'git') return true;
  const result = await runGit(['check-ignore', '-q', '--', path], root);
  return result.exitCode !== 0;
}
