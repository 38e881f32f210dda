/**
 * Recent history up to HEAD, as the files each commit changed and what its message said: the raw
 * material of the co-change, churn and similar-changes signals. Read with one `git log` of HEAD's
 * ancestors only, so a checkout of an old commit never sees the commits after it (the retrieval
 * benchmark relies on this: a replayed commit cannot find itself). Cached by HEAD commit in
 * `.agent-context/cache/history.json`, so later queries on the same commit cost nothing.
 * Commits that touch many files (mass renames, formatting) say nothing about which files belong
 * together and are left out.
 */
import { readCacheJson, writeFileAtomic } from '../shared/fs.js';
import { headCommit, runGit } from '../shared/git.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';

export const HISTORY_CACHE_PATH = `${layout.cache}/history.json`;
const CACHE_VERSION = 2;
/** Commits changing more files than this are bulk edits. */
export const MAX_FILES_PER_COMMIT = 30;

export interface ChangeHistory {
  head: string;
  /** Files changed by each commit, newest first (paths relative to the root, sorted). */
  commits: string[][];
  /** The message of each commit of `commits`, in the same order. */
  messages: PastCommit[];
}

export interface PastCommit {
  /** The first 10 hex digits of the commit. */
  sha: string;
  subject: string;
  /** The body without trailers (`Signed-off-by:` and the like), cut at `MAX_BODY_CHARS`. */
  body: string;
}

/** A long body (a pasted log, a dependency bump's release notes) says no more than its start. */
const MAX_BODY_CHARS = 1500;
const TRAILER = /^(signed-off-by|co-authored-by|reviewed-by|acked-by|change-id|cc):/i;

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
  const read = await readCommits(root, limit);
  if (!read) return undefined;
  const history: CachedHistory = { version: CACHE_VERSION, head, limit, ...read };
  if (!readOnly) await writeFileAtomic(file, JSON.stringify(history)).catch(() => undefined);
  return history;
}

async function readCache(file: string): Promise<CachedHistory | undefined> {
  const parsed = (await readCacheJson(file)) as CachedHistory | null | undefined;
  return parsed?.version === CACHE_VERSION && Array.isArray(parsed.commits) && Array.isArray(parsed.messages)
    ? parsed
    : undefined;
}

async function readCommits(root: string, limit: number): Promise<Omit<ChangeHistory, 'head'> | undefined> {
  const result = await runGit(
    [
      '-c',
      'core.quotepath=off',
      'log',
      '--no-merges',
      '--no-renames',
      '--relative',
      '--name-only',
      '--format=%x00%H%x01%s%x01%b%x02',
      '-n',
      String(limit),
      'HEAD',
    ],
    root,
  );
  if (result.exitCode !== 0) return undefined;
  const commits: string[][] = [];
  const messages: PastCommit[] = [];
  for (const block of result.stdout.split('\0').slice(1)) {
    const [header = '', changes = ''] = block.split('\x02');
    const files = changes
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (files.length === 0 || files.length > MAX_FILES_PER_COMMIT) continue;
    commits.push(files.sort());
    messages.push(messageOf(header));
  }
  return { commits, messages };
}

function messageOf(header: string): PastCommit {
  const [sha = '', subject = '', body = ''] = header.split('\x01');
  const kept = body
    .split('\n')
    .filter((line) => !TRAILER.test(line.trim()))
    .join('\n')
    .trim();
  return { sha: sha.slice(0, 10), subject: subject.trim(), body: kept.slice(0, MAX_BODY_CHARS) };
}
