/**
 * `buildChangeImpactReport()`: from a change set and the graph of the working tree to what the
 * change affects — dependents with the import path that makes each affected, affected modules,
 * files that affect everything, and a risk score with its factors. Pure: no git, no disk.
 */
import { type ContractSet, findUntestedChanges, type TreeFile, touchesMatching } from '../contracts/index.js';
import { pageRank } from '../graph/operations/pagerank.js';
import type { DependencyGraph } from '../graph/types.js';
import { GraphView } from '../graph/view.js';
import { isDependencyFile } from '../scan/file-kinds.js';
import type { BaseInfo } from './base.js';
import type { ChangedFile, ChangeSet } from './changes.js';
import { type AffectedFile, walkDependents } from './dependents.js';
import { type GlobalTrigger, globalTriggerOf } from './global-files.js';
import { type AffectedModule, groupByModule, moduleResolver } from './modules.js';
import { assessRisk, isSensitivePath, type RiskAssessment } from './risk.js';

type FileKind = TreeFile['kind'];

export interface ImpactInput {
  changes: ChangeSet;
  graph: DependencyGraph;
  files: readonly TreeFile[];
  contracts: ContractSet;
  /** Import hops the reverse walk follows. @default 20 */
  maxDepth?: number;
}

export interface ImpactChangedFile extends ChangedFile {
  kind?: FileKind;
  module: string;
  /** Set when the file affects every test in its folder (lockfile, config, setup file). */
  affectsEverything?: string;
}

export interface ChangeImpactReport {
  schemaVersion: 1;
  base: BaseInfo;
  changed: ImpactChangedFile[];
  /** Files affected through imports, nearest first. */
  affected: AffectedFile[];
  modules: AffectedModule[];
  /** Changed files that affect everything in their folder. */
  globalTriggers: GlobalTrigger[];
  /** Changed sources whose exercising tests did not change. */
  untested: string[];
  risk: RiskAssessment;
  /** True when the depth limit cut the walk: some dependents may be missing. */
  truncated: boolean;
  notes: string[];
}

export function buildChangeImpactReport(input: ImpactInput): ChangeImpactReport {
  const { changes, graph, files, contracts } = input;
  const maxDepth = input.maxDepth ?? 20;
  const view = new GraphView(graph);
  const kinds = new Map(files.map((file) => [file.path, file.kind]));
  const moduleOf = moduleResolver(contracts.architecture, files);
  const walk = walkDependents(view, graph, changes.files, files, maxDepth);
  const globalTriggers = changes.files
    .map((file) => globalTriggerOf(file.path, contracts.tests.forceRerunTriggers))
    .filter((trigger): trigger is GlobalTrigger => trigger !== undefined);
  const changed = changes.files.map((file) =>
    describeChanged(file, kinds.get(file.path), moduleOf(file.path), globalTriggers),
  );
  const untested = findUntestedChanges({ contracts, changes, files, graph }).map((entry) => entry.path);
  const notes = [...changes.notes];
  if (walk.truncated)
    notes.push(`the reverse walk stopped at depth ${maxDepth}: files further away may be affected too`);
  return {
    schemaVersion: 1,
    base: changes.base,
    changed,
    affected: walk.affected,
    modules: groupByModule(
      changes.files.map((file) => file.path),
      walk.affected.map((entry) => entry.file),
      moduleOf,
    ),
    globalTriggers,
    untested,
    risk: assessRisk({
      changed: changes.files,
      affected: walk.affected.length,
      codeFiles: files.filter((file) => file.kind === 'source' || file.kind === 'test').length,
      ...centralityOf(view, changes.files),
      protectedPaths: protectedPathsOf(changes, contracts),
      sensitivePaths: changes.files.map((file) => file.path).filter(isSensitivePath),
      dependencyFiles: changes.files.map((file) => file.path).filter(isDependencyFile),
      globalConfigFiles: globalTriggers
        .map((trigger) => trigger.file)
        .filter((path) => !isDependencyFile(path)),
      untested,
      changedSources: changes.files.filter(
        (file) => file.status !== 'deleted' && kinds.get(file.path) === 'source',
      ).length,
    }),
    truncated: walk.truncated,
    notes,
  };
}

function describeChanged(
  file: ChangedFile,
  kind: FileKind | undefined,
  module: string,
  triggers: GlobalTrigger[],
): ImpactChangedFile {
  const entry: ImpactChangedFile = { ...file, module };
  if (kind) entry.kind = kind;
  const trigger = triggers.find((candidate) => candidate.file === file.path);
  if (trigger) entry.affectsEverything = trigger.reason;
  return entry;
}

function centralityOf(
  view: GraphView,
  changed: readonly ChangedFile[],
): { centrality?: { file: string; percentile: number } } {
  const present = changed.map((file) => file.path).filter((path) => view.has(path));
  if (present.length === 0) return {};
  const ranks = pageRank(view);
  const sorted = [...ranks.values()].sort((a, b) => a - b);
  let best: { file: string; percentile: number } | undefined;
  for (const file of present.sort()) {
    const rank = ranks.get(file) ?? 0;
    const below = sorted.findIndex((value) => value >= rank);
    const percentile = sorted.length > 1 ? below / (sorted.length - 1) : 0;
    if (!best || percentile > best.percentile) best = { file, percentile };
  }
  return best ? { centrality: best } : {};
}

function protectedPathsOf(changes: ChangeSet, contracts: ContractSet): string[] {
  return touchesMatching(contracts.safety.protected, changes, (entry, touch) =>
    entry.changes.includes(touch.action),
  )
    .map(({ touch }) => touch.path)
    .sort();
}
