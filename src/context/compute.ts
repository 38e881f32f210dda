/**
 * The computing half of a build: scan -> index -> graph -> compose, with the caches `update`
 * reuses. Nothing here writes outputs, so `build`, `update`, `delta` and `evolve` share it and
 * differ only in what they do with the result.
 */
import type { LoadedConfig } from '../config/load.js';
import type { DependencyGraph } from '../graph/types.js';
import { FactsCache } from '../index/cache.js';
import type { RepositoryIndex } from '../index/types.js';
import type { TokenCache } from '../pack/tokenizer.js';
import type { FileListing, ScanOutput } from '../scan/scan.js';
import type { EventBus } from '../shared/events.js';
import { pathExists, readRepositoryTextIfExists, readTextIfExists } from '../shared/fs.js';
import { headCommit, runGit } from '../shared/git.js';
import { layout } from '../shared/layout.js';
import { absolutePath, baseName } from '../shared/path.js';
import { type BuiltCentral, type KeptCentral, readKeptCentral } from './central-cache.js';
import type { ContextPackage } from './compose.js';
import { type DetectedProject, projectOf } from './detected-project.js';
import type { ContextManifest } from './manifest.js';
import {
  heldScanOf,
  previousOutputs,
  readInputs,
  readTrustedGraph,
  readTrustedIndex,
  readTrustedRanking,
  reusableGraph,
} from './previous-build.js';
import type { FileRank } from './rank.js';
import { componentOfOutput, type PreviousShards } from './shards.js';
import type { StatCacheFile } from './stat-cache.js';
import { type KeptTallies, readTallies } from './tallies.js';

export { type DetectedProject, projectOf } from './detected-project.js';
export { heldScanOf, readHeldContext, readTrustedIndex } from './previous-build.js';

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
