import { describe, expect, it } from 'vitest';
import { canTransition, LOOP_STATES, TRANSITIONS, transition } from '../../src/loop/states.js';

/** The allowed moves, written out by hand: the table in src/loop/states.ts must say exactly this. */
const EXPECTED: Record<string, string[]> = {
  EMPTY: ['CONTEXT_READY', 'BLOCKED'],
  CONTEXT_READY: ['TASK_PACK_READY', 'EMPTY', 'BLOCKED'],
  TASK_PACK_READY: ['EDIT_BOUNDARY_READY', 'CONTEXT_READY', 'BLOCKED'],
  EDIT_BOUNDARY_READY: ['AGENT_STARTED', 'EDITED', 'TASK_PACK_READY', 'CONTEXT_READY', 'BLOCKED'],
  AGENT_STARTED: ['EDITED', 'TASK_PACK_READY', 'CONTEXT_READY', 'BLOCKED'],
  EDITED: ['VERIFYING', 'REPAIRING', 'TASK_PACK_READY', 'CONTEXT_READY', 'BLOCKED'],
  VERIFYING: ['READY_FOR_REVIEW', 'REPAIRING', 'EDITED', 'TASK_PACK_READY', 'BLOCKED'],
  REPAIRING: ['EDITED', 'VERIFYING', 'TASK_PACK_READY', 'CONTEXT_READY', 'BLOCKED'],
  READY_FOR_REVIEW: ['EDITED', 'REPAIRING', 'VERIFYING', 'BLOCKED'],
  BLOCKED: [
    'CONTEXT_READY',
    'TASK_PACK_READY',
    'EDIT_BOUNDARY_READY',
    'AGENT_STARTED',
    'EDITED',
    'REPAIRING',
  ],
};

describe('loop state machine', () => {
  it('the transition table is exactly the documented one', () => {
    expect(
      Object.fromEntries(LOOP_STATES.map((state) => [state, Object.keys(TRANSITIONS[state]).sort()])),
    ).toEqual(
      Object.fromEntries(Object.entries(EXPECTED).map(([state, targets]) => [state, [...targets].sort()])),
    );
  });

  const pairs = LOOP_STATES.flatMap((from) => LOOP_STATES.map((to) => [from, to] as const));
  it.each(pairs)('%s -> %s', (from, to) => {
    const allowed = from === to || EXPECTED[from]!.includes(to);
    expect(canTransition(from, to)).toBe(allowed);
    if (allowed) expect(transition(from, to)).toBe(to);
    else expect(() => transition(from, to)).toThrowError(new RegExp(`illegal transition ${from} -> ${to}`));
  });

  it('an illegal move names the allowed ones', () => {
    expect(() => transition('EMPTY', 'READY_FOR_REVIEW')).toThrowError(
      expect.objectContaining({
        details: expect.objectContaining({ hint: 'from EMPTY the task may move to CONTEXT_READY, BLOCKED' }),
      }),
    );
  });

  it('READY_FOR_REVIEW is reachable from EMPTY only through verification', () => {
    const reach = (from: string, seen = new Set<string>()): Set<string> => {
      for (const next of Object.keys(TRANSITIONS[from as keyof typeof TRANSITIONS])) {
        if (seen.has(next)) continue;
        seen.add(next);
        reach(next, seen);
      }
      return seen;
    };
    expect(reach('EMPTY').has('READY_FOR_REVIEW')).toBe(true);
    const predecessors = LOOP_STATES.filter((state) => 'READY_FOR_REVIEW' in TRANSITIONS[state]);
    expect(predecessors).toEqual(['VERIFYING']);
  });
});
