import { FactsCache } from '../index/cache.js';
import { loadTokenizerWhileIdle } from '../pack/tokenizer.js';
import type { ScanOutput } from '../scan/scan.js';
import { pathExists, readRepositoryTextIfExists, readTextIfExists } from '../shared/fs.js';
import { headCommit, runGit } from '../shared/git.js';
import { layout } from '../shared/layout.js';
import { absolutePath, baseName } from '../shared/path.js';
import { type KeptCentral, readKeptCentral } from './central-cache.js';
import type { ContextPackage } from './compose.js';
import type {
  BuildComputation,
  ComputedContext,
  ComputedGraph,
  ComputeOptions,
  ContextInputs,
  HeldContext,
  PreviousBuild,
  PreviousGraph,
} from './computation.js';
import { projectOf } from './detected-project.js';
import {
  heldScanOf,
  previousOutputs,
  readInputs,
  readTrustedGraph,
  readTrustedIndex,
  readTrustedRanking,
  reusableGraph,
} from './previous-build.js';
import { componentOfOutput } from './shards.js';
import type { StatCacheFile } from './stat-cache.js';
import { readTallies } from './tallies.js';

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

/** Scan and decide; compose only when something changed (`build` and `update`). */
export async function computeForBuild(root: string, options: ComputeOptions): Promise<BuildComputation> {
  // A build parses everything and reads no token cache: the stages it will run and the tokenizer
  // load while the scan waits for `git ls-files` (an import that fails is reported when awaited).
  if (options.mode === 'build') {
    loadStages().catch(() => undefined);
    loadTokenizerWhileIdle();
  }
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
    compose: pkg.kept,
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
  const lessons = await servedLessons(root, config.config.memory.servedInAgentsFile);
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
    ...(held?.compose ? { kept: held.compose } : {}),
  });
}

/**
 * The lesson lines AGENTS.md serves. Without a memory folder there are none: the lesson store
 * (and zod, which validates it) is then not loaded at all, which most `update`s are spared.
 */
async function servedLessons(root: string, limit: number): Promise<string[]> {
  if (limit === 0 || !(await pathExists(absolutePath(root, layout.memory)))) return [];
  return (await import('./agents-lessons.js')).readLessonLines(root, limit);
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
