/**
 * `hook <agent>`: raw input in, the host's answer out, and never a failure the host would see.
 * Malformed or incomplete input, a broken config, a locked or read-only workspace: logged to
 * `.agent-context/reflection/log.jsonl` of the repository the payload's cwd belongs to (else the
 * process's), and the answer is "allow" (print nothing, exit 0). A cwd is taken only inside a
 * repository — its git root, or the folder holding `.agent-context/` — so a payload naming some
 * other folder cannot make a hook write there.
 */
import { promises as fsp } from 'node:fs';
import nodePath from 'node:path';
import { isReflectionSession } from '../reflect/scheduler.js';
import { appendHookLog, type HookLogRecord } from '../reflect/sessions.js';
import { CONTEXT_DIR } from '../shared/layout.js';
import { parseClaudeLikeHook, renderClaudeLikeAnswer } from './claude.js';
import { parseCodexHook, parseCodexNotify } from './codex.js';
import type { AgentName, HookAnswer, HookEvent } from './events.js';
import { type HandlerDeps, handleHookEvent } from './handler.js';
import { parsePluginEvent, renderPluginAnswer } from './plugin-events.js';

export interface HookRun {
  /** What to print on stdout (empty: nothing). */
  stdout: string;
  exitCode: 0;
}

export interface HookInput {
  agent: AgentName;
  /** The JSON text (stdin, or notify's argument). */
  text: string;
  /** Codex `notify`: the text is a notify payload. */
  notify?: boolean;
  /** Where to log when the payload names no cwd. */
  fallbackCwd: string;
}

export async function runHook(input: HookInput, deps: HandlerDeps): Promise<HookRun> {
  let events: HookEvent[] = [];
  try {
    events = await parseEvents(input, deps.env);
  } catch (error) {
    await logInRepository(cwdOf(input.text) ?? input.fallbackCwd, {
      event: 'invalid-input',
      agent: input.agent,
      error: (error as Error).message,
      action: 'allow',
    });
    return { stdout: '', exitCode: 0 };
  }
  let stdout = '';
  for (const found of events) {
    const root = await repositoryRootOf(found.cwd);
    const event = root ? { ...found, cwd: root } : found;
    if (!root) {
      await logInRepository(input.fallbackCwd, {
        event: event.name,
        agent: event.agent,
        session: event.session,
        error: `cwd ${event.cwd} is not a folder inside a repository`,
        action: 'allow',
      });
      // A reflection session's tool call is refused when its workspace cannot be found (fail closed).
      if (event.kind === 'pre-tool' && isReflectionSession(deps.env, event.session ?? undefined))
        stdout =
          render(event, {
            deny: `refused in a reflection session: the workspace ${event.cwd} is not a folder`,
          }) ?? stdout;
      continue;
    }
    let answer: HookAnswer = {};
    try {
      answer = await handleHookEvent(event, deps);
    } catch (error) {
      // Fail closed for a reflection session's tool call; allow everything else.
      if (event.kind === 'pre-tool' && isReflectionSession(deps.env, event.session ?? undefined))
        answer = {
          deny: `refused in a reflection session: the allowlist failed (${(error as Error).message})`,
        };
      await appendHookLog(event.cwd, {
        event: event.name,
        agent: event.agent,
        session: event.session,
        error: (error as Error).message,
        action: 'allow',
      });
    }
    stdout = render(event, answer) ?? stdout;
  }
  return { stdout, exitCode: 0 };
}

async function parseEvents(input: HookInput, env: NodeJS.ProcessEnv): Promise<HookEvent[]> {
  const value: unknown = JSON.parse(input.text);
  switch (input.agent) {
    case 'claude':
      return [parseClaudeLikeHook(value)];
    case 'codex':
      return input.notify ? parseCodexNotify(value, env) : [parseCodexHook(value)];
    case 'opencode':
    case 'openclaw':
      return [parsePluginEvent(value, input.agent)];
  }
}

function render(event: HookEvent, answer: HookAnswer): string | undefined {
  if (event.agent === 'opencode' || event.agent === 'openclaw') return renderPluginAnswer(event, answer);
  return renderClaudeLikeAnswer(event, answer);
}

/** The cwd of a payload that failed validation, to log where the session is. */
function cwdOf(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    return typeof value?.cwd === 'string' && value.cwd ? value.cwd : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The repository `cwd` belongs to: the nearest folder at or above its real path holding `.git`
 * or `.agent-context/`; undefined for a folder outside every repository (or no folder at all).
 */
export async function repositoryRootOf(cwd: string): Promise<string | undefined> {
  let folder: string;
  try {
    folder = await fsp.realpath(cwd);
    if (!(await fsp.stat(folder)).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  for (;;) {
    for (const marker of ['.git', CONTEXT_DIR])
      if (await exists(nodePath.join(folder, marker))) return folder;
    const parent = nodePath.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

async function exists(path: string): Promise<boolean> {
  return fsp.lstat(path).then(
    () => true,
    () => false,
  );
}

/** Logs in the repository `cwd` belongs to; outside every repository nothing is written. */
async function logInRepository(cwd: string, record: HookLogRecord): Promise<void> {
  const root = await repositoryRootOf(cwd);
  if (root) await appendHookLog(root, record);
}
