/**
 * `rankFiles()`: how central each file is. PageRank over runtime imports between non-test files,
 * plus boosts for entrypoints; every score says why.
 */
import { pageRankOf } from '../graph/operations/pagerank.js';
import type { DependencyGraph } from '../graph/types.js';
import type { IndexedFile } from '../index/types.js';
import { sha256 } from '../shared/hash.js';
import { stableStringify } from '../shared/json.js';
import type { Entrypoint } from './entrypoints.js';

export interface FileRank {
  path: string;
  /** 0..1: PageRank relative to the most central file, plus boosts, capped at 1. */
  score: number;
  pagerank: number;
  importedBy: number;
  imports: number;
  reasons: string[];
}

const DECLARED_ENTRY_BOOST = 0.35;
const CONVENTIONAL_ENTRY_BOOST = 0.15;
const KIND_FACTOR: Record<string, number> = { source: 1, config: 0.5, test: 0.3, doc: 0.3, generated: 0.2 };

export function rankFiles(
  graph: DependencyGraph,
  files: IndexedFile[],
  entrypoints: Entrypoint[],
): FileRank[] {
  const adjacency = adjacencyOf(graph, files);
  const ranks = pageRankOf(graph.files, adjacency.production);
  let max = Number.MIN_VALUE;
  for (const rank of ranks) if (rank > max) max = rank;
  const entryByPath = new Map(entrypoints.map((entry) => [entry.path, entry]));
  const sortedRanks = Float64Array.from(ranks).sort().reverse();
  const ranked = files.map((file): FileRank => {
    const at = adjacency.position.get(file.path);
    const pagerank = at === undefined ? 0 : ranks[at]!;
    const importedBy = at === undefined ? 0 : adjacency.importers[at]!;
    const imports = at === undefined ? 0 : adjacency.targets[at]!.length;
    const reasons: string[] = [];
    let score = (pagerank / max) * (KIND_FACTOR[file.kind] ?? 0.3);
    const percentile = topPercent(sortedRanks, pagerank);
    if (importedBy > 0) reasons.push(`imported by ${importedBy} file${importedBy === 1 ? '' : 's'}`);
    if (percentile <= 10 && importedBy > 0) reasons.push(`PageRank in the top ${percentile}%`);
    const entry = entryByPath.get(file.path);
    if (entry) {
      score += entry.declared ? DECLARED_ENTRY_BOOST : CONVENTIONAL_ENTRY_BOOST;
      reasons.push(`entrypoint: ${entry.reasons.join(', ')}`);
    }
    if (file.kind !== 'source')
      reasons.push(`${file.kind} file (weighted ×${KIND_FACTOR[file.kind] ?? 0.3})`);
    return {
      path: file.path,
      score: round(Math.min(1, score)),
      pagerank: round(pagerank, 8),
      importedBy,
      imports,
      reasons,
    };
  });
  return ranked.sort((a, b) => b.score - a.score || b.pagerank - a.pagerank || (a.path < b.path ? -1 : 1));
}

/**
 * The graph's internal imports by file position, as `GraphView` would give them: each file's
 * distinct targets in edge order, the same without test files on either end (what PageRank
 * reads), and each file's count of distinct importers. Positions instead of a view's maps of
 * sets: ranking 10k files spent most of its time building two views.
 */
interface Adjacency {
  position: ReadonlyMap<string, number>;
  targets: number[][];
  production: number[][];
  importers: Int32Array;
}

function adjacencyOf(graph: DependencyGraph, files: readonly IndexedFile[]): Adjacency {
  const count = graph.files.length;
  const position = new Map(graph.files.map((path, index) => [path, index]));
  const targets: number[][] = Array.from({ length: count }, () => []);
  const importers = new Int32Array(count);
  // Edges come grouped by importer (sorted by `from`): a mark per target tells a repeat in O(1).
  const lastAddedBy = new Int32Array(count).fill(-1);
  const reopened = new Uint8Array(count);
  let from: string | undefined;
  let at = -1;
  for (const edge of graph.edges) {
    if (edge.external) continue;
    if (edge.from !== from) {
      from = edge.from;
      const next = position.get(from) ?? -1;
      if (next >= 0 && next !== at && targets[next]!.length > 0) reopened[next] = 1;
      at = next;
    }
    const to = position.get(edge.to);
    if (at < 0 || to === undefined) continue;
    const repeated = reopened[at] ? targets[at]!.includes(to) : lastAddedBy[to] === at;
    if (repeated) continue;
    lastAddedBy[to] = at;
    targets[at]!.push(to);
    importers[to]!++;
  }
  return { position, targets, production: productionTargets(targets, position, files), importers };
}

/** Each file's targets without tests: none from a test file, none to one. */
function productionTargets(
  targets: readonly number[][],
  position: ReadonlyMap<string, number>,
  files: readonly IndexedFile[],
): number[][] {
  const isTest = new Uint8Array(targets.length);
  for (const file of files) {
    const at = position.get(file.path);
    if (at !== undefined && file.kind === 'test') isTest[at] = 1;
  }
  return targets.map((list, at) => (isTest[at] ? [] : list.filter((to) => !isTest[to])));
}

/** The last build's ranking and what it was computed from, for an update to reuse. */
export interface PreviousRanking {
  ranking: readonly FileRank[];
  /** `entrypointsKey()` of the entrypoints it was ranked with. */
  entrypoints: string;
  graph: DependencyGraph;
  /** Files whose facts changed since (path -> the kind the last build gave it). */
  changed: ReadonlyMap<string, string | undefined>;
  /** ranking.json as the last build wrote it, and its recorded hash. */
  document?: { content: string; hash: string };
}

/** What the ranking depends on besides the graph and the kinds: recorded in ranking.json's head. */
export function entrypointsKey(entrypoints: readonly Entrypoint[]): string {
  return sha256(stableStringify(entrypoints));
}

/**
 * `rankFiles()`, or the last build's ranking when nothing it reads has moved: the same files, the
 * same entrypoints, and every changed file with its kind and its internal imports (targets in the
 * order the graph lists them, which is the order PageRank sums in) as before. Then PageRank would
 * give the very same numbers, so an edit inside a function body costs no re-ranking.
 */
export function rankOrReuse(
  graph: DependencyGraph,
  files: IndexedFile[],
  entrypoints: Entrypoint[],
  previous: PreviousRanking | undefined,
): { ranking: FileRank[]; reused: boolean } {
  if (previous && rankingStands(graph, files, entrypoints, previous))
    return { ranking: [...previous.ranking], reused: true };
  return { ranking: rankFiles(graph, files, entrypoints), reused: false };
}

function rankingStands(
  graph: DependencyGraph,
  files: IndexedFile[],
  entrypoints: Entrypoint[],
  previous: PreviousRanking,
): boolean {
  if (previous.ranking.length !== files.length || previous.graph.files.length !== graph.files.length)
    return false;
  if (previous.entrypoints !== entrypointsKey(entrypoints)) return false;
  const changed = new Set(previous.changed.keys());
  for (const file of files)
    if (changed.has(file.path) && previous.changed.get(file.path) !== file.kind) return false;
  const before = internalTargets(previous.graph, changed);
  const after = internalTargets(graph, changed);
  for (const path of changed) if ((before.get(path) ?? '') !== (after.get(path) ?? '')) return false;
  return true;
}

/** Each file's distinct internal import targets in graph order, joined, for the files asked. */
function internalTargets(graph: DependencyGraph, files: ReadonlySet<string>): Map<string, string> {
  const targets = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (edge.external || !files.has(edge.from)) continue;
    const list = targets.get(edge.from) ?? [];
    if (!list.includes(edge.to)) list.push(edge.to);
    targets.set(edge.from, list);
  }
  return new Map([...targets].map(([path, list]) => [path, list.join('\0')]));
}

function topPercent(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! > value) low = middle + 1;
    else high = middle;
  }
  return Math.max(1, Math.ceil(((low + 1) / Math.max(1, sorted.length)) * 100));
}

function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
