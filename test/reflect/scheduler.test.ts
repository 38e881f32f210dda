/**
 * The scheduler as a pure function over event sequences: thresholds, cooldown, backoff keyed to
 * the criteria fingerprint, flush at the end, single-flight, and sessions that are never counted.
 */
import { describe, expect, it } from 'vitest';
import {
  barrenStreak,
  cooldownMinutes,
  isReflectionSession,
  isUncountedSession,
  newSessionCounters,
  type SchedulerEvent,
  type SchedulerResult,
  type SessionCounters,
  schedule,
} from '../../src/reflect/scheduler.js';

const settings = {
  toolCallThreshold: 12,
  turnThreshold: 3,
  surpriseThreshold: 2,
  flushMinTurns: 3,
  cooldownMinutes: 15,
  maxCooldownMinutes: 60,
};
const start = Date.parse('2026-03-01T10:00:00Z');
const minutes = (n: number) => new Date(start + n * 60_000);

interface Step {
  event: SchedulerEvent;
  at?: number;
  fingerprint?: string;
  reflectionSession?: boolean;
  alive?: boolean;
}

/** Runs events in order; returns every result. */
function run(steps: Step[], state: SessionCounters = newSessionCounters('s')): SchedulerResult[] {
  const results: SchedulerResult[] = [];
  for (const step of steps) {
    const result = schedule({
      state,
      event: step.event,
      settings,
      fingerprint: step.fingerprint ?? 'f1',
      now: minutes(step.at ?? 0),
      reflectionSession: step.reflectionSession ?? false,
      runningAlive: step.alive ?? true,
    });
    results.push(result);
    state = result.state;
  }
  return results;
}

const turn: Step = { event: { type: 'turn' } };
const tool = (failed = false, at = 0): Step => ({ event: { type: 'tool', failed }, at });
const stop = (at = 0, fingerprint?: string): Step => ({
  event: { type: 'stop' },
  at,
  ...(fingerprint ? { fingerprint } : {}),
});
const finished = (outcome: 'saved' | 'barren' | 'failed', at = 0, fingerprint = 'f1'): Step => ({
  event: { type: 'finished', outcome, fingerprint, upToLine: 40 },
  at,
  fingerprint,
});
const actions = (results: SchedulerResult[]) => results.map((result) => result.action);

describe('thresholds', () => {
  it('reflects at the Stop after 12 tool calls, not before', () => {
    const eleven = run([turn, ...Array.from({ length: 11 }, () => tool()), stop()]);
    expect(eleven.at(-1)!.action).toBe('none');
    const twelve = run([turn, ...Array.from({ length: 12 }, () => tool()), stop()]);
    expect(twelve.at(-1)).toMatchObject({ action: 'reflect', reason: 'due: 12 tool calls' });
    expect(twelve.at(-1)!.state).toMatchObject({
      toolCalls: 0,
      turns: 0,
      unreflectedTurns: 0,
      running: { fingerprint: 'f1' },
    });
  });

  it('reflects after 3 turns', () => {
    expect(actions(run([turn, stop(), turn, stop(), turn, stop()]))).toEqual([
      'none',
      'none',
      'none',
      'none',
      'none',
      'reflect',
    ]);
  });

  it('reflects after 2 failed tool calls (surprises), but failures alone are not the point: one is not enough', () => {
    expect(run([turn, tool(true), stop()]).at(-1)!.action).toBe('none');
    expect(run([turn, tool(true), tool(true), stop()]).at(-1)!.reason).toBe('due: 2 failed tool calls');
  });

  it('a turn-threshold style of 10 turns is the same mechanism with other numbers', () => {
    let state = newSessionCounters('s');
    const results: SchedulerResult[] = [];
    for (let index = 0; index < 10; index++) {
      for (const event of [{ type: 'turn' }, { type: 'stop' }] as SchedulerEvent[]) {
        const result = schedule({
          state,
          event,
          settings: { ...settings, turnThreshold: 10 },
          fingerprint: 'f',
          now: minutes(0),
        });
        results.push(result);
        state = result.state;
      }
    }
    expect(results.filter((result) => result.action === 'reflect').length).toBe(1);
    expect(results.at(-1)!.action).toBe('reflect');
  });
});

describe('cooldown and backoff', () => {
  const due = (at: number, fingerprint?: string): Step[] => [turn, turn, turn, stop(at, fingerprint)];

  it('waits 15 minutes between reflections', () => {
    const results = run([...due(0), finished('saved', 1), ...due(10), ...due(16)]);
    expect(results[3]!.action).toBe('reflect');
    expect(results[8]!.action).toBe('none');
    expect(results[8]!.reason).toContain('cooling down for 5 more minute(s)');
    expect(results[12]!.action).toBe('reflect');
  });

  it('doubles the cooldown after each barren reflection, capped at an hour', () => {
    const history = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        at: minutes(index).toISOString(),
        fingerprint: 'f1',
        outcome: 'barren' as const,
      }));
    expect([0, 1, 2, 3, 4, 8].map((count) => cooldownMinutes(settings, history(count), 'f1'))).toEqual([
      15, 30, 60, 60, 60, 60,
    ]);
    const results = run([...due(0), finished('barren', 1), ...due(20), ...due(31)]);
    expect(results[8]!.reason).toContain('cooling down');
    expect(results[12]!.action).toBe('reflect');
  });

  it('a saved reflection ends the barren streak', () => {
    const reflections = [
      { at: 'a', fingerprint: 'f1', outcome: 'barren' as const },
      { at: 'b', fingerprint: 'f1', outcome: 'saved' as const },
      { at: 'c', fingerprint: 'f1', outcome: 'barren' as const },
    ];
    expect(barrenStreak(reflections, 'f1')).toBe(1);
  });

  it('counts only reflections under the current criteria fingerprint: new criteria reset the backoff', () => {
    const results = run([
      ...due(0),
      finished('barren', 1),
      ...due(31),
      finished('barren', 32),
      // f1 is now at a 60-minute cooldown; a fixed reflector (f2) waits only the base 15
      ...due(50, 'f2'),
    ]);
    expect(results[4]!.state.reflections.map((reflection) => reflection.outcome)).toEqual(['barren']);
    expect(results[8]!.action).toBe('reflect');
    expect(cooldownMinutes(settings, results[9]!.state.reflections, 'f1')).toBe(60);
    expect(cooldownMinutes(settings, results[9]!.state.reflections, 'f2')).toBe(15);
    expect(results.at(-1)).toMatchObject({ action: 'reflect' });
  });

  it('records the fingerprint each reflection ran under', () => {
    const results = run([...due(0), finished('saved', 2, 'f1')]);
    expect(results.at(-1)!.state.reflections).toEqual([
      { at: minutes(0).toISOString(), fingerprint: 'f1', outcome: 'saved' },
    ]);
    expect(results.at(-1)!.state.reflectedUpToLine).toBe(40);
  });
});

describe('flush at the end of a session', () => {
  it('flushes with 3 unreflected turns and drops the counters', () => {
    const results = run([turn, tool(), turn, turn, { event: { type: 'end', reason: 'clear' } }], {
      ...newSessionCounters('s'),
      lastReflectionAt: minutes(-1).toISOString(),
    });
    // turnThreshold is 3 but no Stop came: the end flushes, even inside the cooldown
    expect(results.at(-1)).toMatchObject({ action: 'flush' });
    expect(results.at(-1)!.state).toMatchObject({
      turns: 0,
      toolCalls: 0,
      unreflectedTurns: 0,
      ended: true,
      running: { flush: true },
    });
  });

  it('does not flush with fewer unreflected turns, and still drops the counters', () => {
    const results = run([turn, tool(), turn, { event: { type: 'end', reason: 'reset' } }]);
    expect(results.at(-1)).toMatchObject({
      action: 'none',
      state: { turns: 0, toolCalls: 0, unreflectedTurns: 0 },
    });
    expect(results.at(-1)!.reason).toContain('2 unreflected turn(s), no flush');
  });
});

describe('single-flight', () => {
  it('skips a trigger while a reflection runs, and logs why', () => {
    const results = run([turn, turn, turn, stop(0), turn, turn, turn, stop(20)]);
    expect(results[3]!.action).toBe('reflect');
    expect(results[7]).toMatchObject({ action: 'none' });
    expect(results[7]!.reason).toContain('already running');
  });

  it('a reflection whose process died counts as failed (barren for the backoff) and frees the slot', () => {
    const results = run([
      turn,
      turn,
      turn,
      stop(0),
      turn,
      turn,
      turn,
      { event: { type: 'stop' }, at: 31, alive: false },
    ]);
    expect(results.at(-1)!.action).toBe('reflect');
    expect(results.at(-1)!.state.reflections.map((reflection) => reflection.outcome)).toEqual(['failed']);
  });

  it('no flush while one runs', () => {
    const results = run([
      turn,
      turn,
      turn,
      stop(0),
      turn,
      turn,
      turn,
      { event: { type: 'end', reason: 'clear' } },
    ]);
    expect(results.at(-1)!.action).toBe('none');
    expect(results.at(-1)!.reason).toContain('already running');
  });
});

describe('reflection sessions are never counted', () => {
  it('ignores every event of a fork', () => {
    const results = run([turn, turn, turn, stop(0)].map((step) => ({ ...step, reflectionSession: true })));
    expect(actions(results)).toEqual(['ignored', 'ignored', 'ignored', 'ignored']);
    expect(results.at(-1)!.state).toEqual(newSessionCounters('s'));
  });

  it('knows forks by the environment marker and by session keys', () => {
    expect(isReflectionSession({ OPENCODE_PLUSPLUS_REFLECTION: '1' }, 'abc')).toBe(true);
    expect(isReflectionSession({}, 'agent:main:reflection:1')).toBe(true);
    expect(isReflectionSession({}, 'agent:main:subagent:7')).toBe(false);
    expect(isUncountedSession({}, 'agent:main:subagent:7')).toBe(true);
    expect(isUncountedSession({ OPENCODE_PLUSPLUS_REFLECTION: '0' }, 'abc')).toBe(false);
  });
});
