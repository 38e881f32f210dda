/** The shapes the graph's full build and its incremental patch share. */
import type { DependencyGraph, ExternalNode, GraphEdge, UnresolvedImport } from './types.js';

/**
 * A previous graph whose resolutions may be reused: for the files in `reusable` (unchanged bytes,
 * same file set, no configuration change that moves resolution) the old edges stand as they were.
 */
export interface ReusableGraph {
  graph: DependencyGraph;
  reusable: ReadonlySet<string>;
}

/** One file's resolved imports: its edges, its unresolved imports, the packages it imports. */
export interface FileResolutions {
  edges: GraphEdge[];
  unresolved: UnresolvedImport[];
  externals: Map<string, ExternalFacts>;
}

/** What the graph records of a package, beside who imports it. */
export type ExternalFacts = Pick<ExternalNode, 'ecosystem' | 'name' | 'builtin'>;
