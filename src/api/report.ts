/**
 * `report`: gathers what the HTML report shows — the built context (built first when missing),
 * readiness, freshness, contract findings, runs and lessons — into one `ReportData`, then renders
 * it as a page or as the graph alone. A part that cannot be read says why in its section; it
 * never stops the rest of the report.
 */
import type { ReportData } from '../report/html/model.js';
import { layout } from '../shared/layout.js';
import { absolutePath, baseName } from '../shared/path.js';
import type { CallOptions } from './context.js';

export type ReportFormat = 'html' | 'mermaid' | 'dot';

export interface ReportResult {
  format: ReportFormat;
  /** The rendered page or diagram. */
  content: string;
  /** True when there was no context and it was built first. */
  built: boolean;
  counts: { files: number; edges: number; cycles: number; findings: number; runs: number; lessons: number };
}

/** The default place of the page: `.agent-context/report.html`. */
export const DEFAULT_REPORT_FILE = `${layout.dir}/report.html`;

export async function report(
  directory = '.',
  options: CallOptions & { format?: ReportFormat } = {},
): Promise<ReportResult> {
  const { existingDirectory } = await import('../shared/fs.js');
  const root = await existingDirectory(directory);
  const { data, built } = await collectReport(root, options);
  const format = options.format ?? 'html';
  const content =
    format === 'html'
      ? (await import('../report/html/render.js')).renderReportHtml(data)
      : (await import('../report/html/diagram.js')).renderDiagram(data.map, format);
  return { format, content, built, counts: countsOf(data) };
}

function countsOf(data: ReportData): ReportResult['counts'] {
  const count = (value: unknown, key: string) =>
    typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>)[key])
      ? ((value as Record<string, unknown[]>)[key]?.length ?? 0)
      : 0;
  return {
    files: data.map.files.length,
    edges: data.map.edges.length,
    cycles: data.map.cycles.length,
    findings: count(data.contracts, 'findings'),
    runs: data.runs.length,
    lessons: count(data.lessons, 'lessons'),
  };
}

export async function collectReport(
  root: string,
  options: CallOptions = {},
): Promise<{ data: ReportData; built: boolean }> {
  const [{ loadBuiltContext }, context] = await Promise.all([
    import('../context/load.js'),
    import('./context.js'),
  ]);
  let loaded = await loadBuiltContext(root);
  const built = loaded === undefined;
  if (!loaded) {
    options.bus?.log('info', 'no context yet: building it first');
    await context.build(root, options);
    loaded = (await loadBuiltContext(root))!;
  }
  const [contracts, readiness, freshness, runs, lessons, cycles] = await Promise.all([
    settle(() => readContracts(root)),
    settle(() => readReadiness(root)),
    settle(async () => {
      const { root: _root, hashedFiles: _hashed, ...rest } = await context.freshness(root);
      return rest;
    }),
    (await import('./report-runs.js')).readRuns(root),
    settle(() => readLessons(root)),
    cyclesOf(loaded.graph),
  ]);
  const { buildMapModel } = await import('../report/html/map-model.js');
  const findings = 'findings' in contracts ? contracts.findings : [];
  const data: ReportData = {
    schemaVersion: (await import('../report/html/model.js')).REPORT_SCHEMA_VERSION,
    project: baseName(root),
    map: buildMapModel(loaded, cycles, findings),
    readiness,
    freshness,
    contracts,
    runs,
    lessons,
  };
  return { data, built };
}

/** A section's value, or why it is unavailable (the message of what failed). */
async function settle<T>(read: () => Promise<T>): Promise<T | { unavailable: string }> {
  try {
    return await read();
  } catch (error) {
    const { toInternalError } = await import('../shared/errors.js');
    return { unavailable: toInternalError(error).describe() };
  }
}

async function cyclesOf(graph: import('../graph/types.js').DependencyGraph): Promise<string[][]> {
  const [{ findCycles }, { GraphView }] = await Promise.all([
    import('../graph/operations/cycles.js'),
    import('../graph/view.js'),
  ]);
  return findCycles(new GraphView(graph));
}

async function readContracts(root: string) {
  const { checkContracts } = await import('./impact.js');
  const result = await checkContracts(root);
  return { findings: result.findings, notes: result.notes };
}

async function readReadiness(root: string) {
  const [{ readJsonIfExists }] = await Promise.all([import('../shared/fs.js')]);
  const value = (await readJsonIfExists(absolutePath(root, layout.readiness), layout.readiness)) as
    | { score?: number; grade?: string; checks?: unknown }
    | undefined;
  if (!value) return { unavailable: `${layout.readiness} is missing: run \`build\`` };
  return {
    ...(typeof value.score === 'number' ? { score: value.score } : {}),
    ...(typeof value.grade === 'string' ? { grade: value.grade } : {}),
    checks: Array.isArray(value.checks)
      ? (value.checks as import('../report/html/model.js').ReadinessCheck[])
      : [],
  };
}

async function readLessons(root: string) {
  const [{ memoryList }, { readServed }] = await Promise.all([
    import('./memory.js'),
    import('../memory/served.js'),
  ]);
  const listing = await memoryList(root, { all: true });
  return {
    lessons: listing.lessons,
    proposals: listing.proposals,
    served: await readServed(root),
    problems: listing.problems.map((problem) => `${problem.file}: ${problem.message}`),
  };
}
