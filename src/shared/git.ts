/** Git plumbing. Every call runs `git` without a shell, with a stable locale and no pager. */
import { OcppError } from './errors.js';
import { readHeadCommit } from './git-head.js';
import { type ProcessResult, runProcess } from './spawn.js';

const gitEnvironment = {
  ...process.env,
  LC_ALL: 'C',
  GIT_PAGER: 'cat',
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
};

export async function runGit(args: readonly string[], cwd: string, input?: string): Promise<ProcessResult> {
  try {
    return await runProcess('git', args, {
      cwd,
      env: gitEnvironment,
      ...(input === undefined ? {} : { input }),
    });
  } catch (error) {
    throw new OcppError('GIT', `could not run git: ${(error as Error).message}`, {
      hint: 'install git, or run in a directory without .git to scan files without it',
      cause: error,
    });
  }
}

/** Runs git and returns stdout; a non-zero exit becomes an error naming the command. */
export async function git(args: readonly string[], cwd: string): Promise<string> {
  const result = await runGit(args, cwd);
  if (result.exitCode !== 0) {
    throw new OcppError(
      'GIT',
      `git ${args.join(' ')} failed: ${result.stderr.trim() || `exit ${result.exitCode}`}`,
    );
  }
  return result.stdout;
}

/** The top of the work tree containing `directory`, or undefined when it is not in a git work tree. */
export async function gitTopLevel(directory: string): Promise<string | undefined> {
  try {
    const result = await runGit(['rev-parse', '--show-toplevel'], directory);
    return result.exitCode === 0 ? result.stdout.trim() : undefined;
  } catch {
    return undefined;
  }
}

export async function gitAvailable(): Promise<string | undefined> {
  try {
    const result = await runProcess('git', ['--version'], { cwd: process.cwd() });
    return result.exitCode === 0 ? result.stdout.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** Without `--full-name`, git prints paths relative to the directory it runs in: no prefix to strip. */
const LS_FILES = ['ls-files', '-z', '-c', '-o', '--exclude-standard', '.'];

/**
 * Tracked plus untracked, not ignored files under `directory`, relative to it (posix); undefined
 * when `directory` is not in a git work tree or git cannot run.
 */
export async function listGitFilesIfRepository(directory: string): Promise<string[] | undefined> {
  let listed: ProcessResult;
  try {
    listed = await runGit(LS_FILES, directory);
  } catch {
    return undefined;
  }
  return listed.exitCode === 0 ? parseListing(listed.stdout) : undefined;
}

/** NUL-separated paths, deduplicated (a conflicted file is listed once per stage) and sorted. */
function parseListing(output: string): string[] {
  const seen = new Set<string>();
  for (const entry of output.split('\0')) if (entry) seen.add(entry);
  return [...seen].sort();
}

/** HEAD commit, or undefined in a repository without commits (read from the files when they say, see git-head.ts). */
export async function headCommit(directory: string): Promise<string | undefined> {
  const read = await readHeadCommit(directory);
  if (read !== undefined) return read;
  const result = await runGit(['rev-parse', '--verify', '-q', 'HEAD'], directory);
  return result.exitCode === 0 ? result.stdout.trim() : undefined;
}

/** One hunk of `git diff -U0`: where it starts in the new text, how many new lines it has, and its text. */
export interface DiffHunk {
  /** The first new line; for a pure deletion (`count` 0), the line before the deleted ones. */
  start: number;
  count: number;
  /** The removed and added lines, without their `-`/`+`. */
  lines: string[];
  /** The first old line; for a pure addition (`oldCount` 0), the line before the added ones. */
  oldStart: number;
  oldCount: number;
  /** The removed lines alone (old lines `oldStart`…), and the added ones (new lines `start`…). */
  removed: string[];
  added: string[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Splits `git diff -U0` output into hunks per new path (relative to where git ran, `b/` dropped).
 * A file git shows gets an entry even without hunks; a deleted file (`+++ /dev/null`) gets none.
 */
export function parseDiffHunks(text: string): Map<string, DiffHunk[]> {
  const files = new Map<string, DiffHunk[]>();
  let hunks: DiffHunk[] | undefined;
  let hunk: DiffHunk | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('+++ ')) {
      const path = line.slice(4).replace(/^b\//, '');
      hunks = path === '/dev/null' ? undefined : [];
      hunk = undefined;
      if (hunks) files.set(path, hunks);
      continue;
    }
    if (!hunks || line.startsWith('--- ')) continue;
    const header = HUNK_HEADER.exec(line);
    if (header) {
      const count = (text: string | undefined) => (text === undefined ? 1 : Number(text));
      hunk = {
        start: Number(header[3]),
        count: count(header[4]),
        lines: [],
        oldStart: Number(header[1]),
        oldCount: count(header[2]),
        removed: [],
        added: [],
      };
      hunks.push(hunk);
    } else if (hunk && (line.startsWith('+') || line.startsWith('-'))) {
      hunk.lines.push(line.slice(1));
      (line.startsWith('+') ? hunk.added : hunk.removed).push(line.slice(1));
    }
  }
  return files;
}

/** Explicit prefixes: `diff.noprefix` or `diff.mnemonicPrefix` in a user's config would change the paths. */
export const DIFF_U0 = ['diff', '-U0', '--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/'];

/**
 * The hunks of the working tree against `base` for `files`, per path (see `parseDiffHunks`); none
 * when git fails. `extraArgs` go before the revision (`--relative`, `--no-renames`).
 */
export async function diffHunks(
  root: string,
  base: string,
  files: readonly string[],
  extraArgs: readonly string[] = [],
): Promise<Map<string, DiffHunk[]>> {
  if (files.length === 0) return new Map();
  const result = await runGit([...DIFF_U0, ...extraArgs, base, '--', ...files], root);
  return result.exitCode === 0 ? parseDiffHunks(result.stdout) : new Map();
}

/**
 * 1-based inclusive line ranges, in the working tree, that differ from `base` per file. A pure
 * deletion still touches the line it happened at: `[start, start]`.
 */
export async function changedLineRanges(
  root: string,
  base: string,
  files: readonly string[],
): Promise<Map<string, Array<[number, number]>>> {
  const ranges = new Map<string, Array<[number, number]>>();
  for (const [path, hunks] of await diffHunks(root, base, files)) {
    if (hunks.length === 0) continue;
    ranges.set(
      path,
      hunks.map(({ start, count }) => [Math.max(1, start), Math.max(start, start + count - 1)]),
    );
  }
  return ranges;
}
