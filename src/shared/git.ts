/** Git plumbing. Every call runs `git` without a shell, with a stable locale and no pager. */
import { OcppError } from './errors.js';
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

/** HEAD commit, or undefined in a repository without commits. */
export async function headCommit(directory: string): Promise<string | undefined> {
  const result = await runGit(['rev-parse', '--verify', '-q', 'HEAD'], directory);
  return result.exitCode === 0 ? result.stdout.trim() : undefined;
}

/** 1-based inclusive line ranges, in the working tree, that differ from `base` per file (from `git diff -U0`). */
export async function changedLineRanges(
  root: string,
  base: string,
  files: readonly string[],
): Promise<Map<string, Array<[number, number]>>> {
  const ranges = new Map<string, Array<[number, number]>>();
  if (files.length === 0) return ranges;
  const result = await runGit(['diff', '-U0', '--no-color', '--no-ext-diff', base, '--', ...files], root);
  if (result.exitCode !== 0) return ranges;
  let current: string | undefined;
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith('+++ ')) {
      current = line === '+++ /dev/null' ? undefined : line.slice(6);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || !current) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    // A pure deletion (count 0) still touches the line it happened at.
    const list = ranges.get(current) ?? [];
    list.push([Math.max(1, start), Math.max(start, start + count - 1)]);
    ranges.set(current, list);
  }
  return ranges;
}
