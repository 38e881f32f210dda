/**
 * The only place stages touch the file system. Every write is atomic: the bytes go to a temporary
 * file beside the target, are flushed, and replace the target with one rename, so a reader (or a
 * build killed halfway) sees the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import { constants, existsSync, promises as fsp, readFileSync } from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import { OcppError } from './errors.js';
import { formatJsonFile, parseJson } from './json.js';
import { resolveAbsolute } from './path.js';
import { contextRootOf, guardedTarget } from './write-guard.js';

/**
 * Writes `file` atomically. Inside a repository (`root` given, or `file` below an
 * `.agent-context/`) the write is guarded: it lands on the real path, never outside (`write-guard.ts`).
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, root?: string): Promise<void> {
  await writeResolvedAtomic(await guardedTarget(file, root ?? contextRootOf(file)), data);
}

async function writeResolvedAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const directory = nodePath.dirname(file);
  await fsp.mkdir(directory, { recursive: true });
  const temporary = nodePath.join(
    directory,
    `.${nodePath.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const handle = await fsp.open(temporary, 'w', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fsp.rename(temporary, file);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}

export async function writeJsonAtomic(file: string, value: unknown, root?: string): Promise<void> {
  await writeFileAtomic(file, formatJsonFile(value), root);
}

/** Writes only when the bytes differ; returns whether it wrote. Keeps mtimes of unchanged outputs. */
export async function writeFileIfChanged(file: string, data: string, root?: string): Promise<boolean> {
  const target = await guardedTarget(file, root ?? contextRootOf(file));
  const current = await readTextIfExists(target);
  if (current === data) return false;
  await writeResolvedAtomic(target, data);
  return true;
}

/** Appends a line-oriented log record (guarded like every write). */
export async function appendText(file: string, text: string, root?: string): Promise<void> {
  const target = await guardedTarget(file, root ?? contextRootOf(file));
  await fsp.mkdir(nodePath.dirname(target), { recursive: true });
  await fsp.appendFile(target, text);
}

/** Reads a repository file, refusing one that is a symlink to outside the repository. */
export async function readRepositoryTextIfExists(root: string, file: string): Promise<string | undefined> {
  return readTextIfExists(await guardedTarget(file, root));
}

export async function readText(file: string): Promise<string> {
  return fsp.readFile(file, 'utf8');
}

/** The file's text; `undefined` when it is missing; a clear error (file, errno) when it does not read. */
export async function readTextIfExists(file: string): Promise<string | undefined> {
  try {
    return await fsp.readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw unreadableError(file, error);
  }
}

/** A file's bytes, undefined when it does not exist (for outputs kept without being decoded). */
export async function readBytesIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await fsp.readFile(file);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw unreadableError(file, error);
  }
}

/** `readTextIfExists` for the synchronous readers (adapters, the project scan). */
export function readTextSyncIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw unreadableError(file, error);
  }
}

export function readTextSync(file: string): string {
  return readFileSync(file, 'utf8');
}

/** Reads and parses a JSON file; `undefined` when missing; a clear error (exit 2) when malformed. */
export async function readJsonIfExists(file: string, displayName = file): Promise<unknown | undefined> {
  const text = await readTextIfExists(file);
  return text === undefined ? undefined : parseJson(text, displayName);
}

/**
 * A cache file's JSON: `undefined` when it is missing or does not parse (a cache is rebuilt, not
 * repaired); a clear error (file, errno) when it is there but cannot be read.
 */
export async function readCacheJson(file: string): Promise<unknown> {
  const text = await readTextIfExists(file);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `entries` of a cache file written as `{ [stampKey]: stamp, entries }`; none when it is missing, corrupt or stamped otherwise. */
export async function readCacheEntries<T>(
  file: string,
  stampKey: string,
  stamp: string,
): Promise<Record<string, T>> {
  const parsed = (await readCacheJson(file)) as Record<string, unknown> | null | undefined;
  const entries = parsed?.[stampKey] === stamp ? parsed.entries : undefined;
  return entries ? (entries as Record<string, T>) : {};
}

export async function pathExists(path: string): Promise<boolean> {
  try {
    await fsp.access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

export function pathExistsSync(path: string): boolean {
  return existsSync(path);
}

export async function ensureDirectory(path: string): Promise<void> {
  await fsp.mkdir(await guardedTarget(path), { recursive: true });
}

export async function removePath(path: string): Promise<void> {
  await fsp.rm(await guardedTarget(path), { recursive: true, force: true });
}

/** The folder's entries, sorted; none when it is missing (or is a file); a clear error when it does not read. */
export async function listDirectory(path: string): Promise<string[]> {
  try {
    return (await fsp.readdir(path)).sort();
  } catch (error) {
    if (isMissing(error)) return [];
    throw unreadableError(path, error);
  }
}

export async function copyFile(from: string, to: string): Promise<void> {
  const target = await guardedTarget(to);
  await fsp.mkdir(nodePath.dirname(target), { recursive: true });
  await fsp.copyFile(from, target);
}

/**
 * The path is not there: nothing at it (ENOENT) or a file where a folder on the way should be
 * (ENOTDIR). A fact about the tree, unlike EACCES, EISDIR or EMFILE, which mean it could not be read.
 */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** A read that failed for another reason than absence, named with its file and errno. */
export function unreadableError(file: string, error: unknown): OcppError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
  const reason = code === 'EISDIR' ? 'EISDIR (a folder where a file was expected)' : code;
  return new OcppError('INPUT_INVALID', `cannot read ${file}: ${reason}`, {
    file,
    cause: error,
    hint: 'check the permissions and the type of the path; nothing was treated as absent',
  });
}

export { type LockOptions, withLock } from './lock.js';

export interface FileEntry {
  /** Posix path relative to the listed directory. */
  path: string;
  bytes: number;
}

/** Every regular file below `directory` (symlinks not followed), sorted by path. */
export async function listFilesRecursive(directory: string): Promise<FileEntry[]> {
  const entries = (await fsp.readdir(directory, { recursive: true, withFileTypes: true })) as Array<{
    name: string;
    parentPath: string;
    isFile(): boolean;
  }>;
  const files: FileEntry[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const absolute = nodePath.join(entry.parentPath, entry.name);
    const path = nodePath.relative(directory, absolute).split(nodePath.sep).join('/');
    files.push({ path, bytes: (await fsp.stat(absolute)).size });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `directory` as an absolute path, or a usage error when it does not exist or is not a directory. */
export async function existingDirectory(directory: string): Promise<string> {
  const root = resolveAbsolute(directory);
  try {
    const stats = await fsp.stat(root);
    if (!stats.isDirectory()) throw new OcppError('USAGE', `${root} is not a directory`);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT')
      throw new OcppError('USAGE', `${root} does not exist`);
    throw error;
  }
  return root;
}

/** Copies a folder with everything in it (symlinks copied as links, never followed out of it). */
export async function copyTree(
  from: string,
  to: string,
  skip: (name: string) => boolean = () => false,
): Promise<void> {
  await fsp.cp(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !skip(nodePath.basename(source)),
  });
}

/** A new empty folder under the system's temporary directory, named `<prefix>XXXXXX`. */
export async function makeTemporaryDirectory(prefix: string): Promise<string> {
  return fsp.mkdtemp(nodePath.join(os.tmpdir(), prefix));
}
