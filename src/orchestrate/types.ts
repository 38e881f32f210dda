/**
 * The orchestrator's data: its options, the run state persisted after every phase, each phase's
 * output, and the decision with its candidates. Everything here is serialisable and is what
 * `orchestrate --json` and the files under `.agent-context/` carry.
 */
import type { FailOn } from '../policy/evaluate.js';
import type { EvidencePolicy } from '../trace/evidence.js';
import type { EventSummary } from './executors/events.js';
import type { ExecutorSettings } from './executors/types.js';

export const ORCHESTRATOR_SCHEMA_VERSION = 1;

/** In priority order: the first outranks the rest (DESIGN.md §5). */
export const ORCHESTRATOR_ACTIONS = [
  'rollback',
  'block',
  'repack',
  'repair',
  'run-tests',
  'human-review',
  'finalize',
] as const;
export type OrchestratorAction = (typeof ORCHESTRATOR_ACTIONS)[number];

/** Actions after which another iteration runs (when loops remain). */
export const CONTINUING_ACTIONS: readonly OrchestratorAction[] = [
  'rollback',
  'repack',
  'repair',
  'run-tests',
];

export const PHASES = [
  'plan',
  'prepare-sandbox',
  'execute',
  'collect',
  'evaluate',
  'decide',
  'persist',
  'finalize',
] as const;
export type PhaseName = (typeof PHASES)[number];
export const ITERATION_PHASES: readonly PhaseName[] = ['execute', 'collect', 'evaluate', 'decide', 'persist'];

export type Checkpoint = 'git-worktree' | 'none';

/** What the user asked for; persisted so `--resume` runs with the same settings. */
export interface RunOptions {
  task: string;
  executor: string;
  settings: ExecutorSettings;
  maxLoops: number;
  evidencePolicy?: EvidencePolicy;
  failOn?: FailOn;
  checkpoint: Checkpoint;
  apply: boolean;
  /** Reflection depth cap. @default 3, never above 10 */
  reflectionDepth: number;
}

/** One signal turned into a possible next action. */
export interface Candidate {
  /** Stable: `<source>:<what>`; the last sort key. */
  id: string;
  action: OrchestratorAction;
  priority: number;
  /** 0..1 */
  confidence: number;
  /** A blocking candidate keeps the loop from finalizing. */
  blocking: boolean;
  /** Advisory candidates are shown, never chosen over an actionable one. */
  advisory: boolean;
  source: 'executor' | 'change' | 'tests' | 'policy' | 'loop' | 'guards' | 'tree' | 'reflection' | 'context';
  reason: string;
  /** Findings with file:line, failing commands: what the repair prompt states. */
  details: string[];
  command?: string;
}

export interface Convergence {
  fingerprint: string;
  /** The fingerprint of the previous iteration. */
  previous?: string;
  /** Consecutive blocking iterations with this fingerprint (1 the first time). */
  repeats: number;
  stalled: boolean;
}

export interface Decision {
  schemaVersion: 1;
  iteration: number;
  action: OrchestratorAction;
  reason: string;
  priority: number;
  confidence: number;
  blocking: boolean;
  /** Ids of the candidates behind the action. */
  signals: string[];
  convergence: Convergence;
  /** Every candidate, in arbitration order. */
  candidates: Candidate[];
  /** The other blocking candidates, still visible. */
  supporting: string[];
  /** True when the run ends here. */
  terminal: boolean;
  /** The arbitrated action before convergence and the loop budget had their say. */
  rawAction: OrchestratorAction;
  /** `human-review`: the question for a person (from the reflection node or the convergence stop). */
  question?: string;
}

export interface ExecuteOutput {
  executor: string;
  argv: string[];
  exitCode: number | null;
  signal: string | null;
  stop: 'exited' | 'timeout' | 'stuck' | 'output-cap' | 'spawn-error' | 'interrupted' | 'in-process';
  stuck?: { rule: string; detail: string };
  spawnError?: string;
  durationMs: number;
  stdoutBytes: number;
  stdoutSha256: string;
  stderrTail: string;
  promptSha256: string;
  summary: EventSummary;
}

export interface CollectOutput {
  treeHash: string;
  changedFiles: string[];
  /** Files changed by this iteration alone (against the tree it started on). */
  iterationFiles: string[];
  patchSha256: string;
  patchBytes: number;
}

export interface TestRun {
  command: string;
  level: 'narrow' | 'required';
  exitCode: number | null;
  step: string;
  tail: string;
}

export interface EvaluateOutput {
  context: { mode: 'rebuilt' | 'incremental' | 'reused'; reason: string; durationMs: number };
  tests: TestRun[];
  skippedCommands: string[];
  verdicts: { verify: string; policy: boolean; loop: string; reflection: string };
  treeHash: string;
  candidates: Candidate[];
  /** What convergence compares, besides the tree hash and the action. */
  gateIds: string[];
  missingEvidence: string[];
  requiredCommands: string[];
  freshness: string;
}

export interface IterationSummary {
  iteration: number;
  dir: string;
  action: OrchestratorAction;
  reason: string;
  changedFiles: string[];
  treeHash: string;
}

export interface OrchestratorState {
  schemaVersion: 1;
  runId: string;
  options: RunOptions;
  /** The next phase to run, or `done`. */
  phase: PhaseName | 'done';
  iteration: number;
  /** `plan`, `prepare-sandbox`, `001/execute`, …, `finalize`. */
  completed: string[];
  taskId?: string;
  /** Repository-relative folder of the task run. */
  runDir?: string;
  traceId?: string;
  sandbox?: { kind: Checkpoint; path: string; baseCommit: string | null };
  /** Outputs of the current iteration's completed phases (resume reads them, never reruns). */
  current: {
    execute?: ExecuteOutput;
    collect?: CollectOutput;
    evaluate?: EvaluateOutput;
    decision?: Decision;
  };
  /** Repository-relative paths of what was written. */
  artifacts: Record<string, string>;
  fingerprints: string[];
  iterations: IterationSummary[];
  decision?: Decision;
  convergence?: Convergence;
  /** The person's answer to the last human-review question (`--answer`). */
  answer?: string;
  /** Answers given so far; each starts a new reflection run (`<run-id>-answer-N`). */
  answers?: number;
  reflectionRunId?: string;
  contextTreeHash?: string;
  patch?: string;
  applied?: boolean;
  /** Set while the run stands interrupted (Ctrl-C, SIGTERM); a resume moves it to `interruptions`. */
  interrupted?: Interruption;
  interruptions?: Interruption[];
  createdAt: string;
  updatedAt: string;
}

/** An interrupt: the phase it cut short (rerun on resume) and the signal. */
export interface Interruption {
  at: string;
  phase: PhaseName;
  iteration: number;
  signal: string;
}

/** What `orchestrate --json` prints. */
export interface OrchestrateResult {
  runId: string;
  decision: Decision | undefined;
  iterations: IterationSummary[];
  convergence: Convergence | undefined;
  patch: string | null;
  applied: boolean;
  /** Present when the run was interrupted: continue it with `--resume <runId>`. */
  interrupted?: Interruption;
  state: string;
}
