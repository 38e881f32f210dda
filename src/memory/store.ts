/**
 * Every write to `.agent-context/memory/` goes through a transaction: one lock for the whole
 * store, reads remembered, and each write checked against what was read. A file that changed on
 * disk since it was read (a person's editor, a process that ignored the lock, a caller holding an
 * old snapshot) is never overwritten and never merged: both versions are saved under
 * `conflicts/<stamp>/` and the write is refused with `STATE_CONFLICT` (exit 2). Every text written
 * passes the secret scan first.
 */
import { OcppError } from '../shared/errors.js';
import { listDirectory, readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { withLock } from '../shared/lock.js';
import { absolutePath } from '../shared/path.js';
import { type SecretFinding, scanSecrets } from './secrets.js';

/** Files of the store, relative to `.agent-context/memory/`. */
export const memoryFiles = {
  index: 'MEMORY.md',
  lessons: 'lessons',
  proposals: 'proposals',
  skills: 'skills',
  knownIssues: 'known-issues.json',
  served: 'served.jsonl',
  conflicts: 'conflicts',
} as const;

/** Repository-relative posix path of a file inside the store. */
export function memoryPath(file: string): string {
  return `${layout.memory}/${file}`;
}

export interface MemoryTransaction {
  readonly root: string;
  readonly now: Date;
  /** Reads a store file (undefined when missing) and remembers what was read. */
  read(file: string): Promise<string | undefined>;
  /** Names in a store folder, sorted (empty when it is missing). */
  list(folder: string): Promise<string[]>;
  /** Declares the hash (`contentHash`) of what the caller saw earlier: a write is refused if the file differs. */
  expectHash(file: string, hash: string): void;
  /** Replaces a file atomically after the drift check and the secret scan; returns what was masked. */
  write(file: string, text: string): Promise<SecretFinding[]>;
}

export interface MemoryOptions {
  /** The clock, for dates in files (tests pass a fixed one). @default new Date() */
  now?: Date;
  /** How long to wait for another writer. @default 30000 */
  waitMs?: number;
}

/** Reading without the lock: what `readMemory` and the serving path use. */
export interface MemoryReader {
  read(file: string): Promise<string | undefined>;
  list(folder: string): Promise<string[]>;
}

export function memoryReader(root: string): MemoryReader {
  return {
    read: (file) => readTextIfExists(absolutePath(root, memoryPath(file))),
    list: (folder) => listDirectory(absolutePath(root, memoryPath(folder))),
  };
}

export async function withMemory<T>(
  root: string,
  action: (transaction: MemoryTransaction) => Promise<T>,
  options: MemoryOptions = {},
): Promise<T> {
  const target = absolutePath(root, memoryPath('.store'));
  return withLock(target, () => action(createTransaction(root, options.now ?? new Date())), {
    purpose: 'another memory write',
    waitMs: options.waitMs ?? 30_000,
  });
}

function createTransaction(root: string, now: Date): MemoryTransaction {
  const seen = new Map<string, string | undefined>();
  const expectedHashes = new Map<string, string>();
  const absolute = (file: string) => absolutePath(root, memoryPath(file));
  return {
    root,
    now,
    async read(file) {
      const text = await readTextIfExists(absolute(file));
      if (!seen.has(file)) seen.set(file, text);
      return text;
    },
    list(folder) {
      return listDirectory(absolute(folder));
    },
    expectHash(file, hash) {
      expectedHashes.set(file, hash);
    },
    async write(file, text) {
      const current = await readTextIfExists(absolute(file));
      const expected = seen.has(file) ? seen.get(file) : current;
      const snapshotHash = expectedHashes.get(file);
      if (current !== expected || (snapshotHash !== undefined && contentHash(current) !== snapshotHash))
        await refuseDrift(root, file, current, text, now);
      expectedHashes.delete(file);
      const scanned = scanSecrets(text);
      await writeFileAtomic(absolute(file), scanned.text);
      seen.set(file, scanned.text);
      return scanned.findings;
    },
  };
}

async function refuseDrift(
  root: string,
  file: string,
  onDisk: string | undefined,
  ours: string,
  now: Date,
): Promise<never> {
  const folder = `${memoryFiles.conflicts}/${stampOf(now)}-${process.pid}`;
  const flat = file.replace(/\//g, '__');
  if (onDisk !== undefined)
    await writeFileAtomic(absolutePath(root, memoryPath(`${folder}/${flat}.disk`)), onDisk);
  await writeFileAtomic(absolutePath(root, memoryPath(`${folder}/${flat}.ours`)), scanSecrets(ours).text);
  throw new OcppError('STATE_CONFLICT', `${file} changed on disk since it was read: write refused`, {
    file: memoryPath(file),
    hint: `nothing was merged; both versions are saved in ${memoryPath(folder)}/ (.disk is the file as found, .ours the refused write). Reconcile by hand, delete that folder, and run the command again`,
  });
}

function stampOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** Short content hash used as a snapshot token (`--expect-hash`). */
export function contentHash(text: string | undefined): string {
  return text === undefined ? 'none' : sha256(text).slice(0, 16);
}

/** `YYYY-MM-DD` in UTC: the date form of every memory file. */
export function dateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
