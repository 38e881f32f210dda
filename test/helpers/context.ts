/** The built context as tests read it: through the product's own readers of the sharded layout. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBuiltGraph, readBuiltIndex } from '../../src/context/load.js';
import type { DependencyGraph } from '../../src/graph/types.js';
import type { IndexedFile } from '../../src/index/types.js';

/** Every file's facts of the last build in `root`, sorted by path. */
export async function builtIndex(root: string): Promise<{ files: IndexedFile[] }> {
  return { files: await readBuiltIndex(root) };
}

/** The last build's whole dependency graph in `root`. */
export function builtGraph(root: string): Promise<DependencyGraph> {
  return readBuiltGraph(root);
}

/** The text of every index shard of the last build in `root`, in name order: what tests grep. */
export function builtIndexText(root: string): string {
  const folder = join(root, '.agent-context/index');
  return readdirSync(folder)
    .sort()
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .join('\n');
}
