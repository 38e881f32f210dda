/** The file dependency graph: built once per run, then only queried (`operations/`). */
import type { ImportKind } from '../index/types.js';

export interface GraphEdge {
  /** Importing file (repository path). */
  from: string;
  /** Imported file (repository path), or an external node id (`npm:react`, `builtin:node:fs`). */
  to: string;
  external: boolean;
  kind: ImportKind;
  typeOnly: boolean;
  specifier: string;
  line: number;
}

export interface ExternalNode {
  /** `npm:react`, `pypi:requests`, `go:github.com/x/y`, `crate:serde`, `maven:org.x`, `builtin:node:fs`. */
  id: string;
  ecosystem: string;
  name: string;
  builtin: boolean;
  /** How many files import it. */
  importers: number;
}

export type UnresolvedReason =
  | 'not-found'
  | 'outside-repository'
  | 'ignored-target'
  | 'unsupported'
  | 'dynamic';

export interface UnresolvedImport {
  from: string;
  specifier: string;
  line: number;
  reason: UnresolvedReason;
  detail?: string;
}

export interface GraphStats {
  files: number;
  edges: number;
  internalEdges: number;
  externalEdges: number;
  externals: number;
  unresolved: number;
  unresolvedByReason: Record<string, number>;
}

export interface DependencyGraph {
  /** Every indexed file, sorted: the graph's file nodes (isolated ones included). */
  files: string[];
  /** Sorted by (from, line, specifier, to). */
  edges: GraphEdge[];
  externals: ExternalNode[];
  unresolved: UnresolvedImport[];
  stats: GraphStats;
}

export type Resolution =
  | { type: 'file'; path: string }
  | { type: 'external'; ecosystem: string; name: string; builtin?: boolean }
  | { type: 'unresolved'; reason: UnresolvedReason; detail?: string };
