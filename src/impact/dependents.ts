/**
 * The reverse walk: every file that imports a changed file, directly or through others, with
 * the import path that makes it affected. Files that imported a deleted (or renamed-away) file
 * are affected too — their import is now broken — and so are files the index could not parse,
 * whose imports are unknown.
 */
import type { TreeFile } from '../contracts/types.js';
import { type DependentEntry, transitiveDependents } from '../graph/operations/dependents.js';
import type { DependencyGraph } from '../graph/types.js';
import type { GraphView } from '../graph/view.js';
import { directoryOf, posix } from '../shared/path.js';
import type { ChangedFile } from './changes.js';

export interface AffectedFile {
  file: string;
  /** Import hops from the nearest changed file (1: imports it directly). */
  depth: number;
  /** `[this file, ..., changed file]`. */
  path: string[];
  reason: 'imports' | 'imports-removed-file' | 'unparsed';
}

export interface WalkResult {
  affected: AffectedFile[];
  /** True when `maxDepth` cut the walk short: some dependents may be missing. */
  truncated: boolean;
}

export function walkDependents(
  view: GraphView,
  graph: DependencyGraph,
  changed: readonly ChangedFile[],
  files: readonly TreeFile[],
  maxDepth: number,
): WalkResult {
  const seeds = changed.filter((file) => file.status !== 'deleted').map((file) => file.path);
  const best = new Map<string, AffectedFile>();
  const keep = (entry: AffectedFile) => {
    const current = best.get(entry.file);
    if (!current || entry.depth < current.depth) best.set(entry.file, entry);
  };
  const direct = transitiveDependents(view, seeds, maxDepth);
  for (const entry of direct) keep({ ...entry, reason: 'imports' });
  const removed = changed.flatMap((file) =>
    file.status === 'deleted'
      ? [file.path]
      : file.status === 'renamed' && file.previousPath
        ? [file.previousPath]
        : [],
  );
  for (const [importer, target] of importersOfRemoved(graph, removed)) {
    keep({ file: importer, depth: 1, path: [importer, target], reason: 'imports-removed-file' });
    for (const entry of transitiveDependents(view, [importer], maxDepth - 1))
      keep(extend(entry, [importer, target], 'imports-removed-file'));
  }
  for (const file of files) {
    if (file.confidence !== 'failed' || seeds.includes(file.path)) continue;
    keep({ file: file.path, depth: 1, path: [file.path], reason: 'unparsed' });
    for (const entry of transitiveDependents(view, [file.path], maxDepth - 1))
      keep(extend(entry, [file.path], 'unparsed'));
  }
  const changedPaths = new Set(seeds);
  const affected = [...best.values()]
    .filter((entry) => !changedPaths.has(entry.file))
    .sort((a, b) => a.depth - b.depth || (a.file < b.file ? -1 : 1));
  return { affected, truncated: isTruncated(view, direct, maxDepth) };
}

function extend(entry: DependentEntry, tail: string[], reason: AffectedFile['reason']): AffectedFile {
  return {
    file: entry.file,
    depth: entry.depth + tail.length - 1,
    path: [...entry.path.slice(0, -1), ...tail],
    reason,
  };
}

/**
 * Importers whose unresolved import points at a removed file: the specifier, resolved against
 * the importer's folder, names the removed path with or without its extension.
 */
function importersOfRemoved(graph: DependencyGraph, removed: readonly string[]): Array<[string, string]> {
  if (removed.length === 0) return [];
  const byStem = new Map<string, string>();
  for (const path of removed) {
    byStem.set(path, path);
    byStem.set(stripExtension(path), path);
    if (/\/index\.[^/]+$/.test(path)) byStem.set(directoryOf(path), path);
  }
  const found: Array<[string, string]> = [];
  for (const entry of graph.unresolved) {
    if (!entry.specifier.startsWith('.')) continue;
    const target = posix.normalize(posix.join(directoryOf(entry.from), entry.specifier));
    const removedPath = byStem.get(target) ?? byStem.get(stripExtension(target));
    if (removedPath) found.push([entry.from, removedPath]);
  }
  return found;
}

function stripExtension(path: string): string {
  return path.replace(/\.[cm]?[jt]sx?$|\.py$/, '');
}

function isTruncated(view: GraphView, found: DependentEntry[], maxDepth: number): boolean {
  return found.some((entry) => entry.depth === maxDepth && view.dependentsOf(entry.file).length > 0);
}
