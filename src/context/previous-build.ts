/**
 * Reading the previous build back: the scan against the stat cache, whether anything changed at
 * all, and the last build's facts, graph and ranking, each trusted only when it is byte for byte
 * what the manifest says was written. `compute.ts` composes from what this finds.
 */
import type { LoadedConfig } from '../config/load.js';
import type { ReusableGraph } from '../graph/resolutions.js';
import type { DependencyGraph } from '../graph/types.js';
import { FactsCache } from '../index/cache.js';
import { changedExtractors } from '../index/languages/versions.js';
import { readShardKeys } from '../index/shard-keys.js';
import type { RepositoryIndex } from '../index/types.js';
import { TokenCache } from '../pack/tokenizer.js';
import { listRepositoryFiles, rescanChanged, scanRepository } from '../scan/scan.js';
import type { EventBus } from '../shared/events.js';
import { readBytesIfExists } from '../shared/fs.js';
import { hashEntries, sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { absolutePath, baseName } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';
import type { KeptCentral } from './central-cache.js';
import type { PreviousOutputs } from './compose.js';
import type {
  BuiltRanking,
  ComputedContext,
  ComputeOptions,
  ContextInputs,
  HeldContext,
  HeldScan,
  PreviousBuild,
  PreviousGraph,
} from './computation.js';
import { carryProject, detectedProjectOf } from './detected-project.js';
import { hashLessons } from './lesson-hash.js';
import { type ContextManifest, MANIFEST_SCHEMA_VERSION, readPreviousManifest } from './manifest.js';
import type { FileRank } from './rank.js';
import { isProjectConfiguration } from './refresh.js';
import {
  assembleGraph,
  componentOfOutput,
  type GraphHead,
  type GraphShard,
  graphHeadPath,
  HEAD_FILE,
  LEGACY,
  SHARD_SCHEMA_VERSION,
  shardOf,
} from './shards.js';
import {
  currentOutputHash,
  outputAsRecorded,
  outputHashFromStat,
  readStatCache,
  type StatCacheFile,
  statCacheKey,
} from './stat-cache.js';
import { readTallies } from './tallies.js';
import { hashContextDirectory, isTaskPackFile } from './writers/package.js';

/** The scan to hold beside a build: this run's listing, and the stat cache as it now is on disk. */
export function heldScanOf(computed: ContextInputs, statCache: StatCacheFile, unsaved = false): HeldScan {
  const project = detectedProjectOf(computed.scanned.scan);
  const listed = new Set(computed.listing.paths);
  return { listing: computed.listing, listed, statCache, unsaved, ...(project ? { project } : {}) };
}

/**
 * The last build as a long-lived process starts holding it, read from disk once: facts, graph and
 * ranking, each only if it is as the manifest says it was written. Undefined when any is missing.
 */
export async function readHeldContext(
  root: string,
  computed: ContextInputs,
  bus: EventBus,
  savedStatCache: StatCacheFile | undefined,
): Promise<HeldContext | undefined> {
  const { previous, statCache } = computed;
  if (!previous || previous.schemaVersion < MANIFEST_SCHEMA_VERSION) return undefined;
  const graph = await readTrustedGraph(root, previous, statCache, bus);
  const ranking = graph && (await readTrustedRanking(root, previous, statCache, bus));
  if (!graph || !ranking) return undefined;
  const facts = await readTrustedIndex(root, previous, bus, statCache);
  if (facts.size !== previous.counts.indexed) return undefined;
  const tallies = await readTallies(root);
  const scan = savedStatCache ? { scan: heldScanOf(computed, savedStatCache) } : {};
  return { manifest: previous, facts, graph, ranking, ...(tallies ? { tallies } : {}), ...scan };
}

export async function readInputs(root: string, options: ComputeOptions): Promise<ContextInputs> {
  const { mode, bus, config, timed } = options;
  const key = statCacheKey(config);
  const held = mode === 'update' ? await heldScan(root, key, options) : undefined;
  // `git ls-files` runs while the manifest and the stat cache are read (awaited in the scan stage).
  const listed = held ? Promise.resolve(held.listing) : listRepositoryFiles(root);
  listed.catch(() => undefined); // its failure is reported where it is awaited, not as unhandled
  const [previous, statCache] = await Promise.all([
    held ? options.held!.manifest : readPreviousManifest(root, bus),
    held?.statCache ?? (mode === 'update' ? readStatCache(root, key) : undefined),
  ]);
  const scanStartedAt = Date.now();
  const { listing, scanned } = await timed('scan', async () => {
    const listing = await listed;
    const scanOptions = {
      config: config.config,
      bus,
      listing: Promise.resolve(listing),
      ...(statCache ? { statCache: statCache.entries, statCacheWrittenAt: statCache.writtenAt } : {}),
    };
    const scanned = held
      ? await rescanChanged(root, { ...scanOptions, changed: options.changed! })
      : await scanRepository(root, scanOptions);
    if (held) carryProject(held.project, scanned.scan, options.changed!);
    return { listing, scanned };
  });
  const sourceHash = hashEntries(
    scanned.scan.files.filter((file) => file.hash).map((file) => [file.path, file.hash!] as const),
  );
  const externalHashes = await timed('hash-context', async () => ({
    contracts: await hashContextDirectory(root, layout.contracts),
    taskPacks: await hashContextDirectory(root, layout.runs, isTaskPackFile),
    memory: await hashLessons(root),
  }));
  const upToDate =
    mode === 'update' &&
    previous !== undefined &&
    (await outputsMatch(root, previous, sourceHash, config, externalHashes, statCache));
  return {
    previous,
    listing,
    rescanned: held !== undefined,
    scanned,
    scanStartedAt,
    statCacheKey: key,
    sourceHash,
    externalHashes,
    upToDate,
    tokens: new TokenCache(absolutePath(root, layout.tokenCache)),
    ...(statCache ? { statCache } : {}),
  };
}

/**
 * The held scan, when this refresh may restat only the changed paths: a watcher named them, each
 * was listed last time (no file added: the listing stands), no ignore rule changed, the config is
 * the same (the stat cache key), and the manifest on disk is still the one the held build wrote
 * (its stat as recorded right after writing it), so it need not be read again either.
 */
async function heldScan(root: string, key: string, options: ComputeOptions): Promise<HeldScan | undefined> {
  const scan = options.held?.scan;
  const changed = options.changed ?? [];
  if (!scan || changed.length === 0 || scan.statCache.key !== key) return undefined;
  if (changed.some((path) => !scan.listed.has(path) || baseName(path) === '.gitignore')) return undefined;
  return (await outputAsRecorded(root, layout.manifest, scan.statCache)) ? scan : undefined;
}

/** What compose may reuse of the last build: unchanged index lines and shards, untouched graph shards. */
export function previousOutputs(
  before: PreviousBuild,
  index: RepositoryIndex,
  central: KeptCentral | undefined,
): PreviousOutputs {
  const outputs: PreviousOutputs = {
    indexLine: (file) => before.facts.lineFor(file),
    indexShards: before.facts.shards,
  };
  if (!before.graph) return outputs;
  const changedFolders = new Set<string>();
  const changed = new Map<string, string | undefined>();
  const languages = new Map<string, string | undefined>();
  for (const file of index.files) {
    if (before.facts.hasLine(file)) continue;
    changedFolders.add(shardOf(file.path));
    const entry = before.facts.previousEntry(file.path);
    changed.set(file.path, entry?.kind);
    languages.set(file.path, entry?.language);
  }
  const ranking = before.ranking && { ...before.ranking, graph: before.graph.graph, changed };
  return {
    ...outputs,
    graphShards: { shards: before.graph.shards, changedFolders },
    ...(ranking ? { ranking } : {}),
    ...(ranking && central ? { central: { kept: central, languages } } : {}),
  };
}

/** The last build's ranking.json, when it is as that build wrote it and records its entrypoints. */
export async function readTrustedRanking(
  root: string,
  previous: ContextManifest,
  statCache: StatCacheFile | undefined,
  bus: EventBus,
): Promise<BuiltRanking | undefined> {
  const content = await readTrustedOutput(root, layout.ranking, previous, statCache, bus);
  if (content === undefined) return undefined;
  try {
    const parsed = JSON.parse(content) as { entrypoints?: unknown; files?: FileRank[] };
    if (typeof parsed.entrypoints !== 'string' || !Array.isArray(parsed.files)) return undefined;
    const document = { content, hash: previous.outputs[layout.ranking]! };
    return { ranking: parsed.files, entrypoints: parsed.entrypoints, document };
  } catch {
    return undefined;
  }
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
  return (await readTrustedBytes(root, path, previous, statCache, bus))?.toString('utf8');
}

/** `readTrustedOutput` as bytes: an index shard taken whole is written again without being decoded. */
async function readTrustedBytes(
  root: string,
  path: string,
  previous: ContextManifest,
  statCache: StatCacheFile | undefined,
  bus: EventBus,
): Promise<Buffer | undefined> {
  return (await readTrustedMany(root, [path], previous, statCache, bus))[0];
}

/** How many previous outputs are read at once: enough to keep the disk busy, far below fd limits. */
const READ_CONCURRENCY = 16;

/**
 * `readTrustedBytes` of many outputs, read concurrently (the index and graph shards of a build,
 * hundreds of files), in the order of `paths`; what was not trusted is logged in that order too.
 */
async function readTrustedMany(
  root: string,
  paths: readonly string[],
  previous: ContextManifest,
  statCache: StatCacheFile | undefined,
  bus: EventBus,
): Promise<Array<Buffer | undefined>> {
  const reads: Array<{ bytes: Buffer | undefined; trusted: boolean }> = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < paths.length; at = next++) {
      const path = paths[at]!;
      const bytes = await readBytesIfExists(absolutePath(root, path));
      const recorded = previous.outputs[path];
      const trusted =
        bytes !== undefined &&
        ((await outputHashFromStat(root, path, statCache)) === recorded || sha256(bytes) === recorded);
      reads[at] = { bytes, trusted };
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, paths.length) }, worker));
  return reads.map(({ bytes, trusted }, at) => {
    if (bytes !== undefined && !trusted)
      bus.log('info', `${paths[at]} differs from what the last build wrote: not reusing it`);
    return trusted ? bytes : undefined;
  });
}

/**
 * The previous build's facts (the per-file facts cache): every index shard that is as it was
 * written, held as bytes (each is parsed when one of its files is asked for; one whose files are
 * all unchanged is taken whole by the index stage, unparsed).
 */
export async function readTrustedIndex(
  root: string,
  previous: ContextManifest,
  bus: EventBus,
  statCache?: StatCacheFile,
): Promise<FactsCache> {
  const facts = new FactsCache();
  const summaries = await readShardKeys(root);
  const paths = Object.keys(previous.outputs).filter(
    (path) => componentOfOutput(path) === 'index' && !path.endsWith(HEAD_FILE),
  );
  const read = await readTrustedMany(root, paths, previous, statCache, bus);
  paths.forEach((path, at) => {
    const bytes = read[at];
    if (bytes === undefined) return;
    const hash = previous.outputs[path]!;
    try {
      if (path === LEGACY.index) facts.addIndexText(bytes.toString('utf8'));
      else facts.addShard(path, bytes, hash, summaries.get(hash));
    } catch {
      bus.log('info', `${path} does not parse: not reusing it`);
    }
  });
  return facts;
}

/** The previous graph from its shards (or the single graph.json of schema 1), when trusted. */
export async function readTrustedGraph(
  root: string,
  previous: ContextManifest,
  statCache: StatCacheFile | undefined,
  bus: EventBus,
): Promise<PreviousGraph | undefined> {
  if (previous.tool.version !== toolVersion()) return undefined;
  const read = (path: string) => readTrustedOutput(root, path, previous, statCache, bus);
  try {
    if (previous.outputs[LEGACY.graph] !== undefined) {
      const text = await read(LEGACY.graph);
      return text === undefined
        ? undefined
        : { graph: JSON.parse(text) as DependencyGraph, shards: new Map() };
    }
    const headText = await read(graphHeadPath);
    if (headText === undefined) return undefined;
    const shards = new Map<string, { content: string; hash: string }>();
    const parsed: GraphShard[] = [];
    const paths = Object.keys(previous.outputs).filter(
      (path) => componentOfOutput(path) === 'graph' && path !== graphHeadPath,
    );
    const texts = await readTrustedMany(root, paths, previous, statCache, bus);
    for (const [at, path] of paths.entries()) {
      const text = texts[at]?.toString('utf8');
      if (text === undefined) return undefined;
      const shard = JSON.parse(text) as GraphShard & { schemaVersion?: number };
      // A shard of an older schema is read for its edges, never written again as it was.
      if (shard.schemaVersion === SHARD_SCHEMA_VERSION)
        shards.set(path, { content: text, hash: previous.outputs[path]! });
      parsed.push(shard);
    }
    return { graph: assembleGraph(JSON.parse(headText) as GraphHead, parsed), shards };
  } catch {
    return undefined;
  }
}

/**
 * The files whose previous resolutions still stand: same file set, no changed configuration that
 * moves resolution (manifests, tsconfig, go.mod...), the file's bytes unchanged.
 */
export function reusableGraph(
  previous: ContextManifest,
  graph: DependencyGraph,
  index: RepositoryIndex,
): ReusableGraph | undefined {
  const current = new Map(index.files.map((file) => [file.path, file.hash]));
  const changed = [...current]
    .filter(([path, hash]) => previous.sources[path] !== hash)
    .map(([path]) => path);
  const removed = Object.keys(previous.sources).filter(
    (path) => !current.has(path) && previous.sources[path] !== undefined,
  );
  if ([...changed, ...removed].some(isProjectConfiguration)) return undefined;
  if (graph.files.length !== current.size || graph.files.some((path) => !current.has(path))) return undefined;
  const changedSet = new Set(changed);
  return { graph, reusable: new Set(graph.files.filter((path) => !changedSet.has(path))) };
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
  // Files read by an adapter whose extraction changed since are re-extracted (the index cache is keyed by it).
  if (changedExtractors(previous.extractors).length > 0) return false;
  // A build of the single-file layout (schema 1) is rewritten once in the sharded one.
  if (previous.schemaVersion < MANIFEST_SCHEMA_VERSION) return false;
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
