/**
 * An exclusive lock across processes: a directory holding an owner file, put in place with one
 * `rename` (atomic, and it fails when the lock exists), so a lock never exists without its owner.
 *
 * Whether the holder lives is asked of the operating system, never of the holder: its pid, the
 * time its process started (a reused pid has another) and its host. A heartbeat would depend on
 * the holder's event loop, which a long synchronous stage blocks for seconds; a lock taken from
 * a live holder that way let two builds overlap. A lock of this host is stale exactly when its
 * process is gone. One of another host (a shared disk) cannot be asked, and is taken over only
 * when it is older than `staleMs`.
 */
import { randomBytes } from 'node:crypto';
import { promises as fsp, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import nodePath from 'node:path';
import { OcppError } from './errors.js';
import { redacted } from './redact.js';
import { guardedTarget } from './write-guard.js';

export interface LockOptions {
  /** How long to wait for another holder before giving up, in milliseconds (0: do not wait). @default 60000 */
  waitMs?: number;
  /** A lock of another host older than this is taken over, in milliseconds. @default 3600000 */
  staleMs?: number;
  /** What the lock protects, for the messages. */
  purpose?: string;
  /** Called once when the lock is held by someone else and this process starts waiting. */
  onWait?: (holder: LockHolder | undefined) => void;
}

/** Who holds a lock: enough for the operating system to tell whether that process still runs. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When the process started, as the operating system counts it (Linux: clock ticks since boot). */
  processStart?: string;
  /** When the lock was taken (ISO time), for people. */
  since: string;
  /** What the holder is doing (`build`, `trace add`), for people. */
  command?: string;
  token: string;
}

const POLL_MS = 100;
/** A lock directory without a readable owner this old is abandoned. */
const OWNERLESS_MS = 10_000;

/** Runs `action` while holding the lock `${target}.lock`. */
export async function withLock<T>(
  target: string,
  action: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const release = await acquireLock(`${target}.lock`, options);
  try {
    return await action();
  } finally {
    await release();
  }
}

export async function acquireLock(
  requested: string,
  options: LockOptions = {},
): Promise<() => Promise<void>> {
  // a lock inside a repository's .agent-context/ stays there, whatever its folders link to
  const lockPath = await guardedTarget(requested);
  await fsp.mkdir(nodePath.dirname(lockPath), { recursive: true });
  const owner = currentHolder();
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  let waiting = false;
  for (;;) {
    if (await tryCreate(lockPath, owner)) return () => release(lockPath, owner);
    const holder = await readHolder(lockPath);
    if (await removeIfStale(lockPath, holder, options.staleMs ?? 3_600_000)) continue;
    if (Date.now() >= deadline) throw lockedError(lockPath, holder, options.purpose);
    if (!waiting) options.onWait?.(holder);
    waiting = true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Who holds the lock at `lockPath` and whether that process still runs; undefined when free. */
export async function lockHolder(lockPath: string): Promise<(LockHolder & { alive: boolean }) | undefined> {
  const holder = await readHolder(lockPath);
  return holder && { ...holder, alive: isRunning(holder) };
}

/** A holder in words: `pid 123 on host (build, since 2026-…)`. */
export function describeHolder(holder: LockHolder): string {
  const doing = holder.command ? `${holder.command}, ` : '';
  return `pid ${holder.pid} on ${holder.host} (${doing}since ${holder.since})`;
}

function lockedError(
  lockPath: string,
  holder: LockHolder | undefined,
  purpose: string | undefined,
): OcppError {
  return new OcppError(
    'LOCKED',
    `${purpose ?? 'another run'} holds ${lockPath}${holder ? `: ${describeHolder(holder)}` : ''}`,
    {
      hint: 'wait for it to finish (`--wait <seconds>` waits longer); a lock whose process is gone is taken over at once',
    },
  );
}

function currentHolder(): LockHolder {
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  const start = processStartOf(process.pid);
  if (start !== undefined) holder.processStart = start;
  const command = redacted(process.argv.slice(2).join(' ')).slice(0, 120);
  if (command) holder.command = command;
  return holder;
}

async function tryCreate(lockPath: string, owner: LockHolder): Promise<boolean> {
  const staging = `${lockPath}.new-${owner.token}`;
  await fsp.mkdir(staging, { recursive: true });
  await fsp.writeFile(nodePath.join(staging, 'owner.json'), JSON.stringify(owner));
  try {
    await fsp.rename(staging, lockPath);
    return true;
  } catch (error) {
    await fsp.rm(staging, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTEMPTY' || code === 'EISDIR' || code === 'EPERM') return false;
    throw error;
  }
}

async function readHolder(lockPath: string): Promise<LockHolder | undefined> {
  try {
    return JSON.parse(await fsp.readFile(nodePath.join(lockPath, 'owner.json'), 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/** Whether the holder's process still runs (on another host: assumed so). */
function isRunning(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (!pidExists(holder.pid)) return false;
  const start = processStartOf(holder.pid);
  return holder.processStart === undefined || start === undefined || start === holder.processStart;
}

/** True when the lock was stale (its process gone, or foreign and older than `staleMs`) and was removed. */
async function removeIfStale(
  lockPath: string,
  holder: LockHolder | undefined,
  staleMs: number,
): Promise<boolean> {
  if (holder && !isStale(holder, staleMs)) return false;
  if (!holder) {
    const age = await ageOf(lockPath);
    if (age === undefined) return true; // released meanwhile: try again at once, remove nothing
    if (age <= OWNERLESS_MS) return false;
  }
  const graveyard = `${lockPath}.stale-${randomBytes(4).toString('hex')}`;
  try {
    await fsp.rename(lockPath, graveyard);
  } catch {
    return true; // someone else removed it first: try again at once
  }
  const moved = await readHolder(graveyard);
  if (moved && moved.token !== holder?.token) {
    // A new holder took the lock between our look and our rename: give it back.
    await fsp.rename(graveyard, lockPath).catch(() => undefined);
    return false;
  }
  await fsp.rm(graveyard, { recursive: true, force: true });
  return true;
}

function isStale(holder: LockHolder | undefined, staleMs: number): boolean {
  if (!holder) return false;
  if (holder.host === hostname()) return !isRunning(holder);
  const since = Date.parse(holder.since);
  // a time in the future or none at all is no reason to wait forever
  return !(since <= Date.now()) || Date.now() - since > staleMs;
}

/** How long ago the lock directory was made (milliseconds); undefined when it is gone. */
async function ageOf(lockPath: string): Promise<number | undefined> {
  try {
    return Date.now() - (await fsp.stat(lockPath)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** True while a process with this id exists (EPERM: it does, owned by someone else). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's start time from `/proc` (Linux); undefined where there is none. */
function processStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so fields count from the last `)`
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

async function release(lockPath: string, owner: LockHolder): Promise<void> {
  const current = await readHolder(lockPath);
  if (current?.token === owner.token) await fsp.rm(lockPath, { recursive: true, force: true });
}
