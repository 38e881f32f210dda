/** Direct imports and importers of one file, with the lines that make each edge. */
import type { GraphEdge } from '../types.js';
import type { GraphView } from '../view.js';

export interface FileNeighbours {
  imports: GraphEdge[];
  importedBy: GraphEdge[];
  externals: GraphEdge[];
}

export function neighboursOf(view: GraphView, file: string): FileNeighbours {
  const importedBy = view.graph.edges.filter((edge) => !edge.external && edge.to === file);
  return { imports: [...view.edgesOf(file)], importedBy, externals: view.externalEdgesOf(file) };
}
