/**
 * When does a session deserve a reflection? A pure function over one session's counters and one
 * event, so every rule is testable on event sequences:
 * - occasioned by substance, not failure: at the end of a turn (Stop), after `toolCallThreshold`
 *   tool calls, `turnThreshold` turns or `surpriseThreshold` failed calls since the last one;
 * - a session that ends or is reset with `flushMinTurns` unreflected turns is flushed;
 * - a cooldown between reflections that doubles (up to the maximum) after each reflection that
 *   saved nothing — counting only reflections made under the current criteria fingerprint, so
 *   changing the criteria resets the backoff by construction;
 * - single-flight: never two reflections of one session at once;
 * - reflection sessions (forks) are never counted, so a reflection never triggers one.
 */

export interface SchedulerSettings {
  toolCallThreshold: number;
  turnThreshold: number;
  surpriseThreshold: number;
  flushMinTurns: number;
  cooldownMinutes: number;
  maxCooldownMinutes: number;
}

export type ReflectionOutcomeKind = 'saved' | 'barren' | 'failed';

export interface PastReflection {
  /** ISO time it started. */
  at: string;
  /** The criteria fingerprint it ran under. */
  fingerprint: string;
  outcome: ReflectionOutcomeKind;
}

export interface SessionCounters {
  schemaVersion: 1;
  session: string;
  /** Since the last reflection. */
  turns: number;
  toolCalls: number;
  surprises: number;
  /** Turns no reflection has looked at yet. */
  unreflectedTurns: number;
  /** The reflection under way, if any. */
  running: {
    since: string;
    /** The detached process; `null` when the agent reflects in its own context (block mode). */
    pid: number | null;
    fingerprint: string;
    flush: boolean;
    /** Block mode: MEMORY.md's hash when the agent was asked to reflect (changed after: it saved). */
    memoryHash?: string | undefined;
  } | null;
  lastReflectionAt: string | null;
  /** The most recent reflections, oldest first (at most 20). */
  reflections: PastReflection[];
  /** The previous Stop was answered with a block (block mode never blocks twice in a row). */
  lastStopBlocked: boolean;
  /** Transcript line up to which reflections have read. */
  reflectedUpToLine: number;
  transcript: string | null;
  /** The session ended (or was reset) and its counters were dropped. */
  ended: boolean;
}

export type SchedulerEvent =
  | { type: 'turn' }
  | { type: 'tool'; failed: boolean }
  | { type: 'stop' }
  | { type: 'end'; reason: string }
  | { type: 'finished'; outcome: ReflectionOutcomeKind; fingerprint: string; upToLine?: number };

export interface SchedulerInput {
  state: SessionCounters;
  event: SchedulerEvent;
  settings: SchedulerSettings;
  /** The current criteria fingerprint. */
  fingerprint: string;
  now: Date;
  /** The session is a reflection fork (environment marker or session key). */
  reflectionSession?: boolean;
  /** Whether the recorded running reflection's process is still alive. @default true */
  runningAlive?: boolean;
}

export type SchedulerAction = 'none' | 'reflect' | 'flush' | 'ignored';

export interface SchedulerResult {
  state: SessionCounters;
  action: SchedulerAction;
  /** Why, in words (logged). */
  reason: string;
}

const KEPT_REFLECTIONS = 20;

export function newSessionCounters(session: string): SessionCounters {
  return {
    schemaVersion: 1,
    session,
    turns: 0,
    toolCalls: 0,
    surprises: 0,
    unreflectedTurns: 0,
    running: null,
    lastReflectionAt: null,
    reflections: [],
    lastStopBlocked: false,
    reflectedUpToLine: 0,
    transcript: null,
    ended: false,
  };
}

export function schedule(input: SchedulerInput): SchedulerResult {
  if (input.reflectionSession)
    return { state: input.state, action: 'ignored', reason: 'a reflection session is never counted' };
  const state = clearDeadRun(input.state, input.runningAlive ?? true, input.fingerprint);
  const { event } = input;
  switch (event.type) {
    case 'turn':
      return none(
        { ...state, ended: false, turns: state.turns + 1, unreflectedTurns: state.unreflectedTurns + 1 },
        'turn counted',
      );
    case 'tool':
      return none(
        {
          ...state,
          ended: false,
          toolCalls: state.toolCalls + 1,
          surprises: state.surprises + (event.failed ? 1 : 0),
        },
        event.failed ? 'failed tool call counted' : 'tool call counted',
      );
    case 'stop':
      return onStop({ ...input, state });
    case 'end':
      return onEnd({ ...input, state }, event.reason);
    case 'finished':
      return none(finish(state, event, input.now), `reflection finished: ${event.outcome}`);
  }
}

function onStop(input: SchedulerInput): SchedulerResult {
  const { state, settings } = input;
  const due =
    state.toolCalls >= settings.toolCallThreshold
      ? `${state.toolCalls} tool calls`
      : state.turns >= settings.turnThreshold
        ? `${state.turns} turns`
        : state.surprises >= settings.surpriseThreshold
          ? `${state.surprises} failed tool calls`
          : undefined;
  if (!due) return none(state, 'below the thresholds');
  if (state.running) return none(state, `due (${due}) but a reflection is already running: skipped`);
  const wait = cooldownLeftMs(input);
  if (wait > 0)
    return none(state, `due (${due}) but cooling down for ${Math.ceil(wait / 60_000)} more minute(s)`);
  return { state: started(state, input, false), action: 'reflect', reason: `due: ${due}` };
}

function onEnd(input: SchedulerInput, reason: string): SchedulerResult {
  const { state, settings } = input;
  const dropped = {
    ...state,
    turns: 0,
    toolCalls: 0,
    surprises: 0,
    unreflectedTurns: 0,
    lastStopBlocked: false,
    ended: true,
  };
  if (state.unreflectedTurns < settings.flushMinTurns)
    return none(dropped, `session ${reason}: ${state.unreflectedTurns} unreflected turn(s), no flush`);
  if (state.running) return none(dropped, `session ${reason}: a reflection is already running, no flush`);
  return {
    state: started(dropped, input, true),
    action: 'flush',
    reason: `session ${reason} with ${state.unreflectedTurns} unreflected turns: flush`,
  };
}

function started(state: SessionCounters, input: SchedulerInput, flush: boolean): SessionCounters {
  return {
    ...state,
    turns: 0,
    toolCalls: 0,
    surprises: 0,
    unreflectedTurns: 0,
    running: { since: input.now.toISOString(), pid: null, fingerprint: input.fingerprint, flush },
    lastReflectionAt: input.now.toISOString(),
  };
}

function finish(
  state: SessionCounters,
  event: Extract<SchedulerEvent, { type: 'finished' }>,
  now: Date,
): SessionCounters {
  const record: PastReflection = {
    at: state.running?.since ?? now.toISOString(),
    fingerprint: event.fingerprint,
    outcome: event.outcome,
  };
  return {
    ...state,
    running: null,
    reflections: [...state.reflections, record].slice(-KEPT_REFLECTIONS),
    reflectedUpToLine: Math.max(state.reflectedUpToLine, event.upToLine ?? 0),
  };
}

/** Records a finished reflection on the counters (the `finished` event without the rest of the input). */
export function finishReflection(
  state: SessionCounters,
  outcome: ReflectionOutcomeKind,
  fingerprint: string,
  now: Date,
  upToLine?: number,
): SessionCounters {
  return finish(
    state,
    { type: 'finished', outcome, fingerprint, ...(upToLine === undefined ? {} : { upToLine }) },
    now,
  );
}

/** A run whose process died never reported back: it counts as failed and frees the slot. */
function clearDeadRun(state: SessionCounters, alive: boolean, fingerprint: string): SessionCounters {
  if (!state.running || alive) return state;
  return finish(
    state,
    { type: 'finished', outcome: 'failed', fingerprint: state.running.fingerprint ?? fingerprint },
    new Date(state.running.since),
  );
}

/** Reflections in a row, newest first, that saved nothing under this fingerprint. */
export function barrenStreak(reflections: PastReflection[], fingerprint: string): number {
  let streak = 0;
  for (let index = reflections.length - 1; index >= 0; index--) {
    const reflection = reflections[index]!;
    if (reflection.fingerprint !== fingerprint || reflection.outcome === 'saved') break;
    streak += 1;
  }
  return streak;
}

/** The cooldown after the last reflection: the base, doubled per barren reflection, capped. */
export function cooldownMinutes(
  settings: SchedulerSettings,
  reflections: PastReflection[],
  fingerprint: string,
): number {
  const streak = barrenStreak(reflections, fingerprint);
  return Math.min(settings.maxCooldownMinutes, settings.cooldownMinutes * 2 ** Math.min(streak, 30));
}

function cooldownLeftMs(input: SchedulerInput): number {
  const { state, settings, fingerprint, now } = input;
  if (!state.lastReflectionAt) return 0;
  const elapsed = now.getTime() - Date.parse(state.lastReflectionAt);
  return cooldownMinutes(settings, state.reflections, fingerprint) * 60_000 - elapsed;
}

function none(state: SessionCounters, reason: string): SchedulerResult {
  return { state, action: 'none', reason };
}

/** The environment variable every reflection fork is started with (its hooks inherit it). */
export const REFLECTION_ENV = 'OPENCODE_PLUSPLUS_REFLECTION';

/** A reflection session: held to the memory allowlist, and never counted. */
export function isReflectionSession(env: NodeJS.ProcessEnv, sessionKey: string | undefined): boolean {
  return env[REFLECTION_ENV] === '1' || Boolean(sessionKey?.includes(':reflection:'));
}

/** Sessions that are never counted: reflection sessions and subagents (`:subagent:` keys), so a reflection never triggers one. */
export function isUncountedSession(env: NodeJS.ProcessEnv, sessionKey: string | undefined): boolean {
  return isReflectionSession(env, sessionKey) || Boolean(sessionKey?.includes(':subagent:'));
}
