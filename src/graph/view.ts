/** Adjacency over a built graph, made once and shared by every query in `operations/`. */
import type { DependencyGraph, GraphEdge } from './types.js';

export interface GraphViewOptions {
  /** Leave out `import type` edges (they vanish at run time). @default false */
  runtimeOnly?: boolean;
}

export class GraphView {
  readonly files: readonly string[];
  private readonly forward = new Map<string, string[]>();
  private readonly backward = new Map<string, string[]>();
  private readonly edgesFrom = new Map<string, GraphEdge[]>();

  constructor(
    readonly graph: DependencyGraph,
    options: GraphViewOptions = {},
  ) {
    this.files = graph.files;
    // Sets while building: a barrel imported by thousands of files made `includes` quadratic.
    const forward = new Map<string, Set<string>>();
    const backward = new Map<string, Set<string>>();
    for (const file of graph.files) {
      forward.set(file, new Set());
      backward.set(file, new Set());
    }
    for (const edge of graph.edges) {
      if (edge.external || (options.runtimeOnly && edge.typeOnly)) continue;
      const outgoing = this.edgesFrom.get(edge.from);
      if (outgoing) outgoing.push(edge);
      else this.edgesFrom.set(edge.from, [edge]);
      const targets = forward.get(edge.from);
      if (targets) targets.add(edge.to);
      const sources = backward.get(edge.to);
      if (sources) sources.add(edge.from);
    }
    for (const [file, targets] of forward) this.forward.set(file, [...targets]);
    for (const [file, sources] of backward) this.backward.set(file, [...sources]);
  }

  has(file: string): boolean {
    return this.forward.has(file);
  }

  /** Files `file` imports directly (internal only). */
  dependenciesOf(file: string): readonly string[] {
    return this.forward.get(file) ?? [];
  }

  /** Files that import `file` directly. */
  dependentsOf(file: string): readonly string[] {
    return this.backward.get(file) ?? [];
  }

  /** Internal edges leaving `file`, with their lines and specifiers. */
  edgesOf(file: string): readonly GraphEdge[] {
    return this.edgesFrom.get(file) ?? [];
  }

  /** External edges (packages, builtins) leaving `file`. */
  externalEdgesOf(file: string): GraphEdge[] {
    return this.graph.edges.filter((edge) => edge.from === file && edge.external);
  }
}
