/**
 * The dependency graph as the map draws it: files with their rank, internal edges flagged as
 * type-only, cycle or layer violation, and the cycles themselves. Pure: the caller passes the
 * loaded context, the cycles and the contract findings.
 */
import type { LoadedContext } from '../../context/load.js';
import type { ContractFinding } from '../../contracts/types.js';
import { EDGE_CYCLE, EDGE_TYPE_ONLY, EDGE_VIOLATION, type MapFile, type MapModel } from './model.js';

/** Rules whose findings are an import crossing a layer the design forbids. */
export function isLayerViolation(finding: ContractFinding): boolean {
  if (finding.line === undefined) return false;
  if (finding.ruleId === 'architecture-layer') return true;
  return finding.ruleId.startsWith('module-boundary/') && !finding.message.startsWith('import cycle');
}

export function buildMapModel(
  context: Pick<LoadedContext, 'files' | 'graph' | 'ranking'>,
  cycles: readonly string[][],
  findings: readonly ContractFinding[],
): MapModel {
  const paths = [...context.graph.files].sort();
  const indexOf = new Map(paths.map((path, index) => [path, index]));
  const cycleOf = new Map<string, number>();
  const sortedCycles = cycles.map((cycle) => [...cycle].sort()).sort((a, b) => compare(a[0]!, b[0]!));
  sortedCycles.forEach((cycle, index) => {
    for (const path of cycle) cycleOf.set(path, index);
  });
  const violations = violationsByFile(findings, indexOf);
  return {
    clusterBy: isGoRepository(context.files) ? 'package' : 'folder',
    files: mapFiles(context, paths, cycleOf),
    edges: mapEdges(context, indexOf, cycleOf, findings),
    cycles: sortedCycles.map((cycle) =>
      cycle.map((path) => indexOf.get(path)!).filter((i) => i !== undefined),
    ),
    violations,
  };
}

function mapFiles(
  context: Pick<LoadedContext, 'files' | 'ranking'>,
  paths: string[],
  cycleOf: Map<string, number>,
): MapFile[] {
  const facts = new Map(context.files.map((file) => [file.path, file]));
  const ranks = new Map(context.ranking.map((rank, index) => [rank.path, { rank, position: index + 1 }]));
  return paths.map((path) => {
    const file = facts.get(path);
    const ranked = ranks.get(path);
    const entry: MapFile = {
      path,
      kind: file?.kind ?? 'unknown',
      language: file?.language ?? 'unknown',
      lines: file?.lines ?? 0,
      summary: file?.summary?.text ?? '',
      score: ranked?.rank.score ?? 0,
      position: ranked?.position ?? 0,
      reasons: ranked?.rank.reasons ?? [],
    };
    const cycle = cycleOf.get(path);
    if (cycle !== undefined) entry.cycle = cycle;
    return entry;
  });
}

function mapEdges(
  context: Pick<LoadedContext, 'graph'>,
  indexOf: Map<string, number>,
  cycleOf: Map<string, number>,
  findings: readonly ContractFinding[],
): Array<[number, number, number]> {
  const violating = new Set(
    findings.filter(isLayerViolation).map((finding) => `${finding.file}:${finding.line}`),
  );
  const flags = new Map<string, number>();
  for (const edge of context.graph.edges) {
    const from = indexOf.get(edge.from);
    const to = indexOf.get(edge.to);
    if (edge.external || from === undefined || to === undefined || from === to) continue;
    const key = `${from} ${to}`;
    let flag = flags.get(key) ?? EDGE_TYPE_ONLY;
    if (!edge.typeOnly) flag &= ~EDGE_TYPE_ONLY;
    if (violating.has(`${edge.from}:${edge.line}`)) flag |= EDGE_VIOLATION;
    const cycle = cycleOf.get(edge.from);
    if (cycle !== undefined && cycle === cycleOf.get(edge.to)) flag |= EDGE_CYCLE;
    flags.set(key, flag);
  }
  return [...flags]
    .map(([key, flag]): [number, number, number] => {
      const [from, to] = key.split(' ').map(Number) as [number, number];
      return [from, to, flag];
    })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function violationsByFile(
  findings: readonly ContractFinding[],
  indexOf: Map<string, number>,
): Record<string, string[]> {
  const byFile: Record<string, string[]> = {};
  for (const finding of findings.filter(isLayerViolation)) {
    const index = indexOf.get(finding.file);
    if (index === undefined) continue;
    const key = String(index);
    byFile[key] = [...(byFile[key] ?? []), `line ${finding.line}: ${finding.message}`];
  }
  for (const messages of Object.values(byFile)) messages.sort();
  return byFile;
}

/** Go clusters by package, which is its folder: the map says "package" there. */
function isGoRepository(files: LoadedContext['files']): boolean {
  const code = files.filter((file) => file.kind === 'source');
  const go = code.filter((file) => file.language === 'go').length;
  return code.length > 0 && go * 2 > code.length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
