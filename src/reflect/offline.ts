/**
 * The offline reflector: deterministic rules over the plan-vs-actual diff and the artifact
 * statuses. It is the default, needs no network, and is what a model's invalid answer falls back
 * to. First rule that fires decides; each rule's diagnosis fits in 30 words.
 */
import { artifactsByName } from './diff.js';
import { limitWords, listNames } from './text.js';
import type { FileSummary, PlanActualDiff, ProposedDecision, ReflectionInput } from './types.js';

/** An active artifact untouched for this many steps has stalled. */
export const STALL_STEPS = 3;
/** From this round on, a completion ratio under `LOW_RATIO` calls for a new plan. */
export const LATE_ROUND = 3;
export const LOW_RATIO = 0.5;

export interface OfflineContext {
  input: ReflectionInput;
  diff: PlanActualDiff;
}

type Rule = (context: OfflineContext, view: ArtifactView) => ProposedDecision | undefined;

interface ArtifactView {
  expected: Array<{ subtask: string; name: string; file: FileSummary | undefined }>;
  done: string[];
  failed: Array<{ subtask: string; name: string }>;
  round: number;
}

export function decideOffline(context: OfflineContext): ProposedDecision {
  const view = viewOf(context);
  for (const rule of offlineRules) {
    const decision = rule(context, view);
    if (decision) return decision;
  }
  return keepGoing(context, view);
}

function viewOf({ input, diff }: OfflineContext): ArtifactView {
  const byName = artifactsByName(input.files);
  const expected = input.plan.subtasks.map((subtask) => {
    const name = subtask.expected_artifact.trim().replace(/^(\.\/)+/, '');
    return { subtask: subtask.id, name, file: byName.get(name) };
  });
  return {
    expected,
    done: diff.overlap.filter((name) => byName.get(name)?.status === 'done' && byName.get(name)!.bytes > 0),
    failed: expected.filter((entry) => entry.file?.status === 'failed'),
    round: Math.max(input.step, input.depth + 1),
  };
}

const replan = (diagnosis: string): ProposedDecision => {
  const reason = limitWords(diagnosis);
  return { decision: 'replan', reason, critique: reason };
};

/** The rules in order; the first that returns a decision wins. */
export const offlineRules: Rule[] = [
  function failedArtifacts(_context, view) {
    if (view.failed.length === 0) return undefined;
    const list = view.failed.map((entry) => `${entry.subtask} (${entry.name})`);
    return replan(
      `Subtask ${listNames(list)} failed; retry with a different approach or drop it from the plan.`,
    );
  },
  function emptyDoneArtifacts(_context, view) {
    const empty = view.expected.filter((entry) => entry.file?.status === 'done' && entry.file.bytes === 0);
    if (empty.length === 0) return undefined;
    return replan(
      `${listNames(empty.map((entry) => entry.name))} marked done but empty; produce the content before moving on.`,
    );
  },
  function complete({ input, diff }, view) {
    if (diff.completion_ratio < 1 || view.done.length === 0) return undefined;
    const unfinished = view.expected
      .filter((entry) => entry.file?.status !== 'done')
      .map((entry) => entry.name);
    const names = view.expected.map((entry) => entry.name);
    const goal = input.goal.replace(/[.\s]+$/, '');
    const tail = unfinished.length > 0 ? ` ${listNames(unfinished)} still marked active.` : '';
    return {
      decision: 'end',
      final_answer: `Completed the plan for "${goal}": ${listNames([...new Set(names)], 8)} produced.${tail}`,
    };
  },
  function allInProgress({ diff }, view) {
    if (diff.completion_ratio < 1 || view.done.length > 0) return undefined;
    return { decision: 'continue', reason: 'every expected artifact exists and is still in progress' };
  },
  function stalled(_context, view) {
    const stale = view.expected.filter(
      (entry) => entry.file?.status === 'active' && entry.file.age_steps >= STALL_STEPS,
    );
    if (stale.length === 0) return undefined;
    const oldest = Math.max(...stale.map((entry) => entry.file!.age_steps));
    return replan(
      `${listNames(stale.map((entry) => entry.name))} active for ${oldest} steps without finishing; split the subtask or change approach.`,
    );
  },
  function behindLate({ diff }, view) {
    if (view.round < LATE_ROUND || diff.completion_ratio >= LOW_RATIO) return undefined;
    const produced = diff.overlap.length;
    const total = produced + diff.expected_not_produced.length;
    return replan(
      `Only ${produced} of ${total} expected artifacts after ${view.round} rounds; missing ${listNames(diff.expected_not_produced, 3)}. Re-scope or split the remaining subtasks.`,
    );
  },
  function drifted({ diff }, view) {
    const extra = diff.produced_not_expected.length;
    if (view.round < 2 || extra === 0 || extra <= diff.overlap.length) return undefined;
    return replan(
      `Work drifted from the plan: ${listNames(diff.produced_not_expected, 3)} produced but no subtask expects them; update the plan or return to it.`,
    );
  },
];

function keepGoing({ diff }: OfflineContext, view: ArtifactView): ProposedDecision {
  const next = view.expected.find((entry) => !entry.file);
  const progress = `${diff.overlap.length} of ${diff.overlap.length + diff.expected_not_produced.length} expected artifacts exist`;
  return {
    decision: 'continue',
    reason: next ? `${progress}; next: ${next.subtask} (${next.name})` : progress,
  };
}
