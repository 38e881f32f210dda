/** Replaying history in scratch worktrees: the commit list and a detached worktree per case, always removed. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { usageError } from '../shared/errors.js';
import { removePath } from '../shared/fs.js';
import { git, gitTopLevel, runGit } from '../shared/git.js';
import { joinPath, resolveAbsolute } from '../shared/path.js';

export interface HistoryCommit {
  sha: string;
  parent: string;
  subject: string;
  /** `[status, path]` per changed file (renames off). */
  changes: Array<[string, string]>;
}

export async function repositoryRoot(directory: string): Promise<string> {
  const root = await gitTopLevel(resolveAbsolute(directory));
  if (!root)
    throw usageError(
      `${resolveAbsolute(directory)} is not inside a git work tree`,
      'the benchmark replays git history',
    );
  return root;
}

/**
 * `git log` of the non-merge commits, newest first, renames as delete + add: one record a commit,
 * `format` then its name-status lines.
 */
export async function commitLogRecords(
  root: string,
  scan: number,
  format = '%H%x01%P%x01%s',
): Promise<string[]> {
  const output = await git(
    [
      '-c',
      'core.quotepath=off',
      'log',
      '--no-merges',
      '--no-renames',
      '--name-status',
      `-n${scan}`,
      `--format=%x00${format}`,
      'HEAD',
    ],
    root,
  );
  return output.split('\0').slice(1);
}

/** Non-merge commits, newest first, with their changed files. */
export async function recentCommits(root: string, scan: number): Promise<HistoryCommit[]> {
  const commits: HistoryCommit[] = [];
  for (const record of await commitLogRecords(root, scan)) {
    const [header = '', ...lines] = record.split('\n');
    const [sha, parents, subject] = header.split('\x01');
    const parent = parents?.split(' ')[0];
    if (!sha || !parent) continue;
    const changes = lines
      .filter((line) => /^[A-Z]\t/.test(line))
      .map((line): [string, string] => [line[0]!, line.slice(2)]);
    commits.push({ sha, parent, subject: subject ?? '', changes });
  }
  return commits;
}

/** Runs `work` in a detached worktree at `ref`; the worktree is removed whatever happens. */
export async function inWorktree<T>(
  root: string,
  ref: string,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const scratch = mkdtempSync(joinPath(tmpdir(), 'ocpp-bench-'));
  const dir = joinPath(scratch, 'tree');
  try {
    const added = await runGit(['worktree', 'add', '--detach', '--force', dir, ref], root);
    if (added.exitCode !== 0) throw usageError(`could not check out ${ref}: ${added.stderr.trim()}`);
    return await work(dir);
  } finally {
    await runGit(['worktree', 'remove', '--force', dir], root);
    await runGit(['worktree', 'prune'], root);
    await removePath(scratch);
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
