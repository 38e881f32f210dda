/**
 * `delta`, `evolve` and `diff`: the context's life between builds. `delta` computes what a refresh
 * would change without rewriting outputs; `evolve` refreshes (rewriting only outputs whose bytes
 * change) and records the delta; `diff` compares two builds already on disk.
 */
import type { LoadedConfig } from '../config/load.js';
import type { IndexedFile } from '../index/types.js';
import { OcppError } from '../shared/errors.js';
import type { EventBus } from '../shared/events.js';
import { pathExists, writeFileAtomic } from '../shared/fs.js';
import { formatJsonFile } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath, joinPath, parentDirectory, resolveAbsolute } from '../shared/path.js';
import { type BuildResult, finishBuild, knownOnDisk, stageTimer, withContextLock } from './build.js';
import type { ComputedContext } from './computation.js';
import { computePackage } from './compute.js';
import { type ContextDelta, type ContextSnapshot, diffContexts, renderDeltaMarkdown } from './delta.js';
import { loadBuiltContext, loadContextDirectory, readBuiltRanking } from './load.js';
import type { ContextManifest } from './manifest.js';
import { readTaskRuns } from './task-runs.js';
import { writeContextPackage } from './writers/package.js';

export interface DeltaResult {
  delta: ContextDelta;
  /** Where the delta was written (repository paths). */
  written: string[];
}

export interface EvolveResult extends DeltaResult {
  build: BuildResult;
  cache: { hits: number; misses: number; hashedFiles: number };
  /** Generated outputs whose bytes changed and were rewritten. */
  rewritten: string[];
}

/** What a refresh would change, without rewriting any output; writes `.agent-context/delta/latest.{json,md}`. */
export async function computeDelta(root: string, config: LoadedConfig, bus: EventBus): Promise<DeltaResult> {
  return withContextLock(root, async () => {
    const before = await requireBuiltSnapshot(root);
    const { timed } = stageTimer(bus);
    const computed = await computePackage(root, { mode: 'update', bus, config, timed });
    const delta = diffContexts(before, workingTreeSnapshot(computed), await taskPackFiles(root));
    return { delta, written: await writeDelta(root, delta) };
  });
}

/** A cache-aware refresh that rewrites only outputs whose bytes change, and records the delta. */
export async function evolveContext(
  root: string,
  config: LoadedConfig,
  bus: EventBus,
): Promise<EvolveResult> {
  return withContextLock(root, async () => {
    const started = performance.now();
    const { stageMs, timed } = stageTimer(bus);
    const computed = await computePackage(root, { mode: 'update', bus, config, timed });
    // The last build as this refresh read it (its facts and graph), before anything is rewritten.
    const before = await timed('snapshot', () => previousSnapshot(root, computed));
    const outputs = await timed('write', () =>
      writeContextPackage(root, computed.pkg, bus, knownOnDisk(root, computed)),
    );
    const build = await finishBuild({ root, mode: 'update', computed, outputs, started, stageMs });
    const after = workingTreeSnapshot(computed);
    const delta = before
      ? diffContexts(before, after, await taskPackFiles(root))
      : diffContexts(emptySnapshot(), after);
    const written = await writeDelta(root, delta);
    return {
      build,
      delta,
      written,
      cache: { hits: build.stats.cached, misses: build.stats.parsed, hashedFiles: build.stats.hashed },
      rewritten: outputs.filter((output) => output.written).map((output) => output.path),
    };
  });
}

/** Compares two builds on disk: each side a repository, an `.agent-context` folder or a manifest.json. */
export async function diffBuilds(a: string, b: string): Promise<ContextDelta> {
  const before = await snapshotAt(a);
  const after = await snapshotAt(b);
  return diffContexts(before, after);
}

async function snapshotAt(location: string): Promise<ContextSnapshot> {
  const path = resolveAbsolute(location);
  const directory = path.endsWith('.json')
    ? parentDirectory(path)
    : (await pathExists(joinPath(path, 'manifest.json')))
      ? path
      : joinPath(path, layout.dir);
  const context = await loadContextDirectory(directory, location);
  if (!context) {
    throw new OcppError('NOT_FOUND', `no build found at ${location}`, {
      hint: 'give a repository, its .agent-context folder or a manifest.json (for another commit: build it in a `git worktree` first)',
    });
  }
  return fromManifest(context.manifest, location, context.files, context.graph, context.ranking);
}

async function requireBuiltSnapshot(root: string): Promise<ContextSnapshot> {
  const snapshot = await loadBuiltSnapshot(root, 'last build');
  if (!snapshot) {
    throw new OcppError('NOT_FOUND', `no context has been built in ${root}`, {
      hint: 'run `opencode-plusplus build` first',
    });
  }
  return snapshot;
}

async function loadBuiltSnapshot(root: string, label: string): Promise<ContextSnapshot | undefined> {
  const context = await loadBuiltContext(root);
  if (!context) return undefined;
  return fromManifest(context.manifest, label, context.files, context.graph, context.ranking);
}

function fromManifest(
  manifest: ContextManifest,
  label: string,
  files: readonly IndexedFile[] | ContextSnapshot['filesAt'],
  graph: ContextSnapshot['graph'],
  ranking: ContextSnapshot['ranking'],
): ContextSnapshot {
  return {
    label,
    sourceHash: manifest.hashes.source,
    sources: manifest.sources,
    outputs: manifest.outputs,
    filesAt: typeof files === 'function' ? files : (paths) => filesIn(files, paths),
    graph,
    ranking,
  };
}

/** The files of a list whose paths are in `paths`, by path: one pass, no map of the whole list. */
function filesIn(files: readonly IndexedFile[], paths: ReadonlySet<string>): Map<string, IndexedFile> {
  const found = new Map<string, IndexedFile>();
  for (const file of files) if (paths.has(file.path)) found.set(file.path, file);
  return found;
}

function workingTreeSnapshot(computed: ComputedContext): ContextSnapshot {
  const { pkg } = computed;
  return fromManifest(pkg.manifest, 'working tree', computed.index.files, computed.graph, pkg.ranking);
}

/**
 * The last build's snapshot from what the refresh already read (every fact trusted, its graph
 * reused, its ranking too): nothing is read again. Otherwise the build on disk is loaded whole.
 */
async function previousSnapshot(
  root: string,
  computed: ComputedContext,
): Promise<ContextSnapshot | undefined> {
  const { previous, before } = computed;
  if (!previous) return undefined;
  if (!before.graph || before.facts.size !== previous.counts.indexed)
    return loadBuiltSnapshot(root, 'last build');
  // The refresh read the last ranking already when it reused the graph.
  const ranking = before.ranking?.ranking ?? (await readBuiltRanking(root));
  if (!ranking) return loadBuiltSnapshot(root, 'last build');
  // Facts by path: only the changed files' shards are decoded, not the whole last index.
  const facts = before.facts;
  const filesAt = (paths: ReadonlySet<string>) => {
    const found = new Map<string, IndexedFile>();
    for (const path of paths) {
      const file = facts.previousEntry(path);
      if (file) found.set(path, file);
    }
    return found;
  };
  return fromManifest(previous, 'last build', filesAt, before.graph.graph, ranking);
}

function emptySnapshot(): ContextSnapshot {
  const graph = {
    files: [],
    edges: [],
    externals: [],
    unresolved: [],
    stats: {
      files: 0,
      edges: 0,
      internalEdges: 0,
      externalEdges: 0,
      externals: 0,
      unresolved: 0,
      unresolvedByReason: {},
    },
  };
  return {
    label: 'nothing',
    sourceHash: 'none',
    sources: {},
    outputs: {},
    filesAt: () => new Map(),
    graph,
    ranking: [],
  };
}

async function writeDelta(root: string, delta: ContextDelta): Promise<string[]> {
  const json = `${layout.delta}/latest.json`;
  const markdown = `${layout.delta}/latest.md`;
  await writeFileAtomic(absolutePath(root, json), formatJsonFile(delta));
  await writeFileAtomic(absolutePath(root, markdown), renderDeltaMarkdown(delta));
  return [json, markdown];
}

/**
 * Task id -> the repository files its run names (every `path` value and `files`/`paths` list in
 * run.json). A run.json that does not read (malformed, another version) names none here: `drift`
 * reports it.
 */
export async function taskPackFiles(root: string): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  for (const { taskId, record } of await readTaskRuns(root)) {
    if (record) result.set(taskId, [...collectPaths(record)].sort());
  }
  return result;
}

function collectPaths(value: unknown, key = '', into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if ((key === 'path' || key === 'files' || key === 'paths' || key === 'file') && looksLikeRepoPath(value))
      into.add(value);
  } else if (Array.isArray(value)) {
    for (const entry of value) collectPaths(entry, key, into);
  } else if (value && typeof value === 'object') {
    for (const [name, entry] of Object.entries(value)) collectPaths(entry, name, into);
  }
  return into;
}

function looksLikeRepoPath(value: string): boolean {
  return (
    value.length > 0 &&
    value.length < 400 &&
    !/[\s*?{}[\]]/.test(value) &&
    !value.startsWith('/') &&
    !value.startsWith('..')
  );
}
