/** Who depends on these files, directly and transitively, with the import path that makes each one affected. */
import type { GraphView } from '../view.js';

export interface DependentEntry {
  file: string;
  /** 1 for direct importers. */
  depth: number;
  /** From the dependent down to the changed file it reaches: `[dependent, ..., changed]`. */
  path: string[];
}

export function transitiveDependents(
  view: GraphView,
  changed: Iterable<string>,
  maxDepth = Infinity,
): DependentEntry[] {
  const via = new Map<string, string>();
  const depthOf = new Map<string, number>();
  let frontier: string[] = [];
  for (const file of changed) {
    if (!view.has(file) || depthOf.has(file)) continue;
    depthOf.set(file, 0);
    frontier.push(file);
  }
  const found: DependentEntry[] = [];
  for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const file of frontier.sort()) {
      for (const dependent of [...view.dependentsOf(file)].sort()) {
        if (depthOf.has(dependent)) continue;
        depthOf.set(dependent, depth);
        via.set(dependent, file);
        next.push(dependent);
        found.push({ file: dependent, depth, path: pathBack(dependent, via, depthOf) });
      }
    }
    frontier = next;
  }
  return found.sort((a, b) => a.depth - b.depth || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function pathBack(file: string, via: Map<string, string>, depthOf: Map<string, number>): string[] {
  const path = [file];
  let current = file;
  while (depthOf.get(current)! > 0) {
    current = via.get(current)!;
    path.push(current);
  }
  return path;
}
