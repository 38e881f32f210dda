/**
 * The module-boundary rule engine: which imports (graph edges) and which files a rule matches.
 * `from.path` groups may be used in `to.path` as `$1`, `$2`.. (sibling isolation: a language
 * adapter may import its own helpers but no other adapter). Pure over the graph.
 */

import { findCycles } from '../graph/operations/cycles.js';
import type { DependencyGraph, GraphEdge } from '../graph/types.js';
import { GraphView } from '../graph/view.js';
import { escapeRegex } from '../shared/regex.js';
import type { BoundaryRule, ModuleBoundaries } from './schema.js';

type FromSpec = BoundaryRule['from'];
type ToSpec = BoundaryRule['to'];

export interface BoundaryMatch {
  edge: GraphEdge;
  /** For circular rules: the cycle the import closes, `[from, ..., from]`. */
  cycle?: string[];
}

/** Evaluates rules against one graph; compiles each pattern once. */
export class BoundaryMatcher {
  private readonly compiled = new Map<string, RegExp>();
  private readonly lastFrom = new Map<FromSpec, { path: string; groups: string[] | undefined }>();
  private cycleIds: { all?: Map<string, number>; runtime?: Map<string, number> } = {};
  private readonly views: { all?: GraphView; runtime?: GraphView } = {};

  constructor(readonly graph: DependencyGraph) {}

  /** Imports that match a forbidden rule (for circular rules: one import per cycle). */
  edgesMatching(rule: Pick<BoundaryRule, 'from' | 'to'>): BoundaryMatch[] {
    const matches = this.graph.edges
      .filter((edge) => this.matchesEdge(rule.from, rule.to, edge))
      .map((edge): BoundaryMatch => ({ edge }));
    return rule.to.circular ? this.onePerCycle(matches, rule.to.typeOnly === false) : matches;
  }

  /** Internal imports that match none of the `allowed` rules. */
  edgesOutsideAllowed(contract: ModuleBoundaries): GraphEdge[] {
    if (contract.allowed.length === 0) return [];
    return this.graph.edges.filter(
      (edge) =>
        !edge.external && !contract.allowed.some((rule) => this.matchesEdge(rule.from, rule.to, edge)),
    );
  }

  /** Code files that import nothing internal and that nothing imports. */
  orphans(from: FromSpec, codeFiles: ReadonlySet<string>): string[] {
    const view = this.view(false);
    return view.files.filter(
      (file) =>
        codeFiles.has(file) &&
        view.dependenciesOf(file).length === 0 &&
        view.dependentsOf(file).length === 0 &&
        this.fromGroups(from, file) !== undefined,
    );
  }

  private matchesEdge(from: FromSpec, to: ToSpec, edge: GraphEdge): boolean {
    if (Boolean(to.external) !== edge.external) return false;
    if (to.typeOnly !== undefined && to.typeOnly !== edge.typeOnly) return false;
    const groups = this.fromGroups(from, edge.from);
    if (!groups) return false;
    if (!this.pathMatches(to.path, to.pathNot, edge.to, groups)) return false;
    if (to.circular !== undefined && to.circular !== this.inCycle(edge, to.typeOnly === false)) return false;
    return true;
  }

  /**
   * The groups `from.path` captured, or undefined when `from` does not match the file. The last
   * answer per rule is kept: edges come grouped by importer, so most edges ask what the one
   * before them asked (35k edges, each running a test-path pattern, on the 10k bench tree).
   */
  private fromGroups(from: FromSpec, path: string): string[] | undefined {
    const last = this.lastFrom.get(from);
    if (last?.path === path) return last.groups;
    const groups = this.matchFrom(from, path);
    this.lastFrom.set(from, { path, groups });
    return groups;
  }

  private matchFrom(from: FromSpec, path: string): string[] | undefined {
    let groups: string[] = [];
    if (from.path !== undefined) {
      const match = listOf(from.path)
        .map((pattern) => this.regex(pattern).exec(path))
        .find((result) => result !== null);
      if (!match) return undefined;
      groups = match.slice(1).map((group) => group ?? '');
    }
    if (from.pathNot !== undefined && listOf(from.pathNot).some((pattern) => this.regex(pattern).test(path)))
      return undefined;
    return groups;
  }

  private pathMatches(
    path: string | string[] | undefined,
    pathNot: string | string[] | undefined,
    target: string,
    groups: string[],
  ): boolean {
    const expand = (pattern: string) =>
      this.regex(
        pattern.replace(/\$(\d)/g, (_all, index: string) => escapeRegex(groups[Number(index) - 1] ?? '')),
      );
    if (path !== undefined && !listOf(path).some((pattern) => expand(pattern).test(target))) return false;
    if (pathNot !== undefined && listOf(pathNot).some((pattern) => expand(pattern).test(target)))
      return false;
    return true;
  }

  private regex(pattern: string): RegExp {
    let compiled = this.compiled.get(pattern);
    if (!compiled) {
      compiled = new RegExp(pattern);
      this.compiled.set(pattern, compiled);
    }
    return compiled;
  }

  private view(runtimeOnly: boolean): GraphView {
    const key = runtimeOnly ? 'runtime' : 'all';
    this.views[key] ??= new GraphView(this.graph, { runtimeOnly });
    return this.views[key];
  }

  private componentIds(runtimeOnly: boolean): Map<string, number> {
    const key = runtimeOnly ? 'runtime' : 'all';
    if (!this.cycleIds[key]) {
      const ids = new Map<string, number>();
      findCycles(this.view(runtimeOnly)).forEach((cycle, index) => {
        for (const file of cycle) ids.set(file, index);
      });
      this.cycleIds[key] = ids;
    }
    return this.cycleIds[key];
  }

  private inCycle(edge: GraphEdge, runtimeOnly: boolean): boolean {
    if (edge.external || (runtimeOnly && edge.typeOnly)) return false;
    const ids = this.componentIds(runtimeOnly);
    const id = ids.get(edge.from);
    return id !== undefined && id === ids.get(edge.to);
  }

  private onePerCycle(matches: BoundaryMatch[], runtimeOnly: boolean): BoundaryMatch[] {
    const ids = this.componentIds(runtimeOnly);
    const seen = new Set<number>();
    const result: BoundaryMatch[] = [];
    for (const match of matches) {
      const id = ids.get(match.edge.from)!;
      if (seen.has(id)) continue;
      seen.add(id);
      result.push({ ...match, cycle: this.cyclePath(match.edge, runtimeOnly) });
    }
    return result;
  }

  /** Shortest way back from the imported file to the importer: the cycle this import closes. */
  private cyclePath(edge: GraphEdge, runtimeOnly: boolean): string[] {
    const view = this.view(runtimeOnly);
    const previous = new Map<string, string>([[edge.to, '']]);
    const queue = [edge.to];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (file === edge.from) break;
      for (const next of [...view.dependenciesOf(file)].sort()) {
        if (previous.has(next)) continue;
        previous.set(next, file);
        queue.push(next);
      }
    }
    const back: string[] = [];
    for (let file = edge.from; file; file = previous.get(file) ?? '') back.push(file);
    return [edge.from, ...back.reverse()];
  }
}

function listOf(value: string | string[]): string[] {
  return Array.isArray(value) ? value : [value];
}
