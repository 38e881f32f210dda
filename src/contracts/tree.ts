/** Builds the narrow `TreeFile` view from a scan and an index (structurally typed: no index import). */
import { readTextSyncIfExists } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import type { TreeFile } from './types.js';

type ScannedLike = Pick<TreeFile, 'path' | 'kind' | 'language'>;
type IndexedLike = { path: string; env: TreeFile['env']; confidence: string };

export function treeFiles(scanned: readonly ScannedLike[], indexed: readonly IndexedLike[] = []): TreeFile[] {
  const facts = new Map(indexed.map((file) => [file.path, file]));
  return scanned.map((file) => {
    const tree: TreeFile = { path: file.path, kind: file.kind, language: file.language };
    const fact = facts.get(file.path);
    if (fact) {
      if (fact.env && fact.env.length > 0) tree.env = fact.env;
      tree.confidence = fact.confidence;
    }
    return tree;
  });
}

/**
 * Reads repository files, preferring text already in memory. A listed path that is a folder (git
 * lists a link to a folder as a file: vite's `fixtures/config/root-resolution/link`) has no text.
 */
export function repositoryReader(
  root: string,
  contents?: ReadonlyMap<string, string>,
): (path: string) => string | undefined {
  return (path) => {
    const known = contents?.get(path);
    if (known !== undefined) return known;
    try {
      return readTextSyncIfExists(absolutePath(root, path));
    } catch (error) {
      if (((error as Error).cause as NodeJS.ErrnoException | undefined)?.code === 'EISDIR') return undefined;
      throw error;
    }
  };
}
