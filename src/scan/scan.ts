/**
 * `scanRepository()`: the list of files (git's view when there is one), each classified and
 * hashed. Unchanged files (same size, mtime, ctime and inode as last time) reuse their hash.
 */

import { isUtf8 } from 'node:buffer';
import { lstatSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { sep } from 'node:path';
import type { ResolvedConfig } from '../config/schema.js';
import { type EventBus, silentBus } from '../shared/events.js';
import { isMissing, readTextSyncIfExists } from '../shared/fs.js';
import { listGitFilesIfRepository } from '../shared/git.js';
import { globMatcher } from '../shared/glob.js';
import { sha256 } from '../shared/hash.js';
import { withoutManagedBlock } from '../shared/managed-block.js';
import { isInside, relativePath } from '../shared/path.js';
import { isSecretFile } from '../shared/secret-files.js';
import { hasGeneratedMarker, kindOf, languageOf, looksBinary, looksMinified } from './classify.js';
import { commandFilesOf, commandOutputs, type GeneratedFile } from './generated.js';
import { extractWriteFacts, scriptOutputs } from './generator-scripts.js';
import type { ScannedFile, ScanResult, StatCacheEntry, WriteFacts } from './types.js';

/** A file modified this close to the stat cache's writing is re-hashed, not trusted by its stat (racy-git rule). */
export const RACY_WINDOW_MS = 2000;

/** Never scanned, whatever .gitignore says: our own outputs, VCS internals, installed packages. */
export const ALWAYS_EXCLUDED = ['.git/', '.agent-context/', 'node_modules/', '.hg/', '.svn/'];
const EXCLUDED_FOLDERS = new Set(ALWAYS_EXCLUDED.map((entry) => entry.slice(0, -1)));

/** True when any folder on the path is one of the always-excluded ones (a plain string check: this runs per file). */
export function isAlwaysExcluded(path: string): boolean {
  let start = 0;
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', start)) {
    if (EXCLUDED_FOLDERS.has(path.slice(start, slash))) return true;
    start = slash + 1;
  }
  return false;
}

export interface ScanOptions {
  config: ResolvedConfig;
  bus?: EventBus;
  /** Stat data from the previous run; entries whose stat matches are not read again. */
  statCache?: Record<string, StatCacheEntry>;
  /** When the stat cache was written (ms); files modified within RACY_WINDOW_MS of it are re-hashed (racy-git rule). */
  statCacheWrittenAt?: number;
  /** The file list, when the caller started `listRepositoryFiles` early (git runs while it reads). */
  listing?: Promise<FileListing>;
  /** Set by `rescanChanged()` only: the paths to stat; every other one with a stat cache entry keeps it unstatted. */
  onlyChanged?: ReadonlySet<string>;
}

export interface FileListing {
  paths: string[];
  source: 'git' | 'walk';
}

export interface ScanOutput {
  scan: ScanResult;
  /** Text of the files read during this scan that can be indexed (the others come from cache). */
  contents: Map<string, string>;
  /** Stat data to keep for the next run. */
  statCache: Record<string, StatCacheEntry>;
  /** How many files were read and hashed (the rest reused the stat cache). */
  hashed: number;
}

export async function scanRepository(root: string, options: ScanOptions): Promise<ScanOutput> {
  const bus = options.bus ?? silentBus();
  const { paths, source } = await (options.listing ?? listRepositoryFiles(root));
  const excluded = globMatcher(options.config.scan.exclude);
  const generated = globMatcher(options.config.scan.generated);
  const agentsFile = options.config.context.agentsFile;
  const realRoot = realpathSync(root);
  const files: ScannedFile[] = [];
  const contents = new Map<string, string>();
  const statCache: Record<string, StatCacheEntry> = {};
  const writeFacts = new Map<string, WriteFacts>();
  let hashed = 0;
  const racyAfter = (options.statCacheWrittenAt ?? 0) - RACY_WINDOW_MS;
  const keep = (path: string, entry: StatCacheEntry) => {
    files.push(fromStatCache(path, entry));
    statCache[path] = entry;
    if (entry.writeFacts) writeFacts.set(path, entry.writeFacts);
  };
  for (let position = 0; position < paths.length; position++) {
    const path = paths[position]!;
    if (position % 500 === 0) bus.progress('scan', position, paths.length);
    if (excluded(path)) continue;
    const known = options.onlyChanged?.has(path) === false ? options.statCache?.[path] : undefined;
    if (known) {
      keep(path, known);
      continue;
    }
    const absolute = `${root}${sep}${sep === '/' ? path : path.split('/').join(sep)}`;
    let stats: Stats;
    try {
      stats = lstatSync(absolute);
    } catch (error) {
      // Listed by git but deleted from the work tree: not part of the tree we describe. Anything
      // else (EACCES on the folder) is a file we could not look at, and says so.
      if (!isMissing(error)) files.push(notIndexed(path, 0, 'unreadable', errnoOf(error, 'stat failed')));
      continue;
    }
    if (stats.isSymbolicLink()) {
      files.push(describeSymlink(path, absolute, realRoot, stats));
      continue;
    }
    if (!stats.isFile()) {
      files.push(notIndexed(path, stats.size, 'not-a-file'));
      continue;
    }
    const cached = options.statCache?.[path];
    if (cached && statMatches(cached, stats) && stats.mtimeMs < racyAfter) {
      keep(path, cached);
      continue;
    }
    const read = readAndClassify(
      path,
      absolute,
      stats,
      options.config.scan.maxFileBytes,
      path === agentsFile,
    );
    if (read.file.skipped !== 'unreadable') hashed++;
    if (generated(path) && read.file.kind !== 'binary') read.file.kind = 'generated';
    files.push(read.file);
    if (read.text !== undefined && !read.file.skipped) contents.set(path, read.text);
    const facts = read.text === undefined ? undefined : extractWriteFacts(path, read.text);
    if (facts) writeFacts.set(path, facts);
    if (read.file.hash)
      statCache[path] = { ...toStatCache(read.file, stats), ...(facts ? { writeFacts: facts } : {}) };
  }
  bus.progress('scan', paths.length, paths.length);
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const commandOutputs = markCommandOutputs(root, files, contents, writeFacts);
  const scan: ScanResult = { root, source, files, ...(commandOutputs.length > 0 ? { commandOutputs } : {}) };
  return { scan, contents, statCache, hashed };
}

/**
 * The scan of a long-lived process whose watcher reports every change: the last scan's listing
 * and stat data stand for every path but `changed`, which are statted, read and classified as a
 * full scan would. Exact only when every changed file is in `changed` and the listing is still
 * git's (no file added, no ignore rule changed): the caller's to know, else it scans in full.
 */
export function rescanChanged(
  root: string,
  options: ScanOptions & { listing: Promise<FileListing>; changed: Iterable<string> },
): Promise<ScanOutput> {
  const { changed, ...rest } = options;
  return scanRepository(root, { ...rest, onlyChanged: new Set(changed) });
}

/** Git's view of the files under `root` (tracked and untracked, not ignored), or a walk honouring .gitignore files. */
export async function listRepositoryFiles(root: string): Promise<FileListing> {
  const listed = await listGitFilesIfRepository(root);
  if (listed) return { paths: listed.filter((path) => !isAlwaysExcluded(path)), source: 'git' };
  // Outside git only: the walker and the ignore matcher stay unloaded in a repository (most runs).
  const [{ fdir }, { default: ignore }, { IgnoreTree }] = await Promise.all([
    import('fdir'),
    import('ignore'),
    import('./ignore-tree.js'),
  ]);
  const always = ignore().add(ALWAYS_EXCLUDED);
  const tree = new IgnoreTree(root, always);
  const crawled = new fdir()
    .withRelativePaths()
    .withSymlinks({ resolvePaths: false })
    .exclude((_name, directoryPath) => {
      const relative = relativePath(root, directoryPath);
      return relative !== '' && tree.isIgnored(relative, true);
    })
    .filter((path, isDirectory) => !isDirectory && !tree.isIgnored(path.split('\\').join('/'), false))
    .crawl(root)
    .sync();
  const paths = crawled.map((path) => path.split('\\').join('/')).sort();
  return { paths, source: 'walk' };
}

/** A file a build command (`--outfile src/x.json` in tox.ini) or a script of the repository writes is generated, whatever its name. */
function markCommandOutputs(
  root: string,
  files: ScannedFile[],
  contents: Map<string, string>,
  writeFacts: ReadonlyMap<string, WriteFacts>,
): GeneratedFile[] {
  const texts = new Map<string, string>();
  const unreadable = new Set(files.filter((file) => file.skipped === 'unreadable').map((file) => file.path));
  for (const path of commandFilesOf(files)) {
    if (unreadable.has(path)) continue; // its skip already says why
    // Not among the contents when the stat cache was reused; one that vanished since declares nothing.
    const text = contents.get(path) ?? readTextSyncIfExists(`${root}${sep}${path}`);
    if (text !== undefined) texts.set(path, text);
  }
  if (texts.size === 0 && writeFacts.size === 0) return [];
  const byPath = new Map(files.map((file) => [file.path, file]));
  const present = new Set(byPath.keys());
  const byCommand = commandOutputs(texts, present);
  const outputs = [
    ...byCommand,
    ...scriptOutputs(writeFacts, present).filter(
      (output) => !byCommand.some((entry) => entry.path === output.path),
    ),
  ];
  for (const output of outputs) {
    const file = byPath.get(output.path)!;
    if (file.kind !== 'binary' && file.kind !== 'lockfile') file.kind = 'generated';
  }
  return outputs;
}

function describeSymlink(path: string, absolute: string, realRoot: string, stats: Stats): ScannedFile {
  try {
    const target = realpathSync(absolute);
    if (!isInside(realRoot, target))
      return notIndexed(path, stats.size, 'symlink-outside', 'points outside the repository');
    return notIndexed(path, stats.size, 'symlink', relativePath(realRoot, target));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return notIndexed(path, stats.size, 'symlink-loop', 'the link resolves to itself');
    return notIndexed(path, stats.size, 'unreadable', `broken symlink (${code ?? 'unknown error'})`);
  }
}

function errnoOf(error: unknown, otherwise: string): string {
  return (error as NodeJS.ErrnoException).code ?? otherwise;
}

function notIndexed(
  path: string,
  size: number,
  skipped: ScannedFile['skipped'],
  detail?: string,
): ScannedFile {
  const file: ScannedFile = {
    path,
    language: languageOf(path),
    kind: kindOf(path, languageOf(path)),
    size,
    skipped,
  };
  if (detail) file.skipDetail = detail;
  return file;
}

function readAndClassify(
  path: string,
  absolute: string,
  stats: Stats,
  maxBytes: number,
  isAgentsFile: boolean,
): { file: ScannedFile; text?: string } {
  const language = languageOf(path);
  const file: ScannedFile = { path, language, kind: kindOf(path, language), size: stats.size };
  if (stats.size > maxBytes) {
    file.skipped = 'too-large';
    file.skipDetail = `${stats.size} bytes > limit ${maxBytes}`;
    file.hash = `size:${stats.size}`;
    return { file };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(absolute);
  } catch (error) {
    file.skipped = 'unreadable';
    file.skipDetail = errnoOf(error, 'read failed');
    return { file };
  }
  if (file.kind === 'asset' || looksBinary(bytes)) {
    if (looksBinary(bytes)) file.kind = file.kind === 'asset' ? 'asset' : 'binary';
    file.hash = sha256(bytes);
    if (file.kind === 'binary' || !isUtf8(bytes)) file.skipped = 'binary';
    return { file };
  }
  const text = bytes.toString('utf8');
  if (isSecretFile(path, text)) {
    // Not even a hash of the bytes: a short secret could be guessed from one.
    file.skipped = 'secret';
    file.hash = `size:${stats.size}`;
    return { file };
  }
  if (!isUtf8(bytes)) file.invalidUtf8 = true;
  if (isAgentsFile) {
    file.hash = sha256(withoutManagedBlock(text));
    file.skipped = 'managed-output';
    return { file };
  }
  file.hash = sha256(bytes);
  if (looksMinified(text, language)) {
    file.kind = 'generated';
    file.skipped = 'minified';
    return { file };
  }
  if (file.kind !== 'lockfile' && hasGeneratedMarker(text.slice(0, 600))) file.kind = 'generated';
  return { file, text };
}

function statMatches(entry: StatCacheEntry, stats: Stats): boolean {
  return (
    entry.size === stats.size &&
    entry.mtimeMs === stats.mtimeMs &&
    entry.ctimeMs === stats.ctimeMs &&
    entry.ino === stats.ino
  );
}

function toStatCache(file: ScannedFile, stats: Stats): StatCacheEntry {
  const entry: StatCacheEntry = {
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    ctimeMs: stats.ctimeMs,
    ino: stats.ino,
    hash: file.hash!,
    kind: file.kind,
    language: file.language,
  };
  return withSkipMarks(entry, file);
}

type SkipMarks = Pick<ScannedFile, 'skipped' | 'skipDetail' | 'invalidUtf8'>;

/** Copies the optional skip marks that `from` carries onto `to` (absent ones stay absent). */
function withSkipMarks<T extends SkipMarks>(to: T, from: SkipMarks): T {
  if (from.skipped) to.skipped = from.skipped;
  if (from.skipDetail) to.skipDetail = from.skipDetail;
  if (from.invalidUtf8) to.invalidUtf8 = true;
  return to;
}

function fromStatCache(path: string, entry: StatCacheEntry): ScannedFile {
  const file: ScannedFile = {
    path,
    language: entry.language,
    kind: entry.kind,
    size: entry.size,
    hash: entry.hash,
  };
  return withSkipMarks(file, entry);
}
