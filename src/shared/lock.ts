/**
 * An exclusive lock across processes: a directory created with `mkdir` (atomic on every file
 * system we run on) holding an owner file. A holder that died on this machine is detected by
 * its pid and replaced at once; a holder on another machine (shared disk) is replaced when its
 * heartbeat is older than `staleMs`.
 */
import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { hostname } from 'node:os';
import nodePath from 'node:path';
import { OcppError } from './errors.js';

export interface LockOptions {
  /** How long to wait for another holder before giving up, in milliseconds. @default 60000 */
  waitMs?: number;
  /** A lock whose heartbeat is older than this is taken over. @default 30000 */
  staleMs?: number;
  /** What the lock protects, for the error message. */
  purpose?: string;
}

interface Owner {
  pid: number;
  host: string;
  token: string;
}

const HEARTBEAT_MS = 5_000;
const POLL_MS = 100;

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

export async function acquireLock(lockPath: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  await fsp.mkdir(nodePath.dirname(lockPath), { recursive: true });
  const owner: Owner = { pid: process.pid, host: hostname(), token: randomBytes(8).toString('hex') };
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  for (;;) {
    if (await tryCreate(lockPath, owner)) return startHeartbeat(lockPath, owner);
    if (await removeIfAbandoned(lockPath, options.staleMs ?? 30_000)) continue;
    if (Date.now() > deadline) {
      const holder = await readOwner(lockPath);
      throw new OcppError(
        'LOCKED',
        `${options.purpose ?? 'another run'} holds ${lockPath}${holder ? ` (pid ${holder.pid} on ${holder.host})` : ''}`,
        {
          hint: 'wait for it to finish, or remove the lock directory if that process is gone',
        },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function tryCreate(lockPath: string, owner: Owner): Promise<boolean> {
  try {
    await fsp.mkdir(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  await fsp.writeFile(nodePath.join(lockPath, 'owner.json'), JSON.stringify(owner));
  return true;
}

async function readOwner(lockPath: string): Promise<Owner | undefined> {
  try {
    return JSON.parse(await fsp.readFile(nodePath.join(lockPath, 'owner.json'), 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

/** True when the lock was abandoned (dead local pid, or no heartbeat for `staleMs`) and has been removed. */
async function removeIfAbandoned(lockPath: string, staleMs: number): Promise<boolean> {
  let modified: number;
  try {
    modified = (await fsp.stat(lockPath)).mtimeMs;
  } catch {
    return true; // released meanwhile: try again at once
  }
  const owner = await readOwner(lockPath);
  const deadHere = owner !== undefined && owner.host === hostname() && !isAlive(owner.pid);
  const silent = Date.now() - modified > staleMs;
  // Without an owner file the holder may be between mkdir and writing it: only age decides then.
  if (!deadHere && !silent) return false;
  const graveyard = `${lockPath}.stale-${randomBytes(4).toString('hex')}`;
  try {
    await fsp.rename(lockPath, graveyard);
  } catch {
    return true; // someone else took it over first
  }
  const moved = await readOwner(graveyard);
  if (owner && moved && moved.token !== owner.token) {
    // A new holder took the lock between our look and our rename: give it back.
    await fsp.rename(graveyard, lockPath).catch(() => undefined);
    return false;
  }
  await fsp.rm(graveyard, { recursive: true, force: true });
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function startHeartbeat(lockPath: string, owner: Owner): () => Promise<void> {
  const timer = setInterval(() => {
    const now = new Date();
    fsp.utimes(lockPath, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    const current = await readOwner(lockPath);
    if (current?.token === owner.token) await fsp.rm(lockPath, { recursive: true, force: true });
  };
}
