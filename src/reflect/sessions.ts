/**
 * Per-session counters on disk, `.agent-context/reflection/sessions/<session>.json`: every hook
 * is its own process, so each event reads, updates and atomically rewrites the file under a
 * lock. A file we cannot parse is moved aside (never overwritten) and the session starts afresh;
 * a newer schema is refused. The hook log, `reflection/log.jsonl`, records every decision and
 * every problem, one JSON line each.
 */
import { promises as fsp } from 'node:fs';
import { OcppError } from '../shared/errors.js';
import { appendText, readTextIfExists, writeJsonAtomic } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { stableStringify } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { withLock } from '../shared/lock.js';
import { absolutePath } from '../shared/path.js';
import { newSessionCounters, type SessionCounters } from './scheduler.js';

export const SESSIONS_DIR = `${layout.reflection}/sessions`;
export const HOOK_LOG = `${layout.reflection}/log.jsonl`;
export const REPORTS_DIR = `${layout.reflection}/reports`;

/** A file name for any session id: safe characters kept, a hash added when anything was replaced. */
export function sessionFileName(session: string): string {
  const safe = session.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
  const changed = safe !== session || safe.startsWith('.');
  return `${changed ? `${safe.replace(/^\.+/, '_')}-${sha256(session).slice(0, 8)}` : safe}.json`;
}

export function sessionPath(root: string, session: string): string {
  return absolutePath(root, `${SESSIONS_DIR}/${sessionFileName(session)}`);
}

export async function readSession(root: string, session: string): Promise<SessionCounters> {
  const file = sessionPath(root, session);
  const text = await readTextIfExists(file);
  if (text === undefined) return newSessionCounters(session);
  let value: SessionCounters;
  try {
    value = JSON.parse(text) as SessionCounters;
    if (typeof value !== 'object' || value === null || typeof value.schemaVersion !== 'number')
      throw new Error('no schemaVersion');
  } catch {
    await fsp.rename(file, `${file}.unreadable-${Date.now()}`).catch(() => undefined);
    return newSessionCounters(session);
  }
  if (value.schemaVersion > 1)
    throw new OcppError(
      'STATE_VERSION',
      `schemaVersion ${value.schemaVersion} is newer than this tool understands`,
      {
        file: `${SESSIONS_DIR}/${sessionFileName(session)}`,
        hint: 'upgrade opencode-plusplus',
      },
    );
  return { ...newSessionCounters(session), ...value };
}

/** Reads, updates and writes one session's counters under its lock; returns what `update` returned. */
export async function updateSession<T>(
  root: string,
  session: string,
  update: (
    state: SessionCounters,
  ) => Promise<{ state: SessionCounters; value: T }> | { state: SessionCounters; value: T },
  waitMs = 5_000,
): Promise<T> {
  const file = sessionPath(root, session);
  return withLock(
    file,
    async () => {
      const { state, value } = await update(await readSession(root, session));
      await writeJsonAtomic(file, state);
      return value;
    },
    { waitMs, purpose: `another hook of session ${session}` },
  );
}

export interface HookLogRecord {
  event: string;
  session?: string | null;
  agent?: string;
  action?: string;
  reason?: string;
  error?: string;
  [key: string]: unknown;
}

/** Appends one line to the hook log; never throws (a guest must not fail because its log did). */
export async function appendHookLog(root: string, record: HookLogRecord, now = new Date()): Promise<void> {
  const file = absolutePath(root, HOOK_LOG);
  try {
    // Never create a workspace: a payload naming a folder that does not exist logs nowhere.
    if (!(await fsp.stat(root)).isDirectory()) return;
    await appendText(file, `${stableStringify({ at: now.toISOString(), ...record })}\n`);
  } catch {
    // Read-only workspace or full disk: nothing we can do without disturbing the host.
  }
}

export async function readHookLog(root: string): Promise<Array<HookLogRecord & { at: string }>> {
  const text = (await readTextIfExists(absolutePath(root, HOOK_LOG))) ?? '';
  return text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as HookLogRecord & { at: string }];
      } catch {
        return [];
      }
    });
}
