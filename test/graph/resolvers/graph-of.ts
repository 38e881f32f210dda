/** Builds the dependency graph of a real repository made from a file tree (scan -> index -> graph). */
import { defaultConfig } from '../../../src/config/schema.js';
import { buildDependencyGraph } from '../../../src/graph/build.js';
import type { DependencyGraph } from '../../../src/graph/types.js';
import { indexRepository } from '../../../src/index/index-repository.js';
import { scanRepository } from '../../../src/scan/scan.js';
import { type FileTree, makeRepo } from '../../helpers/repo.js';

export async function graphOf(files: FileTree): Promise<DependencyGraph> {
  const root = makeRepo(files);
  const { scan, contents } = await scanRepository(root, { config: defaultConfig() });
  const index = await indexRepository(scan, { contents, workers: 0 });
  return buildDependencyGraph(root, index);
}

/** `from:line -> to` for every edge leaving `from` (every edge when omitted). */
export function edgesFrom(graph: DependencyGraph, from?: string): string[] {
  return graph.edges
    .filter((edge) => from === undefined || edge.from === from)
    .map((edge) => `${edge.from}:${edge.line} -> ${edge.to}`);
}

/** `from:line specifier (reason)` for every unresolved import. */
export function unresolvedOf(graph: DependencyGraph): string[] {
  return graph.unresolved.map((entry) => `${entry.from}:${entry.line} ${entry.specifier} (${entry.reason})`);
}
