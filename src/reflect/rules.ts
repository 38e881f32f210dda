/**
 * The hard rules: they hold whatever a reflector (or a model) said. An `end` with nothing done
 * becomes `replan`; a subtask failed twice, the same defect twice in a row, a spent cost cap or
 * the depth cap escalate to a person with a specific question and answers to pick from.
 * Pure: the same context and proposal give the same decision.
 */
import type { LlmCallRecord } from '../llm/types.js';
import { artifactsByName } from './diff.js';
import { critiqueHash, limitWords, listNames, normalizeFinalAnswer } from './text.js';
import type {
  PlanActualDiff,
  ProposedDecision,
  ReflectionDecision,
  ReflectionInput,
  ReflectionRecord,
  RuleOverride,
} from './types.js';
import type { ResolvedCaps } from './workloads.js';

export interface RuleContext {
  input: ReflectionInput;
  diff: PlanActualDiff;
  caps: ResolvedCaps;
  /** Earlier reflections of this run, oldest first. */
  history: ReflectionRecord[];
  /** Calls made by this reflection (they count toward the cost cap). */
  calls: LlmCallRecord[];
}

export interface RuledDecision {
  decision: ReflectionDecision;
  overrides: RuleOverride[];
  critique_hash: string | null;
  failed_subtasks: string[];
}

export function applyHardRules(context: RuleContext, proposed: ProposedDecision): RuledDecision {
  const overrides: RuleOverride[] = [];
  const depth = context.input.depth + 1;
  const done = doneArtifacts(context);
  let current = normalize(proposed, context, done);
  if (current.decision === 'end' && done.length === 0) {
    const reason =
      'The run tried to end but no artifact is done; finish at least one expected artifact first.';
    overrides.push({ rule: 'end-without-done', from: 'end', to: 'replan', reason });
    current = { decision: 'replan', reason, critique: reason };
  }
  const critique = current.critique ?? (current.decision === 'replan' ? current.reason : undefined);
  const hash = critiqueHash(critique);
  const failed = failedSubtasks(context);
  const escalation = firstEscalation(context, current, { depth, hash, failed, critique, done });
  if (escalation) {
    overrides.push(escalation.override);
    current = escalation.decision;
  }
  return {
    decision: finalize(current, depth, done),
    overrides,
    critique_hash: hash,
    failed_subtasks: failed,
  };
}

interface Facts {
  depth: number;
  hash: string | null;
  failed: string[];
  critique: string | undefined;
  done: string[];
}

type EscalationRule = (
  context: RuleContext,
  current: ProposedDecision,
  facts: Facts,
) => { override: RuleOverride; decision: ProposedDecision } | undefined;

/** Most specific first: a person gets the question that names the actual problem. */
const escalationRules: EscalationRule[] = [
  function failedTwice(context, current, facts) {
    const before = new Set(context.history.flatMap((record) => record.failed_subtasks));
    const twice = facts.failed.filter((id) => before.has(id));
    if (twice.length === 0) return undefined;
    const names = twice.map((id) => `${id} (${artifactOf(context, id)})`);
    const reason = `Subtask ${listNames(names)} failed twice.`;
    return escalate('failed-twice', current, reason, {
      question: `${reason} Should the run retry it another way, drop it, or stop here?`,
      suggested_responses: [
        `Retry ${twice[0]} with a different approach`,
        `Drop ${listNames(twice)} and finish without ${artifactOf(context, twice[0]!)}`,
        'Stop the run and review what exists',
      ],
    });
  },
  function repeatedDefect(context, current, facts) {
    const previous = context.history.at(-1)?.critique_hash ?? null;
    if (!facts.hash || facts.hash !== previous) return undefined;
    const reason = `The same defect was reported in two consecutive reflections: ${limitWords(facts.critique ?? '', 20)}`;
    return escalate('repeated-defect', current, reason, {
      question: `${reason} What should change so the run gets past it?`,
      suggested_responses: [
        'Replan from scratch with a different approach',
        'Accept the current artifacts and end the run',
        'Give the agent more context about the problem',
        'Stop the run',
      ],
    });
  },
  function costCap(context, current) {
    const spent = spentSoFar(context);
    const { maxCostUsd, maxTokens } = context.caps;
    const overCost = maxCostUsd !== null && spent.usd >= maxCostUsd;
    const overTokens = maxTokens !== null && spent.tokens >= maxTokens;
    if (!overCost && !overTokens) return undefined;
    const reason = overCost
      ? `Reflection cost cap reached: $${spent.usd.toFixed(4)} of $${maxCostUsd}.`
      : `Reflection token cap reached: ${spent.tokens} of ${maxTokens} tokens.`;
    return escalate('cost-cap', current, reason, {
      question: `${reason} Continue spending on this run?`,
      suggested_responses: [
        'Raise the cap and continue',
        'End with the artifacts that exist',
        'Stop the run',
      ],
    });
  },
  function depthCap(context, current, facts) {
    if (facts.depth < context.caps.depthCap || current.decision === 'end' || current.decision === 'escalate')
      return undefined;
    return depthCapEscalation(context, current, facts.depth);
  },
];

function depthCapEscalation(context: RuleContext, current: ProposedDecision, depth: number) {
  const reason = `Reflection depth ${depth} reached without converging.`;
  const missing = context.diff.expected_not_produced;
  const state =
    missing.length > 0
      ? `${listNames(missing, 3)} still missing`
      : `${listNames(context.diff.overlap, 3)} not all done`;
  return escalate('depth-cap', current, reason, {
    question: `${reason} ${state}. How should the run proceed?`,
    suggested_responses: [
      'Accept the artifacts as they are and end the run',
      current.decision === 'replan' && current.reason
        ? `Replan: ${limitWords(current.reason, 12)}`
        : 'Replan with a smaller scope',
      `Allow ${Math.min(2, 10 - depth) || 1} more reflection(s)`,
      'Stop the run',
    ],
  });
}

/**
 * A run at or above its depth cap is not reflected on again: no reflector is asked, and the node
 * returns the forced escalation with the depth the run reached.
 */
export function escalateAtCap(context: RuleContext): RuledDecision {
  const depth = context.input.depth;
  const forced = depthCapEscalation(context, { decision: 'continue' }, depth);
  return {
    decision: finalize(forced.decision, depth, doneArtifacts(context)),
    overrides: [forced.override],
    critique_hash: null,
    failed_subtasks: failedSubtasks(context),
  };
}

function firstEscalation(context: RuleContext, current: ProposedDecision, facts: Facts) {
  for (const rule of escalationRules) {
    const result = rule(context, current, facts);
    if (result) return result;
  }
  return undefined;
}

function escalate(
  rule: RuleOverride['rule'],
  current: ProposedDecision,
  reason: string,
  ask: { question: string; suggested_responses: string[] },
) {
  return {
    override: { rule, from: current.decision, to: 'escalate' as const, reason },
    decision: { decision: 'escalate' as const, reason, critique: current.critique, ...ask },
  };
}

function spentSoFar(context: RuleContext): { usd: number; tokens: number } {
  const calls = [...context.history.flatMap((record) => record.calls), ...context.calls];
  return {
    usd: calls.reduce((sum, call) => sum + (call.costUsd ?? 0), 0),
    tokens: calls.reduce((sum, call) => sum + call.inputTokens + call.outputTokens, 0),
  };
}

function doneArtifacts(context: RuleContext): string[] {
  const byName = artifactsByName(context.input.files);
  return [...byName.entries()]
    .filter(([, file]) => file.status === 'done' && file.bytes > 0)
    .map(([name]) => name)
    .sort();
}

function failedSubtasks(context: RuleContext): string[] {
  const byName = artifactsByName(context.input.files);
  return context.input.plan.subtasks
    .filter(
      (subtask) => byName.get(subtask.expected_artifact.trim().replace(/^(\.\/)+/, ''))?.status === 'failed',
    )
    .map((subtask) => subtask.id)
    .sort();
}

function artifactOf(context: RuleContext, subtaskId: string): string {
  return (
    context.input.plan.subtasks.find((subtask) => subtask.id === subtaskId)?.expected_artifact ?? subtaskId
  );
}

/** Whatever a reflector said, the shape rules hold: word limits, sentence limits, 2–4 responses. */
function normalize(proposed: ProposedDecision, context: RuleContext, done: string[]): ProposedDecision {
  switch (proposed.decision) {
    case 'replan': {
      const reason = limitWords(
        proposed.reason ?? proposed.critique ?? 'The plan no longer fits what was produced.',
      );
      return { ...proposed, reason, critique: proposed.critique ?? reason };
    }
    case 'end':
      return {
        ...proposed,
        final_answer: normalizeFinalAnswer(
          proposed.final_answer ?? '',
          done.length > 0 ? done : context.diff.overlap,
        ),
      };
    default:
      return proposed;
  }
}

const DEFAULT_RESPONSES = [
  'Continue as planned',
  'Replan with a smaller scope',
  'Stop the run',
  'End with what exists',
];

function finalize(current: ProposedDecision, depth: number, done: string[]): ReflectionDecision {
  const decision: ReflectionDecision = { decision: current.decision, depth };
  if (current.reason) decision.reason = current.reason;
  if (current.decision === 'end') decision.final_answer = current.final_answer!;
  if (current.decision === 'escalate') {
    decision.question =
      current.question?.trim() || 'The run cannot decide on its own. How should it proceed?';
    decision.suggested_responses = padResponses(current.suggested_responses ?? []);
    decision.artifacts_for_review = done;
  }
  return decision;
}

function padResponses(responses: string[]): string[] {
  const unique = [...new Set(responses.map((response) => response.trim()).filter(Boolean))].slice(0, 4);
  for (const fallback of DEFAULT_RESPONSES)
    if (unique.length < 2 && !unique.includes(fallback)) unique.push(fallback);
  return unique;
}
