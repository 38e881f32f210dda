/** The one order of the graph's lists: the build sorts by it and readers of sharded graphs re-sort by it. */
import type { GraphEdge, UnresolvedImport } from './types.js';

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Edges by (from, line, specifier, to, kind). */
export function compareEdges(a: GraphEdge, b: GraphEdge): number {
  return (
    compare(a.from, b.from) ||
    a.line - b.line ||
    compare(a.specifier, b.specifier) ||
    compare(a.to, b.to) ||
    compare(a.kind, b.kind)
  );
}

/** Unresolved imports by (from, line, specifier). */
export function compareUnresolved(a: UnresolvedImport, b: UnresolvedImport): number {
  return compare(a.from, b.from) || a.line - b.line || compare(a.specifier, b.specifier);
}
