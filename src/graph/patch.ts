/**
 * The incremental half of `buildDependencyGraph()`: the previous graph with only the changed
 * files' resolutions redone. The file set is the same (`ReusableGraph` promises it), so the old
 * edges and unresolved imports of every other file stand where they are in the sorted lists; the
 * changed files' new ones are sorted on their own and merged in, and the importer counts of the
 * packages they import or stopped importing are adjusted. A one-file edit then costs a pass over
 * the lists, not a regrouping and a comparison sort of every edge of the tree. The result is the
 * graph a full build of the same index gives, in the same order.
 */
import type { IndexedFile, RepositoryIndex } from '../index/types.js';
import { compare, compareEdges, compareUnresolved } from './order.js';
import type { ExternalFacts, FileResolutions, ReusableGraph } from './resolutions.js';
import { statsOf } from './stats.js';
import type { DependencyGraph, ExternalNode, GraphEdge } from './types.js';

export function patchDependencyGraph(
  previous: ReusableGraph,
  index: RepositoryIndex,
  resolveFile: (file: IndexedFile) => FileResolutions | undefined,
): DependencyGraph {
  const old = previous.graph;
  const changed = index.files.filter((file) => !previous.reusable.has(file.path));
  const changedPaths = new Set(changed.map((file) => file.path));
  const redone = new Map(changed.map((file) => [file.path, resolveFile(file)] as const));
  const kept = old.edges.filter((edge) => !changedPaths.has(edge.from));
  const added = [...redone.values()].flatMap((resolved) => resolved?.edges ?? []).sort(compareEdges);
  const edges = mergeSorted(kept, added, compareEdges);
  const unresolved = mergeSorted(
    old.unresolved.filter((item) => !changedPaths.has(item.from)),
    [...redone.values()].flatMap((resolved) => resolved?.unresolved ?? []).sort(compareUnresolved),
    compareUnresolved,
  );
  const externals = patchedExternals(old, changedPaths, redone);
  const files = old.files.slice();
  return { files, edges, externals, unresolved, stats: statsOf(files, edges, externals, unresolved) };
}

/**
 * Two lists each sorted by `order`, as one sorted list (a tie keeps `left`'s item first). `right`
 * is a changed file's few items: each finds its place by binary search, so merging them into a
 * tree's 35k edges compares a few dozen times, not once per edge.
 */
function mergeSorted<T>(left: readonly T[], right: readonly T[], order: (a: T, b: T) => number): T[] {
  if (right.length === 0) return left.slice();
  const merged: T[] = [];
  let from = 0;
  for (const item of right) {
    const at = firstAfter(left, item, order, from);
    for (let index = from; index < at; index++) merged.push(left[index]!);
    merged.push(item);
    from = at;
  }
  for (let index = from; index < left.length; index++) merged.push(left[index]!);
  return merged;
}

/** The first position at or after `from` whose item `item` sorts strictly before (`left.length` if none). */
function firstAfter<T>(left: readonly T[], item: T, order: (a: T, b: T) => number, from: number): number {
  let low = from;
  let high = left.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(item, left[middle]!) < 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The previous packages, each counted once more per changed file that now imports it, once less per one that stopped. */
function patchedExternals(
  old: DependencyGraph,
  changedPaths: ReadonlySet<string>,
  redone: ReadonlyMap<string, FileResolutions | undefined>,
): ExternalNode[] {
  const before = externalsImportedBy(old.edges, changedPaths);
  const nodes = new Map<string, ExternalNode>();
  const node = (id: string, facts: ExternalFacts | undefined): ExternalNode | undefined => {
    let found = nodes.get(id);
    if (!found) {
      const known = old.externals.find((candidate) => candidate.id === id);
      const base = known ?? (facts && { id, ...facts, importers: 0 });
      if (!base) return undefined;
      found = { ...base };
      nodes.set(id, found);
    }
    return found;
  };
  for (const path of changedPaths) {
    const was = before.get(path) ?? new Set<string>();
    const now = redone.get(path)?.externals ?? new Map<string, ExternalFacts>();
    for (const id of was) if (!now.has(id)) node(id, undefined)!.importers -= 1;
    for (const [id, facts] of now) if (!was.has(id)) node(id, facts)!.importers += 1;
  }
  return old.externals
    .filter((external) => !nodes.has(external.id))
    .concat([...nodes.values()].filter((external) => external.importers > 0))
    .sort((a, b) => compare(a.id, b.id));
}

/** For each of `paths`, the packages its edges in `edges` import. */
function externalsImportedBy(
  edges: readonly GraphEdge[],
  paths: ReadonlySet<string>,
): Map<string, Set<string>> {
  const imported = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!edge.external || !paths.has(edge.from)) continue;
    const ids = imported.get(edge.from) ?? new Set<string>();
    ids.add(edge.to);
    imported.set(edge.from, ids);
  }
  return imported;
}
