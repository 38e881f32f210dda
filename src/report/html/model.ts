/**
 * What the HTML report shows, as one serialisable value. `api/report.ts` gathers it from the
 * repository; the renderers here only format it, so the same inputs give the same bytes.
 */
import type { FreshnessReport } from '../../context/freshness.js';
import type { ContractFinding } from '../../contracts/types.js';
import type { LessonView, Proposal, ServedRecord } from '../../memory/index.js';

export const REPORT_SCHEMA_VERSION = 1;

/** One file of the map. Imports, importers and tests are derived from `edges` by the viewer. */
export interface MapFile {
  path: string;
  kind: string;
  language: string;
  lines: number;
  summary: string;
  /** 0..1 from ranking.json (0 when unranked). */
  score: number;
  /** 1-based position in the ranking; 0 when unranked. */
  position: number;
  reasons: string[];
  /** Index into `MapModel.cycles` when the file sits in an import cycle. */
  cycle?: number;
}

/** Edge flags, OR-ed into the third cell of an edge. */
export const EDGE_TYPE_ONLY = 1;
export const EDGE_VIOLATION = 2;
export const EDGE_CYCLE = 4;

export interface MapModel {
  /** `package` in a Go repository (a folder is a package there), else `folder`. */
  clusterBy: 'folder' | 'package';
  files: MapFile[];
  /** `[from, to, flags]`, indexes into `files`, sorted. */
  edges: Array<[number, number, number]>;
  /** Each cycle as file indexes. */
  cycles: number[][];
  /** Files with a layer violation, by index, with the finding messages. */
  violations: Record<string, string[]>;
}

export interface ReadinessCheck {
  id: string;
  ok: boolean;
  message: string;
  weight?: number;
  evidence?: string[];
  fix?: string;
}

export interface ReadinessView {
  score?: number;
  grade?: string;
  checks: ReadinessCheck[];
}

/** A section whose source could not be read says why instead of vanishing. */
export interface Unavailable {
  unavailable: string;
}

export interface ContractsView {
  findings: ContractFinding[];
  notes: string[];
}

/** One file of a run folder: parsed JSON, text, or missing. */
export interface RunArtifact {
  name: string;
  state: 'json' | 'text' | 'missing' | 'unreadable';
  value?: unknown;
  text?: string;
  /** Bytes left out of `text` (large diffs are capped). */
  truncated?: number;
  problem?: string;
}

export interface RunIteration {
  /** The folder name (`001`). */
  id: string;
  artifacts: RunArtifact[];
}

export interface RunView {
  /** `task` for `.agent-context/runs/<id>`, `orchestrator` for `.agent-context/orchestrator/<id>`. */
  type: 'task' | 'orchestrator';
  id: string;
  /** Repository-relative folder. */
  dir: string;
  /** The run's own files (run.json, state.json), parsed as far as they parse. */
  records: RunArtifact[];
  iterations: RunIteration[];
}

export interface LessonsView {
  lessons: LessonView[];
  proposals: Proposal[];
  served: ServedRecord[];
  problems: string[];
}

export interface ReportData {
  schemaVersion: number;
  project: string;
  map: MapModel;
  readiness: ReadinessView | Unavailable;
  freshness: Omit<FreshnessReport, 'root' | 'hashedFiles'> | Unavailable;
  contracts: ContractsView | Unavailable;
  runs: RunView[];
  lessons: LessonsView | Unavailable;
}

export function isUnavailable(value: unknown): value is Unavailable {
  return typeof value === 'object' && value !== null && 'unavailable' in value;
}
