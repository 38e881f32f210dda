/**
 * From a controller report to where the task stands: the state the facts put it in, reached from
 * the previous state along legal transitions only (every step recorded).
 */
import type { LoopControllerReport } from './controller.js';
import type { RunState } from './state-file.js';
import { LOOP_STATES, type LoopState, TRANSITIONS } from './states.js';

export interface ProgressFacts {
  contextBuilt: boolean;
  hasRun: boolean;
  /** The agent was recorded as started (a trace with steps, or the after-edit phase). */
  agentStarted: boolean;
  changed: boolean;
  /** A test command failed after the last edit. */
  testsFailed: boolean;
}

/** The state the facts and the controller's next action put the task in. */
export function targetState(report: LoopControllerReport, facts: ProgressFacts): LoopState {
  if (!facts.contextBuilt) return 'EMPTY';
  if (!facts.hasRun) return 'CONTEXT_READY';
  const blockers = report.findings.filter(
    (finding) => finding.severity === 'block' && finding.requiredAction === 'revert-edit',
  );
  if (blockers.length > 0) return 'BLOCKED';
  if (!facts.changed) return facts.agentStarted ? 'AGENT_STARTED' : 'EDIT_BOUNDARY_READY';
  switch (report.next.action) {
    case 'ready-for-review':
      return 'READY_FOR_REVIEW';
    case 'run-tests':
      return facts.testsFailed ? 'REPAIRING' : 'VERIFYING';
    case 'repair-contracts':
    case 'repair':
    case 'add-or-update-tests':
      return report.next.blocking ? 'REPAIRING' : 'EDITED';
    case 'replan':
    case 'expand-context':
      return report.next.blocking ? 'TASK_PACK_READY' : 'EDITED';
    default:
      return 'EDITED';
  }
}

/** The shortest legal path from `from` to `to` (both ends included); `[from]` when they are equal. */
export function pathBetween(from: LoopState, to: LoopState): LoopState[] {
  if (from === to) return [from];
  const previous = new Map<LoopState, LoopState>();
  const queue: LoopState[] = [from];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const next of LOOP_STATES) {
      if (!(next in TRANSITIONS[state]) || previous.has(next) || next === from) continue;
      previous.set(next, state);
      if (next === to) {
        const path = [to];
        while (path[0] !== from) path.unshift(previous.get(path[0]!)!);
        return path;
      }
      queue.push(next);
    }
  }
  return [from, 'BLOCKED', to].filter((state, index, all) => all.indexOf(state) === index) as LoopState[];
}

/** Moves a run state to `to`, recording each transition with why. */
export function advance(state: RunState, to: LoopState, reason: string): RunState {
  const path = pathBetween(state.state, to);
  const history = [...state.history];
  for (let index = 1; index < path.length; index++)
    history.push({
      from: path[index - 1]!,
      to: path[index]!,
      reason: index === path.length - 1 ? reason : `on the way to ${to}`,
    });
  const reached = [...state.reached];
  for (const step of path) if (!reached.includes(step)) reached.push(step);
  return { ...state, state: to, reached, history };
}
