/**
 * Codex: its hooks (`.codex/hooks.json`) send Claude-like JSON and read Claude-like answers; its
 * `notify` program gets one JSON argument per finished turn (`{"type":"agent-turn-complete",
 * "thread-id", "cwd", …}`), which counts a turn and ends it. The transcript is the session's
 * rollout file under `$CODEX_HOME/sessions/`, found by the thread id.
 */
import { homedir } from 'node:os';
import { listDirectory } from '../shared/fs.js';
import { joinPath } from '../shared/path.js';
import { parseClaudeLikeHook } from './claude.js';
import { type HookEvent, HookInputError } from './events.js';

export function parseCodexHook(value: unknown): HookEvent {
  return parseClaudeLikeHook(value, 'codex');
}

/** A notify payload as the events it stands for: a turn, then its end. */
export async function parseCodexNotify(value: unknown, env: NodeJS.ProcessEnv): Promise<HookEvent[]> {
  if (typeof value !== 'object' || value === null)
    throw new HookInputError('the notify argument is not a JSON object');
  const payload = value as Record<string, unknown>;
  if (payload.type !== 'agent-turn-complete') return [];
  const session = typeof payload['thread-id'] === 'string' ? payload['thread-id'] : null;
  const cwd = typeof payload.cwd === 'string' ? payload.cwd : undefined;
  if (!cwd) throw new HookInputError('missing field "cwd" (a string)');
  const transcript = session ? await findRollout(session, env) : null;
  const base = { agent: 'codex' as const, session, cwd, transcript };
  return [
    { ...base, kind: 'prompt', name: 'agent-turn-complete' },
    { ...base, kind: 'stop', name: 'agent-turn-complete' },
  ];
}

/** `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-…-<thread id>.jsonl`, newest days first. */
export async function findRollout(threadId: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const root = joinPath(env.CODEX_HOME ?? joinPath(env.HOME ?? homedir(), '.codex'), 'sessions');
  const walk = async (directory: string, depth: number): Promise<string | null> => {
    // A missing folder (or a stray file where one was expected) holds no rollout; an unreadable one is an error.
    for (const name of (await listDirectory(directory)).reverse()) {
      const path = joinPath(directory, name);
      if (depth === 3) {
        if (name.endsWith(`${threadId}.jsonl`)) return path;
        continue;
      }
      const found = await walk(path, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(root, 0);
}
