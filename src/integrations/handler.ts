/**
 * The hooks' core, shared by every agent: count the session's events, decide with the scheduler
 * when to reflect, start the reflection the configured way, serve lessons at session start, and
 * hold reflection sessions to the memory allowlist. A guest in someone else's session: every
 * problem is logged to `.agent-context/reflection/log.jsonl` and the host is allowed to go on.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ResolvedConfig } from '../api/index.js';
import { memoryList, memoryServe } from '../api/memory.js';
import { readResolvedConfig } from '../api/reflect.js';
import {
  finishReflection,
  isReflectionSession,
  isUncountedSession,
  REFLECTION_ENV,
  type SchedulerEvent,
  schedule,
} from '../reflect/scheduler.js';
import { appendHookLog, updateSession } from '../reflect/sessions.js';
import { criteriaFingerprint, SELF_REFLECTION_PROMPT } from '../reflect/transcript-task.js';
import { decideReflectionToolCall } from './allowlist.js';
import type { HookAnswer, HookEvent } from './events.js';

export interface HandlerDeps {
  env: NodeJS.ProcessEnv;
  now?: Date;
  /** Starts a detached process; returns its pid. Tests pass their own. */
  start?: (
    command: string,
    args: string[],
    options: { cwd: string; env: NodeJS.ProcessEnv },
  ) => number | null;
}

export async function handleHookEvent(event: HookEvent, deps: HandlerDeps): Promise<HookAnswer> {
  const root = event.cwd;
  if (isReflectionSession(deps.env, event.session ?? undefined)) return guardReflectionSession(event, root);
  if (isUncountedSession(deps.env, event.session ?? undefined)) return {};
  let config: ResolvedConfig;
  try {
    config = await readResolvedConfig(root);
  } catch (error) {
    await log(root, event, { action: 'none', error: `config: ${(error as Error).message}` });
    return {};
  }
  if (event.kind === 'session-start') return serveAtStart(event, root, config);
  const schedulerEvent = schedulerEventOf(event);
  if (!schedulerEvent || !event.session || config.reflection.mode === 'off') return {};
  return scheduleAndAct(event, event.session, schedulerEvent, root, config, deps);
}

async function guardReflectionSession(event: HookEvent, root: string): Promise<HookAnswer> {
  if (event.kind !== 'pre-tool' || !event.tool) return {};
  const decision = decideReflectionToolCall({ tool: event.tool.name, input: event.tool.input }, root);
  if (decision.allow) return {};
  // Awaited: the hook process ends as soon as it has answered, and the refusal must be on record.
  await log(root, event, { action: 'deny', reason: decision.reason });
  return { deny: decision.reason };
}

async function serveAtStart(event: HookEvent, root: string, config: ResolvedConfig): Promise<HookAnswer> {
  const lessons = await memoryServe(root, {
    via: 'hook',
    target: `${event.agent}:${event.session ?? 'unknown'}`,
    ...(event.session ? { session: event.session } : {}),
    limit: config.memory.servedInAgentsFile || 12,
  });
  if (event.session)
    await updateSession(root, event.session, (state) => ({
      state: { ...state, transcript: event.transcript ?? state.transcript, ended: false },
      value: undefined,
    }));
  await log(root, event, { action: 'serve', lessons: lessons.map((lesson) => lesson.id) });
  if (lessons.length === 0) return {};
  return {
    context: [
      'Lessons from earlier sessions in this repository (opencode-plusplus memory); follow them:',
      ...lessons.map((lesson) => lesson.line),
    ].join('\n'),
  };
}

function schedulerEventOf(event: HookEvent): SchedulerEvent | undefined {
  switch (event.kind) {
    case 'prompt':
      return { type: 'turn' };
    case 'post-tool':
      return { type: 'tool', failed: event.tool?.failed ?? false };
    case 'stop':
      return { type: 'stop' };
    case 'end':
      return { type: 'end', reason: event.reason ?? 'ended' };
    default:
      return undefined;
  }
}

async function scheduleAndAct(
  event: HookEvent,
  session: string,
  schedulerEvent: SchedulerEvent,
  root: string,
  config: ResolvedConfig,
  deps: HandlerDeps,
): Promise<HookAnswer> {
  const settings = config.reflection;
  const fingerprint = criteriaFingerprint(settings);
  const now = deps.now ?? new Date();
  const memoryHash = schedulerEvent.type === 'stop' ? (await memoryList(root)).indexHash : undefined;
  const { answer, reason, action } = await updateSession(root, session, async (current) => {
    let state = { ...current, transcript: event.transcript ?? current.transcript };
    // Block mode: the Stop after our block ends the agent's own reflection; did memory change?
    if (schedulerEvent.type === 'stop' && event.stopHookActive) {
      const finished = finishSelfReflection(state, memoryHash, fingerprint, now);
      return {
        state: { ...finished, lastStopBlocked: false },
        value: { answer: {}, reason: 'continuation after a block: never blocked twice', action: 'none' },
      };
    }
    const result = schedule({
      state,
      event: schedulerEvent,
      settings,
      fingerprint,
      now,
      runningAlive: isAlive(state.running?.pid ?? null, state.running?.since, now),
    });
    state = result.state;
    if (result.action !== 'reflect' && result.action !== 'flush') {
      if (schedulerEvent.type === 'stop') state = { ...state, lastStopBlocked: false };
      return { state, value: { answer: {}, reason: result.reason, action: result.action } };
    }
    const started = startReflection(
      event,
      session,
      root,
      config,
      deps,
      result.action === 'flush',
      state.lastStopBlocked,
    );
    if (started.mode === 'block')
      state = {
        ...state,
        lastStopBlocked: true,
        running: state.running && { ...state.running, pid: null, memoryHash },
      };
    else if (started.mode === 'none') state = { ...state, running: null };
    else state = { ...state, running: state.running && { ...state.running, pid: started.pid } };
    return {
      state,
      value: { answer: started.answer, reason: `${result.reason} (${started.how})`, action: result.action },
    };
  });
  await log(root, event, { action, reason });
  return answer;
}

interface Started {
  mode: 'background' | 'fork' | 'block' | 'none';
  pid: number | null;
  answer: HookAnswer;
  how: string;
}

function startReflection(
  event: HookEvent,
  session: string,
  root: string,
  config: ResolvedConfig,
  deps: HandlerDeps,
  flush: boolean,
  lastStopBlocked: boolean,
): Started {
  const mode = config.reflection.mode;
  // A block needs a Stop to answer; a session that is ending gets a background flush instead.
  if (mode === 'block' && !flush) {
    if (lastStopBlocked)
      return { mode: 'none', pid: null, answer: {}, how: 'block mode, but the previous Stop was blocked' };
    return {
      mode: 'block',
      pid: null,
      answer: { block: SELF_REFLECTION_PROMPT },
      how: 'block: the agent reflects in its own context',
    };
  }
  if (mode === 'fork' && event.session) {
    const fork = forkCommand(event, deps.env);
    if (fork) {
      const pid = launch(deps, fork.command, fork.args, root);
      return {
        mode: 'fork',
        pid,
        answer: {},
        how: `fork: ${fork.command} ${fork.args.slice(0, 3).join(' ')} …`,
      };
    }
  }
  if (!event.transcript) return { mode: 'none', pid: null, answer: {}, how: 'no transcript to reflect on' };
  const cli = fileURLToPath(new URL('../cli/main.js', import.meta.url));
  const args = [cli, 'reflect', 'transcript', event.transcript, '--save', '--session', session, '-C', root];
  const pid = launch(deps, process.execPath, args, root);
  return { mode: 'background', pid, answer: {}, how: flush ? 'background flush' : 'background' };
}

/** The agent itself, resumed on a fork of the session, with the reflection prompt. */
function forkCommand(
  event: HookEvent,
  env: NodeJS.ProcessEnv,
): { command: string; args: string[] } | undefined {
  if (event.agent === 'claude')
    return {
      command: env.OPENCODE_PLUSPLUS_CLAUDE ?? 'claude',
      args: [
        '-p',
        '--resume',
        event.session!,
        '--fork-session',
        '--permission-mode',
        'acceptEdits',
        // Permission to try these; the PreToolUse allowlist still decides every call.
        '--allowedTools',
        'Read,Grep,Glob,Write,Edit,MultiEdit,Bash(opencode-plusplus memory:*)',
        SELF_REFLECTION_PROMPT,
      ],
    };
  if (event.agent === 'codex')
    return {
      command: env.OPENCODE_PLUSPLUS_CODEX ?? 'codex',
      args: ['exec', '--sandbox', 'workspace-write', 'resume', event.session!, SELF_REFLECTION_PROMPT],
    };
  return undefined;
}

function launch(deps: HandlerDeps, command: string, args: string[], cwd: string): number | null {
  const env = { ...deps.env, [REFLECTION_ENV]: '1' };
  if (deps.start) return deps.start(command, args, { cwd, env });
  const child = spawn(command, args, { cwd, env, detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
  return child.pid ?? null;
}

function finishSelfReflection(
  state: Parameters<typeof schedule>[0]['state'],
  memoryHash: string | undefined,
  fingerprint: string,
  now: Date,
) {
  const running = state.running;
  if (!running) return state;
  const outcome = running.memoryHash !== undefined && running.memoryHash !== memoryHash ? 'saved' : 'barren';
  return finishReflection(state, outcome, fingerprint, now);
}

/** A recorded run is alive while its process is (a run without a process — block mode — for an hour). */
function isAlive(pid: number | null, since: string | undefined, now: Date): boolean {
  if (pid === null) return since === undefined || now.getTime() - Date.parse(since) < 60 * 60_000;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function log(root: string, event: HookEvent, details: Record<string, unknown>): Promise<void> {
  return appendHookLog(root, { event: event.name, agent: event.agent, session: event.session, ...details });
}
