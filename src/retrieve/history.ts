/**
 * Recent history before HEAD, as the sets of files each commit changed: the raw material of the
 * co-change signal. Read with one `git log` and cached by HEAD commit in
 * `.agent-context/cache/history.json`, so later queries on the same commit cost nothing.
 * Commits that touch many files (mass renames, formatting) say nothing about which files belong
 * together and are left out.
 */
import { promises as fsp } from 'node:fs';
import { writeFileAtomic } from '../shared/fs.js';
import { headCommit, runGit } from '../shared/git.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';

export const HISTORY_CACHE_PATH = `${layout.cache}/history.json`;
const CACHE_VERSION = 1;
/** Commits changing more files than this are bulk edits. */
export const MAX_FILES_PER_COMMIT = 30;

export interface ChangeHistory {
  head: string;
  /** Files changed by each commit, newest first (paths relative to the root, sorted). */
  commits: string[][];
}

interface CachedHistory extends ChangeHistory {
  version: number;
  limit: number;
}

/** The last `limit` commits before (and including) HEAD; undefined outside git or without commits. */
/** `readOnly`: the history is read from git as usual but not cached on disk (for commands that write nothing). */
export async function loadChangeHistory(
  root: string,
  limit: number,
  readOnly = false,
): Promise<ChangeHistory | undefined> {
  if (limit <= 0) return undefined;
  const head = await headCommit(root).catch(() => undefined);
  if (!head) return undefined;
  const file = absolutePath(root, HISTORY_CACHE_PATH);
  const cached = await readCache(file);
  if (cached && cached.head === head && cached.limit === limit) return cached;
  const commits = await readCommits(root, limit);
  if (!commits) return undefined;
  const history: CachedHistory = { version: CACHE_VERSION, head, limit, commits };
  if (!readOnly) await writeFileAtomic(file, JSON.stringify(history)).catch(() => undefined);
  return history;
}

async function readCache(file: string): Promise<CachedHistory | undefined> {
  try {
    const parsed = JSON.parse(await fsp.readFile(file, 'utf8')) as CachedHistory;
    return parsed.version === CACHE_VERSION && Array.isArray(parsed.commits) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function readCommits(root: string, limit: number): Promise<string[][] | undefined> {
  const result = await runGit(
    [
      '-c',
      'core.quotepath=off',
      'log',
      '--no-merges',
      '--no-renames',
      '--relative',
      '--name-only',
      '--format=%x00',
      '-n',
      String(limit),
      'HEAD',
    ],
    root,
  );
  if (result.exitCode !== 0) return undefined;
  const commits: string[][] = [];
  for (const block of result.stdout.split('\0').slice(1)) {
    const files = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (files.length > 0 && files.length <= MAX_FILES_PER_COMMIT) commits.push(files.sort());
  }
  return commits;
}
