/** Reads a built context back from `.agent-context/` (for explain, status, delta and later stages). */
import type { DependencyGraph } from '../graph/types.js';
import { entryFromStored, type StoredEntry } from '../index/stored-entry.js';
import type { IndexedFile, IndexStats } from '../index/types.js';
import { OcppError } from '../shared/errors.js';
import type { EventBus } from '../shared/events.js';
import { readTextIfExists } from '../shared/fs.js';
import { parseJson } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath, joinPath } from '../shared/path.js';
import { type ContextManifest, readManifestFile } from './manifest.js';
import type { FileRank } from './rank.js';
import {
  assembleGraph,
  assembleIndexFiles,
  type GraphHead,
  type GraphShard,
  graphHeadPath,
  type IndexHead,
  indexHeadPath,
  indexShardPath,
  LEGACY,
  shardOf,
} from './shards.js';

export interface LoadedContext {
  manifest: ContextManifest;
  files: IndexedFile[];
  indexStats: Omit<IndexStats, 'parsed' | 'cached'>;
  graph: DependencyGraph;
  ranking: FileRank[];
}

/** The last build's outputs; undefined when nothing was built yet. Malformed files are clear errors. */
export function loadBuiltContext(root: string): Promise<LoadedContext | undefined> {
  return loadContextDirectory(absolutePath(root, layout.dir), layout.dir);
}

/** A context folder anywhere (e.g. a copy kept from another commit); `display` names it in errors. */
export async function loadContextDirectory(
  directory: string,
  display = directory,
): Promise<LoadedContext | undefined> {
  const manifest = await readManifestFile(joinPath(directory, 'manifest.json'), `${display}/manifest.json`);
  if (!manifest) return undefined;
  const index = await readIndexDirectory(directory, display, manifest);
  const graph = await readGraphDirectory(directory, display, manifest);
  const ranking = (await readRequired(joinPath(directory, 'ranking.json'), `${display}/ranking.json`)) as {
    files: FileRank[];
  };
  return { manifest, files: index.files, indexStats: index.stats, graph, ranking: ranking.files };
}

/** Every file's facts of the last build (what tests and tools read instead of parsing shards themselves). */
export async function readBuiltIndex(root: string): Promise<IndexedFile[]> {
  return (await requireBuilt(root, readIndexDirectory)).files;
}

/** The last build's dependency graph, whole. */
export function readBuiltGraph(root: string): Promise<DependencyGraph> {
  return requireBuilt(root, readGraphDirectory);
}

async function requireBuilt<T>(
  root: string,
  read: (directory: string, display: string, manifest: ContextManifest) => Promise<T>,
): Promise<T> {
  const directory = absolutePath(root, layout.dir);
  const manifest = await readManifestFile(joinPath(directory, 'manifest.json'), layout.manifest);
  if (!manifest)
    throw new OcppError('NOT_FOUND', `no context has been built in ${root}`, {
      hint: 'run `opencode-plusplus build` first',
    });
  return read(directory, layout.dir, manifest);
}

/** One index shard's entries, by the folder that holds the file (an agent's way to one file's facts). */
export async function readIndexShard(root: string, path: string): Promise<IndexedFile[]> {
  const relative = indexShardPath(shardOf(path)).slice(layout.dir.length + 1);
  const text = await readTextIfExists(absolutePath(root, `${layout.dir}/${relative}`));
  if (text === undefined) return [];
  return (parseJson(text, relative) as { files: StoredEntry[] }).files.map(entryFromStored);
}

/** The sharded index (or the single index.json of schema 1) of a context folder. */
async function readIndexDirectory(
  directory: string,
  display: string,
  manifest: ContextManifest,
): Promise<{ files: IndexedFile[]; stats: IndexHead['stats'] }> {
  const read = (path: string) => readOutput(directory, display, path);
  if (manifest.outputs[LEGACY.index] !== undefined)
    return (await read(LEGACY.index)) as { files: IndexedFile[]; stats: IndexHead['stats'] };
  const head = (await read(indexHeadPath)) as IndexHead;
  const shards: { files: StoredEntry[] }[] = [];
  for (const file of Object.values(head.shards))
    shards.push((await read(`${layout.indexDir}/${file}`)) as { files: StoredEntry[] });
  return { files: assembleIndexFiles(shards), stats: head.stats };
}

/** The sharded graph (or the single graph.json of schema 1) of a context folder. */
async function readGraphDirectory(
  directory: string,
  display: string,
  manifest: ContextManifest,
): Promise<DependencyGraph> {
  const read = (path: string) => readOutput(directory, display, path);
  if (manifest.outputs[LEGACY.graph] !== undefined) return (await read(LEGACY.graph)) as DependencyGraph;
  const head = (await read(graphHeadPath)) as GraphHead;
  const shards: GraphShard[] = [];
  for (const file of Object.values(head.shards))
    shards.push((await read(`${layout.graphDir}/${file}`)) as GraphShard);
  return assembleGraph(head, shards);
}

/** An output by its repository path (`.agent-context/...`), read from a context folder anywhere. */
function readOutput(directory: string, display: string, path: string): Promise<unknown> {
  const relative = path.slice(layout.dir.length + 1);
  return readRequired(joinPath(directory, relative), `${display}/${relative}`);
}

async function readRequired(file: string, display: string): Promise<unknown> {
  const text = await readTextIfExists(file);
  if (text === undefined) {
    throw new OcppError('NOT_FOUND', `${display} is missing although the manifest exists`, {
      file: display,
      hint: 'run `opencode-plusplus build` to regenerate the context',
    });
  }
  return parseJson(text, display);
}

/**
 * The context of the tree as it is now, computed in memory and written nowhere: for commands
 * that promise to write nothing (`plan`) when the built context is missing or stale.
 */
export async function computeUnwrittenContext(root: string, bus: EventBus): Promise<LoadedContext> {
  const [{ loadConfig }, { computePackage }, { stageTimer }] = await Promise.all([
    import('../config/load.js'),
    import('./compute.js'),
    import('./build.js'),
  ]);
  const config = await loadConfig(root);
  const { timed } = stageTimer(bus);
  const computed = await computePackage(root, { mode: 'build', bus, config, timed });
  const { parsed: _parsed, cached: _cached, ...indexStats } = computed.index.stats;
  return {
    manifest: computed.pkg.manifest,
    files: computed.index.files,
    indexStats,
    graph: computed.graph,
    ranking: computed.pkg.ranking,
  };
}

/** The last build's ranking.json; undefined when missing or unreadable (the caller loads the build whole). */
export async function readBuiltRanking(root: string): Promise<FileRank[] | undefined> {
  const text = await readTextIfExists(absolutePath(root, layout.ranking));
  if (text === undefined) return undefined;
  try {
    return (JSON.parse(text) as { files: FileRank[] }).files;
  } catch {
    return undefined;
  }
}
