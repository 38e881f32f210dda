/** Reads a built context back from `.agent-context/` (for explain, status and later stages). */
import type { DependencyGraph } from '../graph/types.js';
import type { IndexedFile, IndexStats } from '../index/types.js';
import { OcppError } from '../shared/errors.js';
import { readTextIfExists } from '../shared/fs.js';
import { parseJson } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { type ContextManifest, readManifest } from './manifest.js';
import type { FileRank } from './rank.js';

export interface LoadedContext {
  manifest: ContextManifest;
  files: IndexedFile[];
  indexStats: Omit<IndexStats, 'parsed' | 'cached'>;
  graph: DependencyGraph;
  ranking: FileRank[];
}

/** The last build's outputs; undefined when nothing was built yet. Malformed files are clear errors. */
export async function loadBuiltContext(root: string): Promise<LoadedContext | undefined> {
  const manifest = await readManifest(root);
  if (!manifest) return undefined;
  const index = (await readRequired(root, layout.index)) as {
    files: IndexedFile[];
    stats: Omit<IndexStats, 'parsed' | 'cached'>;
  };
  const graph = (await readRequired(root, layout.graph)) as DependencyGraph;
  const ranking = (await readRequired(root, layout.ranking)) as { files: FileRank[] };
  return { manifest, files: index.files, indexStats: index.stats, graph, ranking: ranking.files };
}

async function readRequired(root: string, path: string): Promise<unknown> {
  const text = await readTextIfExists(absolutePath(root, path));
  if (text === undefined) {
    throw new OcppError('NOT_FOUND', `${path} is missing although the manifest exists`, {
      file: path,
      hint: 'run `opencode-plusplus build` to regenerate the context',
    });
  }
  return parseJson(text, path);
}
