/**
 * The computing half of a build: scan -> index -> graph -> compose, with the caches `update`
 * reuses. Nothing here writes outputs, so `build`, `update`, `delta` and `evolve` share it and
 * differ only in what they do with the result.
 */
import type { LoadedConfig } from '../config/load.js';
import type { ReusableGraph } from '../graph/resolutions.js';
import type { DependencyGraph } from '../graph/types.js';
import { FactsCache } from '../index/cache.js';
import { readShardKeys } from '../index/shard-keys.js';
import type { RepositoryIndex } from '../index/types.js';
import { TokenCache } from '../pack/tokenizer.js';
import { detectProject, type ProjectFacts } from '../scan/project.js';
import {
  type FileListing,
  listRepositoryFiles,
  rescanChanged,
  type ScanOutput,
  scanRepository,
} from '../scan/scan.js';
import type { ScanResult } from '../scan/types.js';
import type { EventBus } from '../shared/events.js';
import { pathExists, readRepositoryTextIfExists, readTextIfExists } from '../shared/fs.js';
import { headCommit, runGit } from '../shared/git.js';
import { hashEntries, sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { absolutePath, baseName } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';
import { type BuiltCentral, type KeptCentral, readKeptCentral } from './central-cache.js';
import type { ContextPackage, PreviousOutputs } from './compose.js';
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
  type PreviousShards,
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
import { type KeptTallies, readTallies } from './tallies.js';
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
  /**
   * The previous build as a long-lived process holds it (`refreshHeldContext()`): used instead of
   * reading the last build's index and graph from disk, when the manifest on disk is still its own.
   */
  held?: HeldContext;
  /**
   * With `held`: the repository paths a watcher saw change since the held build (empty or absent:
   * it cannot say). Only these are statted, when the held scan's listing still stands for them.
   */
  changed?: readonly string[];
}

/** What every compute reads before deciding anything: scan, hashes and the caches. */
export interface ContextInputs {
  /** The last build's manifest (read in every mode: a newer schema is refused before anything is written). */
  previous: ContextManifest | undefined;
  /** The file list the scan went through (git's, or a walk's). */
  listing: FileListing;
  /** Only the paths a watcher reported were statted (`rescanChanged`); the stat cache came from memory. */
  rescanned: boolean;
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
}

/** Inputs, index and graph: what drift, guards and the working-tree analysis need. */
export interface ComputedGraph extends ContextInputs {
  index: RepositoryIndex;
  graph: DependencyGraph;
  /** The last build's facts and graph as this run found them (empty in build mode). */
  before: PreviousBuild;
}

/** Everything a build writes, computed. */
export interface ComputedContext extends ComputedGraph {
  pkg: ContextPackage;
}

/** `computeForBuild()`: either nothing to do, or the whole package. */
export type BuildComputation = (ContextInputs & { upToDate: true; pkg?: undefined }) | ComputedContext;

/** The last build's facts and graph, read once (from disk, or held in memory by a long-lived process). */
export interface PreviousBuild {
  facts: FactsCache;
  /** The previous graph and its shards, when its resolutions can be reused. */
  graph?: PreviousGraph;
  /** The previous ranking, read only when the graph is reused (else it is recomputed anyway). */
  ranking?: BuiltRanking;
  /** The tallies of the previous build's index shards (update mode). */
  tallies?: KeptTallies;
}

/** A ranking as a build wrote it: its rows, the entrypoints key in its head, its bytes and hash. */
export interface BuiltRanking {
  ranking: FileRank[];
  entrypoints: string;
  document: { content: string; hash: string };
}

export interface PreviousGraph {
  graph: DependencyGraph;
  shards: PreviousShards;
}

/** A build held in memory between refreshes: the manifest it wrote, its facts, graph, ranking and tallies. */
export interface HeldContext {
  manifest: ContextManifest;
  facts: FactsCache;
  graph: PreviousGraph;
  ranking: BuiltRanking;
  /** Its index shards' tallies (read from the cache when the process started holding it). */
  tallies?: KeptTallies;
  /** Its scan's listing and the stat cache it left on disk, for a refresh told what changed. */
  scan?: HeldScan;
  /** The units its central modules were chosen from. */
  central?: BuiltCentral;
}

export interface HeldScan {
  listing: FileListing;
  listed: ReadonlySet<string>;
  statCache: StatCacheFile;
  /** `statCache` is newer than the file on disk (refreshes told what changed do not write it). */
  unsaved: boolean;
  /** The project facts detected for this scan, when they were. */
  project?: DetectedProject;
}

/** Scan and decide; compose only when something changed (`build` and `update`). */
export async function computeForBuild(root: string, options: ComputeOptions): Promise<BuildComputation> {
  const inputs = await readInputs(root, options);
  if (inputs.upToDate) return { ...inputs, upToDate: true };
  return composed(root, options, await indexAndGraph(root, options, inputs));
}

/** Inputs, index and graph, never composed: for checks that need no generated outputs. */
export async function computeGraph(root: string, options: ComputeOptions): Promise<ComputedGraph> {
  return indexAndGraph(root, options, await readInputs(root, options));
}

/** The whole package even when nothing changed (delta and evolve compare it with the last build). */
export async function computePackage(root: string, options: ComputeOptions): Promise<ComputedContext> {
  return composed(root, options, await computeGraph(root, options));
}

/** What a long-lived process keeps after a refresh, so the next one reads nothing back from disk. */
export function heldContextOf(
  computed: ComputedContext,
  statCache: StatCacheFile | undefined,
  unsaved = false,
): HeldContext {
  const graphShards = new Map(
    computed.pkg.files
      .filter((file) => file.hash !== undefined && componentOfOutput(file.path) === 'graph')
      .map((file) => [file.path, { content: file.content, hash: file.hash! }] as const),
  );
  const { pkg } = computed;
  const rankingFile = pkg.files.find((file) => file.path === layout.ranking)!;
  return {
    manifest: pkg.manifest,
    facts: pkg.facts,
    graph: { graph: computed.graph, shards: graphShards },
    ranking: {
      ranking: pkg.ranking,
      entrypoints: pkg.rankingEntrypoints,
      document: { content: rankingFile.content, hash: pkg.manifest.outputs[layout.ranking]! },
    },
    tallies: pkg.tallies.entries,
    central: pkg.central,
    ...(statCache ? { scan: heldScanOf(computed, statCache, unsaved) } : {}),
  };
}

/** The scan to hold beside a build: this run's listing, and the stat cache as it now is on disk. */
export function heldScanOf(computed: ContextInputs, statCache: StatCacheFile, unsaved = false): HeldScan {
  const project = projects.get(computed.scanned.scan);
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

async function readInputs(root: string, options: ComputeOptions): Promise<ContextInputs> {
  const { mode, bus, config, timed } = options;
  const key = statCacheKey(config);
  const held = mode === 'update' ? await heldScan(root, key, options) : undefined;
  const previous = held ? options.held!.manifest : await readPreviousManifest(root, bus);
  const statCache = held?.statCache ?? (mode === 'update' ? await readStatCache(root, key) : undefined);
  const scanStartedAt = Date.now();
  const { listing, scanned } = await timed('scan', async () => {
    const listing = held?.listing ?? (await listRepositoryFiles(root));
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

async function indexAndGraph(
  root: string,
  options: ComputeOptions,
  inputs: ContextInputs,
): Promise<ComputedGraph> {
  const { mode, bus, config, timed, held } = options;
  const { previous, statCache, scanned } = inputs;
  const usable =
    held && previous && previous.hashes.outputs === held.manifest.hashes.outputs ? held : undefined;
  const facts = await timed('load-cache', async () => {
    if (mode !== 'update') return new FactsCache();
    await inputs.tokens.load();
    if (usable) return usable.facts;
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
  let previousGraph: PreviousGraph | undefined;
  const graph = await timed('graph', async () => {
    if (mode === 'update' && previous) {
      previousGraph = usable?.graph ?? (await readTrustedGraph(root, previous, statCache, bus));
    }
    const reuse = previousGraph ? reusableGraph(previous!, previousGraph.graph, index) : undefined;
    if (!reuse) previousGraph = undefined;
    return (await loadStages()).buildDependencyGraph(root, index, reuse);
  });
  const ranking = previousGraph
    ? (usable?.ranking ?? (await readTrustedRanking(root, previous!, statCache, bus)))
    : undefined;
  const tallies = mode === 'update' ? (usable ? usable.tallies : await readTallies(root)) : undefined;
  const before: PreviousBuild = {
    facts,
    ...(previousGraph ? { graph: previousGraph } : {}),
    ...(ranking ? { ranking } : {}),
    ...(tallies ? { tallies } : {}),
  };
  return { ...inputs, index, graph, before };
}

async function composed(
  root: string,
  options: ComputeOptions,
  computed: ComputedGraph,
): Promise<ComputedContext> {
  const pkg = await options.timed('compose', () => composeFrom(root, options, computed));
  return { ...computed, pkg };
}

async function composeFrom(
  root: string,
  { config, held }: ComputeOptions,
  computed: ComputedGraph,
): Promise<ContextPackage> {
  const { scanned, index, graph, tokens, externalHashes, before } = computed;
  const central = await keptCentral(root, computed, held);
  const agentsText = await readRepositoryTextIfExists(
    root,
    absolutePath(root, config.config.context.agentsFile),
  );
  const readme = await readReadme(
    root,
    scanned.scan.files.map((file) => file.path),
  );
  const { repositoryReader } = await import('../contracts/tree.js');
  const { readLessonLines } = await import('./agents-lessons.js');
  const lessons = await readLessonLines(root, config.config.memory.servedInAgentsFile);
  const commit = scanned.scan.source === 'git' ? await headCommit(root) : undefined;
  return (await loadStages()).composeContextPackage({
    root,
    rootName: baseName(root),
    scan: scanned.scan,
    files: index.files,
    indexStats: index.stats,
    graph,
    project: projectOf(scanned.scan),
    config,
    tokens,
    contents: scanned.contents,
    ...(readme === undefined ? {} : { readme }),
    readFile: repositoryReader(root, scanned.contents),
    agentsFileText: agentsText,
    previous: previousOutputs(before, index, central),
    agentsFileScanned: await isScanned(root, config.config.context.agentsFile, scanned),
    ...(commit ? { gitCommit: commit } : {}),
    externalHashes,
    ...(lessons.length > 0 ? { lessons } : {}),
    ...(before.tallies ? { tallies: before.tallies } : {}),
  });
}

/** A scan's project facts, the manifests their detection read, and the scan they describe. */
export interface DetectedProject {
  facts: ProjectFacts;
  reads: ReadonlySet<string>;
  scan: ScanResult;
}

const projects = new WeakMap<ScanResult, DetectedProject>();

/** The project facts of a scan, detected once (compose and the contracts both ask; each detection reads every manifest). */
export function projectOf(scan: ScanResult): ProjectFacts {
  const known = projects.get(scan);
  if (known) return known.facts;
  const reads = new Set<string>();
  const facts = detectProject(scan, reads);
  projects.set(scan, { facts, reads, scan });
  return facts;
}

/** More changed paths than this and a held refresh detects the project again rather than compare each. */
const MAX_CARRIED_CHANGES = 64;

/**
 * A held refresh's project facts are the last ones when none of the changed paths is a file their
 * detection read and each is still there with the same kind and language (detection counts
 * sources per package). The listing stands (`heldScan`), so no manifest appeared either.
 */
function carryProject(held: DetectedProject | undefined, scan: ScanResult, changed: readonly string[]): void {
  if (!held || changed.length > MAX_CARRIED_CHANGES) return;
  for (const path of changed) {
    if (held.reads.has(path)) return;
    const before = held.scan.files.find((file) => file.path === path);
    const now = scan.files.find((file) => file.path === path);
    if (!before || !now || before.kind !== now.kind || before.language !== now.language) return;
    if (before.skipped !== now.skipped) return;
  }
  projects.set(scan, { ...held, scan });
}

/**
 * The last build's choice of central units, when its ranking is offered for reuse: held in memory
 * beside that ranking, or kept in the cache by the build the previous manifest records.
 */
async function keptCentral(
  root: string,
  { before, previous }: ComputedGraph,
  held: HeldContext | undefined,
): Promise<KeptCentral | undefined> {
  if (!before.ranking || !previous) return undefined;
  if (held && before.ranking === held.ranking) return held.central?.kept ?? readKeptCentral(root, previous);
  return readKeptCentral(root, previous);
}

/** What compose may reuse of the last build: unchanged index lines and shards, untouched graph shards. */
function previousOutputs(
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
    if (before.facts.lineFor(file) !== undefined) continue;
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
async function readTrustedRanking(
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
  const text = await readTextIfExists(absolutePath(root, path));
  if (text === undefined) return undefined;
  const recorded = previous.outputs[path];
  const trusted = (await outputHashFromStat(root, path, statCache)) === recorded || sha256(text) === recorded;
  if (!trusted) bus.log('info', `${path} differs from what the last build wrote: not reusing it`);
  return trusted ? text : undefined;
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
  for (const path of Object.keys(previous.outputs)) {
    if (componentOfOutput(path) !== 'index' || path.endsWith(HEAD_FILE)) continue;
    const text = await readTrustedOutput(root, path, previous, statCache, bus);
    if (text === undefined) continue;
    const hash = previous.outputs[path]!;
    try {
      if (path === LEGACY.index) facts.addIndexText(text);
      else facts.addShard(path, text, hash, summaries.get(hash));
    } catch {
      bus.log('info', `${path} does not parse: not reusing it`);
    }
  }
  return facts;
}

/** The previous graph from its shards (or the single graph.json of schema 1), when trusted. */
async function readTrustedGraph(
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
    for (const path of Object.keys(previous.outputs)) {
      if (componentOfOutput(path) !== 'graph' || path === graphHeadPath) continue;
      const text = await read(path);
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
function reusableGraph(
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
