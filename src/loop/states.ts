/**
 * The runtime state machine of a task (DESIGN.md §5), with the allowed transitions written as
 * data. Every move goes through `transition()`: an illegal one is refused with the states it
 * could have gone to instead.
 */
import { OcppError } from '../shared/errors.js';

export const LOOP_STATES = [
  'EMPTY',
  'CONTEXT_READY',
  'TASK_PACK_READY',
  'EDIT_BOUNDARY_READY',
  'AGENT_STARTED',
  'EDITED',
  'VERIFYING',
  'REPAIRING',
  'READY_FOR_REVIEW',
  'BLOCKED',
] as const;
export type LoopState = (typeof LOOP_STATES)[number];

/** Recovery states a person (or the controller, once the blocker is gone) may move a BLOCKED task to. */
const RESUMABLE: LoopState[] = [
  'CONTEXT_READY',
  'TASK_PACK_READY',
  'EDIT_BOUNDARY_READY',
  'AGENT_STARTED',
  'EDITED',
  'REPAIRING',
];

/** From -> the states it may move to, each with why such a move happens. */
export const TRANSITIONS: Readonly<Record<LoopState, Readonly<Partial<Record<LoopState, string>>>>> = {
  EMPTY: { CONTEXT_READY: 'the context was built', BLOCKED: 'the context cannot be built' },
  CONTEXT_READY: {
    TASK_PACK_READY: 'the task was packed',
    EMPTY: 'the context was lost',
    BLOCKED: 'the task cannot be packed',
  },
  TASK_PACK_READY: {
    EDIT_BOUNDARY_READY: 'the edit boundary was derived',
    CONTEXT_READY: 'the context is rebuilt',
    BLOCKED: 'no boundary can be drawn',
  },
  EDIT_BOUNDARY_READY: {
    AGENT_STARTED: 'an agent started on the task',
    EDITED: 'edits appeared before an agent was recorded',
    TASK_PACK_READY: 'the task is re-packed',
    CONTEXT_READY: 'the context is rebuilt',
    BLOCKED: 'the agent cannot be started',
  },
  AGENT_STARTED: {
    EDITED: 'the working tree changed',
    TASK_PACK_READY: 'the task is re-packed (replan or more context)',
    CONTEXT_READY: 'the context is rebuilt',
    BLOCKED: 'the agent is stuck',
  },
  EDITED: {
    VERIFYING: 'the change is being verified',
    REPAIRING: 'contracts or tests need repair',
    TASK_PACK_READY: 'the task is re-packed (replan or more context)',
    CONTEXT_READY: 'the context is rebuilt',
    BLOCKED: 'a blocking finding stops the task',
  },
  VERIFYING: {
    READY_FOR_REVIEW: 'every gate passed',
    REPAIRING: 'verification failed',
    EDITED: 'the tree changed while verifying',
    TASK_PACK_READY: 'the task is re-packed',
    BLOCKED: 'verification cannot complete',
  },
  REPAIRING: {
    EDITED: 'a repair was made',
    VERIFYING: 'the repair is being verified',
    TASK_PACK_READY: 'the task is re-packed',
    CONTEXT_READY: 'the context is rebuilt',
    BLOCKED: 'the repair is stuck',
  },
  READY_FOR_REVIEW: {
    EDITED: 'the tree changed after review was requested',
    REPAIRING: 'review asked for changes',
    VERIFYING: 'verification runs again',
    BLOCKED: 'review found a blocker',
  },
  BLOCKED: Object.fromEntries(RESUMABLE.map((state) => [state, 'the blocker was resolved'])),
};

export function canTransition(from: LoopState, to: LoopState): boolean {
  return from === to || TRANSITIONS[from][to] !== undefined;
}

/** The next state, or a clear error naming what was allowed. Staying in a state is always allowed. */
export function transition(from: LoopState, to: LoopState): LoopState {
  if (canTransition(from, to)) return to;
  const allowed = Object.keys(TRANSITIONS[from]);
  throw new OcppError('STATE_CONFLICT', `illegal transition ${from} -> ${to}`, {
    hint: `from ${from} the task may move to ${allowed.join(', ')}`,
  });
}

export function isLoopState(value: unknown): value is LoopState {
  return typeof value === 'string' && (LOOP_STATES as readonly string[]).includes(value);
}
