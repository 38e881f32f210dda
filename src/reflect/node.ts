/**
 * The bounded reflection node: diff → reflector → hard rules → audit record. One call is one
 * reflection; the run log supplies the depth so far and the history, so calling it again on
 * the same run resumes it. The result is exactly what `reflect --json` prints.
 */
import type { LlmCallRecord } from '../llm/types.js';
import { usageError } from '../shared/errors.js';
import { hashValue } from '../shared/hash.js';
import { planActualDiff } from '../shared/plan-actual-diff.js';
import type { DecisionContext } from './decision-task.js';
import { expectedArtifacts } from './diff.js';
import { appendRunRecord, checkRunId, readRunLog } from './log.js';
import type { Reflector, ReflectorAnswer } from './reflector.js';
import { applyHardRules, escalateAtCap } from './rules.js';
import type {
  PlanActualDiff,
  ProposedDecision,
  ReflectionDecision,
  ReflectionInput,
  ReflectionRecord,
  ReflectorName,
  RuleOverride,
} from './types.js';
import { MAX_DEPTH_CAP, type ResolvedCaps } from './workloads.js';

export interface ReflectOptions {
  /** Where `.agent-context/reflections/` lives; without it nothing is read or written. */
  root?: string;
  /** The run this reflection belongs to. @default `plan-<hash of the plan>` */
  runId?: string;
  caps: ResolvedCaps;
  reflector: Reflector<DecisionContext, ProposedDecision>;
  /** Earlier reflections; read from the run log when omitted and `root` is given. */
  history?: ReflectionRecord[];
  now?: Date;
}

/** The decision with its evidence: what `reflect --json` prints. */
export interface ReflectionResult extends ReflectionDecision {
  run_id: string;
  depth_cap: number;
  workload: string;
  diff: PlanActualDiff;
  /** Who answered: `offline`, or `model`; after a fallback `offline` and `fallback` says why. */
  reflector: ReflectorName;
  fallback: string | null;
  overrides: RuleOverride[];
  calls: LlmCallRecord[];
  /** The run log, repository-relative, when one was written. */
  log: string | null;
}

export function defaultRunId(input: Pick<ReflectionInput, 'plan'>): string {
  return `plan-${hashValue(input.plan).slice(0, 12)}`;
}

/** Pure: the decision for one input and history, given what the reflector proposed. */
export function decide(
  input: ReflectionInput,
  caps: ResolvedCaps,
  history: ReflectionRecord[],
  proposed: ProposedDecision,
  calls: LlmCallRecord[] = [],
) {
  const diff = planActualDiff(
    expectedArtifacts(input.plan),
    input.files.map((file) => file.name),
  );
  return { diff, ...applyHardRules({ input, diff, caps, history, calls }, proposed) };
}

export async function reflect(input: ReflectionInput, options: ReflectOptions): Promise<ReflectionResult> {
  const runId = checkRunId(options.runId ?? defaultRunId(input));
  const history = options.history ?? (options.root ? await readRunLog(options.root, runId) : []);
  checkDepth(input.depth);
  const diff = planActualDiff(
    expectedArtifacts(input.plan),
    input.files.map((file) => file.name),
  );
  // At the cap the run escalates without asking anyone; below it the reflector decides every time.
  const answer: Pick<ReflectorAnswer<ProposedDecision>, 'answeredBy' | 'fallback' | 'calls'> & {
    value?: ProposedDecision;
  } =
    input.depth >= options.caps.depthCap
      ? { answeredBy: 'offline', fallback: null, calls: [] }
      : await options.reflector.reflect({ input, diff, depthCap: options.caps.depthCap, history });
  const context = { input, diff, caps: options.caps, history, calls: answer.calls };
  const ruled = answer.value ? applyHardRules(context, answer.value) : escalateAtCap(context);
  const record: ReflectionRecord = {
    schemaVersion: 1,
    run_id: runId,
    at: (options.now ?? new Date()).toISOString(),
    step: input.step,
    depth: ruled.decision.depth,
    depth_cap: options.caps.depthCap,
    workload: options.caps.workload,
    inputs: { plan: hashValue(input.plan), files: hashValue(input.files), goal: hashValue(input.goal) },
    decision: ruled.decision,
    diff,
    reflector: answer.answeredBy,
    fallback: answer.fallback,
    overrides: ruled.overrides,
    critique_hash: ruled.critique_hash,
    failed_subtasks: ruled.failed_subtasks,
    calls: answer.calls,
  };
  if (options.root) await appendRunRecord(options.root, record);
  return resultOf(record, options.root ? `.agent-context/reflections/${runId}.jsonl` : null);
}

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH_CAP)
    throw usageError(`depth ${depth} is not a whole number from 0 to ${MAX_DEPTH_CAP}`);
}

function resultOf(record: ReflectionRecord, log: string | null): ReflectionResult {
  return {
    run_id: record.run_id,
    ...record.decision,
    depth_cap: record.depth_cap,
    workload: record.workload,
    diff: record.diff,
    reflector: record.reflector,
    fallback: record.fallback,
    overrides: record.overrides,
    calls: record.calls,
    log,
  };
}
