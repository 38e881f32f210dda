/** A graph's counts, from its lists (one home for the full build and the patched one). */
import type { ExternalNode, GraphEdge, GraphStats, UnresolvedImport } from './types.js';

export function statsOf(
  files: string[],
  edges: GraphEdge[],
  externals: ExternalNode[],
  unresolved: UnresolvedImport[],
): GraphStats {
  const unresolvedByReason: Record<string, number> = {};
  for (const entry of unresolved)
    unresolvedByReason[entry.reason] = (unresolvedByReason[entry.reason] ?? 0) + 1;
  const externalEdges = edges.filter((edge) => edge.external).length;
  return {
    files: files.length,
    edges: edges.length,
    internalEdges: edges.length - externalEdges,
    externalEdges,
    externals: externals.length,
    unresolved: unresolved.length,
    unresolvedByReason,
  };
}
