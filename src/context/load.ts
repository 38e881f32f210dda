/** Reads a built context back from `.agent-context/` (for explain, status, delta and later stages). */
import type { DependencyGraph } from '../graph/types.js';
import type { IndexedFile, IndexStats } from '../index/types.js';
import { OcppError } from '../shared/errors.js';
import type { EventBus } from '../shared/events.js';
import { readTextIfExists } from '../shared/fs.js';
import { parseJson } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath, joinPath } from '../shared/path.js';
import { type ContextManifest, readManifestFile } from './manifest.js';
import type { FileRank } from './rank.js';

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
  const read = (name: string) => readRequired(joinPath(directory, name), `${display}/${name}`);
  const index = (await read('index.json')) as {
    files: IndexedFile[];
    stats: Omit<IndexStats, 'parsed' | 'cached'>;
  };
  const graph = (await read('graph.json')) as DependencyGraph;
  const ranking = (await read('ranking.json')) as { files: FileRank[] };
  return { manifest, files: index.files, indexStats: index.stats, graph, ranking: ranking.files };
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
  const [{ loadConfig }, { computeContext }, { stageTimer }] = await Promise.all([
    import('../config/load.js'),
    import('./compute.js'),
    import('./build.js'),
  ]);
  const config = await loadConfig(root);
  const { timed } = stageTimer(bus);
  const computed = await computeContext(root, { mode: 'build', bus, config, timed });
  if (!computed.pkg || !computed.index || !computed.graph)
    throw new OcppError('INTERNAL', `the context of ${root} could not be computed`);
  const { parsed: _parsed, cached: _cached, ...indexStats } = computed.index.stats;
  return {
    manifest: computed.pkg.manifest,
    files: computed.index.files,
    indexStats,
    graph: computed.graph,
    ranking: computed.pkg.ranking,
  };
}
