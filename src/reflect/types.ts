/**
 * The reflection node's data. Field names follow the file formats users write (`plan.json`,
 * `files.json`) and the `--json` output, which use snake_case.
 */
import type { LlmCallRecord } from '../llm/types.js';
import type { PlanActualDiff } from '../shared/plan-actual-diff.js';

export type { PlanActualDiff };

export const ARTIFACT_STATUSES = ['active', 'done', 'failed'] as const;
export type ArtifactStatus = (typeof ARTIFACT_STATUSES)[number];

export interface Subtask {
  id: string;
  description: string;
  /** The file (or artifact name) this subtask is expected to produce. */
  expected_artifact: string;
}

export interface Plan {
  goal: string;
  subtasks: Subtask[];
}

/** What was produced, never its contents. */
export interface FileSummary {
  name: string;
  status: ArtifactStatus;
  bytes: number;
  /** Steps since the artifact was last touched. */
  age_steps: number;
}

export interface ReflectionInput {
  plan: Plan;
  files: FileSummary[];
  goal: string;
  /** The orchestrator's step (iteration), 1-based. */
  step: number;
  /** Reflections already made in this run (0 before the first). */
  depth: number;
}

export type DecisionKind = 'continue' | 'replan' | 'end' | 'escalate';

/** What a reflector proposes, before the hard rules. */
export interface ProposedDecision {
  decision: DecisionKind;
  /** `continue`: why (optional); `replan`: the diagnosis, at most 30 words. */
  reason?: string;
  /** `end`: 1–3 sentences naming the artifacts. */
  final_answer?: string;
  /** `escalate`: the specific question for a person. */
  question?: string;
  /** `escalate`: 2–4 answers the person can pick. */
  suggested_responses?: string[];
  /** The defect this reflection found, if any; repeated twice in a row it escalates. */
  critique?: string;
}

/** The decision after the hard rules: what the caller acts on. */
export interface ReflectionDecision {
  decision: DecisionKind;
  reason?: string;
  final_answer?: string;
  question?: string;
  suggested_responses?: string[];
  /** `escalate`: artifacts done and ready for a person to review. */
  artifacts_for_review?: string[];
  /** The depth this reflection reached (1 for the first). */
  depth: number;
}

export type ReflectorName = 'offline' | 'model';

export interface RuleOverride {
  rule: 'end-without-done' | 'failed-twice' | 'repeated-defect' | 'cost-cap' | 'depth-cap';
  from: DecisionKind;
  to: DecisionKind;
  reason: string;
}

/** One line of `.agent-context/reflections/<run-id>.jsonl`. */
export interface ReflectionRecord {
  schemaVersion: 1;
  run_id: string;
  /** ISO timestamp (audit only; never hashed). */
  at: string;
  step: number;
  depth: number;
  depth_cap: number;
  workload: string;
  inputs: { plan: string; files: string; goal: string };
  decision: ReflectionDecision;
  diff: PlanActualDiff;
  reflector: ReflectorName;
  /** Why the model's answer was not used, when the offline reflector had to decide. */
  fallback: string | null;
  overrides: RuleOverride[];
  /** Stable hash of this reflection's critique; equal in two consecutive records: escalate. */
  critique_hash: string | null;
  /** Subtasks whose artifact was `failed` at this reflection. */
  failed_subtasks: string[];
  calls: LlmCallRecord[];
}
