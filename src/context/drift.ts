/**
 * `assessDrift()`: where the generated context and the tree disagree in ways a refresh alone does
 * not explain — outputs edited by hand, a graph that no longer matches the sources, task packs
 * naming files that moved or vanished, contracts pointing at folders that are gone.
 */
import type { LoadedConfig } from '../config/load.js';
import type { EventBus } from '../shared/events.js';
import { listDirectory, readTextIfExists } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { stageTimer } from './build.js';
import { computeGraph } from './compute.js';
import { edgeChanges } from './delta.js';
import { taskPackFiles } from './lifecycle.js';
import { loadBuiltContext } from './load.js';
import { hashOfOutput } from './manifest.js';
import { readTaskRuns } from './task-runs.js';

export type DriftKind =
  | 'context-missing'
  | 'output-edited'
  | 'output-missing'
  | 'graph-mismatch'
  | 'task-pack-stale'
  | 'task-pack-unreadable'
  | 'contract-stale-path';

export interface DriftFinding {
  kind: DriftKind;
  file: string;
  line?: number;
  message: string;
  fix: string;
  evidence?: string[];
}

export interface DriftReport {
  root: string;
  drifted: boolean;
  findings: DriftFinding[];
}

const EVIDENCE_LIMIT = 20;

export async function assessDrift(root: string, config: LoadedConfig, bus: EventBus): Promise<DriftReport> {
  const built = await loadBuiltContext(root);
  if (!built) {
    const finding: DriftFinding = {
      kind: 'context-missing',
      file: layout.manifest,
      message: 'no context has been built here',
      fix: 'opencode-plusplus build',
    };
    return { root, drifted: true, findings: [finding] };
  }
  const findings: DriftFinding[] = [];
  for (const [path, hash] of Object.entries(built.manifest.outputs).sort()) {
    const actual = await hashOfOutput(root, path, config.config.context.agentsFile);
    if (actual === undefined)
      findings.push({
        kind: 'output-missing',
        file: path,
        message: `${path} was generated but is gone`,
        fix: 'opencode-plusplus update',
      });
    else if (actual !== hash)
      findings.push({
        kind: 'output-edited',
        file: path,
        message: `${path} was edited by hand since it was generated; the next update overwrites the edit`,
        fix:
          path === config.config.context.agentsFile
            ? `move your text outside the markers in ${path}, then run opencode-plusplus update`
            : 'opencode-plusplus update',
      });
  }
  const { timed } = stageTimer(bus);
  const current = await computeGraph(root, { mode: 'update', bus, config, timed });
  const edges = edgeChanges(built.graph, current.graph);
  if (edges.length > 0) {
    findings.push({
      kind: 'graph-mismatch',
      file: layout.graphDir,
      message: `${edges.length} import edge(s) in the sources are not in the graph (or the other way round)`,
      fix: 'opencode-plusplus update',
      evidence: edges
        .slice(0, EVIDENCE_LIMIT)
        .map((edge) => `${edge.change === 'added' ? '+' : '-'} ${edge.from}:${edge.line} -> ${edge.to}`),
    });
  }
  const present = new Set(current.scanned.scan.files.map((file) => file.path));
  findings.push(...(await unreadableTaskPacks(root)));
  findings.push(...(await staleTaskPacks(root, present)));
  findings.push(...(await staleContractPaths(root, Object.keys(built.manifest.sources), present)));
  return { root, drifted: findings.length > 0, findings };
}

async function unreadableTaskPacks(root: string): Promise<DriftFinding[]> {
  return (await readTaskRuns(root)).flatMap(({ taskId, file, problem }) =>
    problem
      ? [
          {
            kind: 'task-pack-unreadable' as const,
            file,
            message: `task ${taskId}'s run.json does not read: ${problem.message}`,
            fix: 're-plan the task (opencode-plusplus task "<task>") to write it again',
          },
        ]
      : [],
  );
}

async function staleTaskPacks(root: string, present: Set<string>): Promise<DriftFinding[]> {
  const findings: DriftFinding[] = [];
  const byName = new Map<string, string[]>();
  for (const path of present) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  for (const [taskId, files] of await taskPackFiles(root)) {
    const gone = files.filter((path) => !present.has(path));
    if (gone.length === 0) continue;
    const evidence = gone.slice(0, EVIDENCE_LIMIT).map((path) => {
      const candidates = byName.get(path.slice(path.lastIndexOf('/') + 1)) ?? [];
      return candidates.length > 0
        ? `${path} (moved to ${candidates.slice(0, 3).join(', ')}?)`
        : `${path} (deleted)`;
    });
    findings.push({
      kind: 'task-pack-stale',
      file: `${layout.runs}/${taskId}/run.json`,
      message: `task ${taskId} names ${gone.length} file(s) that moved or vanished`,
      fix: `re-plan the task (opencode-plusplus task "<task>") so its pack names the current files`,
      evidence,
    });
  }
  return findings;
}

const PATH_KEYS = new Set([
  'path',
  'paths',
  'from',
  'to',
  'pattern',
  'patterns',
  'glob',
  'globs',
  'files',
  'include',
  'exclude',
  'protected',
  'protectedPaths',
  'generated',
  'generatedPaths',
  'source',
  'sources',
  'tests',
  'testPatterns',
  'allowedEditGlobs',
  'avoidEditGlobs',
]);

/** Folder prefixes in contracts that matched files at the last build and match none now. */
async function staleContractPaths(
  root: string,
  builtSources: string[],
  present: Set<string>,
): Promise<DriftFinding[]> {
  const names = (await listDirectory(absolutePath(root, layout.contracts))).filter((name) =>
    name.endsWith('.json'),
  );
  const findings: DriftFinding[] = [];
  const presentList = [...present];
  for (const name of names) {
    const file = `${layout.contracts}/${name}`;
    const text = await readTextIfExists(absolutePath(root, file));
    if (!text) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue; // malformed contracts are `validate-contracts`' to report
    }
    for (const pattern of pathStrings(value)) {
      const prefix = folderPrefix(pattern);
      if (!prefix) continue;
      const matchedBefore = builtSources.some((path) => path.startsWith(prefix));
      const matchesNow = presentList.some((path) => path.startsWith(prefix));
      if (!matchedBefore || matchesNow) continue;
      const offset = text.indexOf(JSON.stringify(pattern).slice(1, -1));
      findings.push({
        kind: 'contract-stale-path',
        file,
        ...(offset >= 0 ? { line: text.slice(0, offset).split('\n').length } : {}),
        message: `"${pattern}" points at ${prefix}, which held files at the last build and holds none now`,
        fix: `update ${file}: the folder was moved or deleted`,
      });
    }
  }
  return findings;
}

function pathStrings(value: unknown, key = '', into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (PATH_KEYS.has(key) && !/\s/.test(value)) into.push(value);
  } else if (Array.isArray(value)) {
    for (const entry of value) pathStrings(entry, key, into);
  } else if (value && typeof value === 'object') {
    for (const [name, entry] of Object.entries(value)) pathStrings(entry, name, into);
  }
  return into;
}

/** `^src/legacy/(.*)` or `src/legacy/**` -> `src/legacy/`; patterns without a literal folder give nothing. */
function folderPrefix(pattern: string): string | undefined {
  const literal = pattern.replace(/^\^/, '').split(/[*?[{(|+\\$]/, 1)[0]!;
  const slash = literal.lastIndexOf('/');
  return slash > 0 ? literal.slice(0, slash + 1) : undefined;
}
