/**
 * A fresh copy of a task's repository for one run: cloned (a git folder or URL, checked out at
 * the task's ref) or copied (a plain folder), always a git repository with one baseline commit, so
 * the orchestrator's worktree sandbox works and the run's own changes are one `git diff` away.
 * The suite file and its checks live outside the copy: the agent never sees them.
 */
import { OcppError } from '../../shared/errors.js';
import { copyTree, ensureDirectory, existingDirectory, pathExists } from '../../shared/fs.js';
import { gitTopLevel } from '../../shared/git.js';
import { joinPath, resolveAbsolute } from '../../shared/path.js';
import { runProcess } from '../../shared/spawn.js';
import type { BenchmarkTask } from './suite.js';

/** The identity of the baseline commit: fixed, so two runs of a task start from the same commit. */
const BASELINE_ENV = {
  GIT_AUTHOR_NAME: 'opencode-plusplus benchmark',
  GIT_AUTHOR_EMAIL: 'benchmark@opencode-plusplus.invalid',
  GIT_COMMITTER_NAME: 'opencode-plusplus benchmark',
  GIT_COMMITTER_EMAIL: 'benchmark@opencode-plusplus.invalid',
  GIT_AUTHOR_DATE: '2000-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2000-01-01T00:00:00Z',
  GIT_TERMINAL_PROMPT: '0',
  LC_ALL: 'C',
};

/** Never copied from a plain folder: machine-local state that would leak an earlier run into this one. */
const NOT_COPIED = new Set(['.git', '.agent-context', 'node_modules']);

/** Makes `<destination>` a fresh git repository holding the task's starting tree; returns its baseline commit. */
export async function prepareWorkspace(task: BenchmarkTask, destination: string): Promise<string> {
  if (await pathExists(destination))
    throw new OcppError('STATE_CONFLICT', `the workspace ${destination} already exists`);
  if (task.repoKind === 'git-url' || (await isRepositoryRoot(task.repo))) await cloneAt(task, destination);
  else await copyPlainFolder(task, destination);
  return (await gitIn(destination, ['rev-parse', 'HEAD'])).trim();
}

async function isRepositoryRoot(folder: string): Promise<boolean> {
  const root = await existingDirectory(folder).catch(() => {
    throw new OcppError('NOT_FOUND', `the task's repository folder ${folder} does not exist`);
  });
  const top = await gitTopLevel(root);
  return top !== undefined && resolveAbsolute(top) === root;
}

async function cloneAt(task: BenchmarkTask, destination: string): Promise<void> {
  await gitIn(resolveAbsolute(destination, '..'), [
    'clone',
    '--quiet',
    '--no-hardlinks',
    task.repo,
    destination,
  ]);
  if (task.ref) await gitIn(destination, ['checkout', '--quiet', '--detach', task.ref]);
}

async function copyPlainFolder(task: BenchmarkTask, destination: string): Promise<void> {
  if (task.ref)
    throw new OcppError(
      'INPUT_INVALID',
      `task "${task.id}" names ref ${task.ref}, but ${task.repo} is not a git repository`,
      {
        hint: 'drop "ref" or point "repo" at the root of a git repository',
      },
    );
  await copyTree(task.repo, destination, (name) => NOT_COPIED.has(name));
  await gitIn(destination, ['init', '--quiet', '--initial-branch=main']);
  await commitAll(destination, 'benchmark baseline');
}

/** Commits everything in the tree (with the benchmark's fixed identity); returns the new commit. */
export async function commitAll(directory: string, message: string): Promise<string> {
  await gitIn(directory, ['add', '--all']);
  await gitIn(directory, ['commit', '--quiet', '--no-verify', '--allow-empty', '-m', message]);
  return (await gitIn(directory, ['rev-parse', 'HEAD'])).trim();
}

async function gitIn(cwd: string, args: string[]): Promise<string> {
  await ensureDirectory(cwd);
  const result = await runProcess('git', args, { cwd, env: { ...process.env, ...BASELINE_ENV } });
  if (result.exitCode !== 0)
    throw new OcppError(
      'GIT',
      `git ${args.join(' ')} failed: ${result.stderr.trim() || `exit ${result.exitCode}`}`,
    );
  return result.stdout;
}

/** What the run changed against the baseline, tracked or not: the patch a reviewer would read. */
export async function workspaceDiff(
  directory: string,
  baseline: string,
): Promise<{ files: string[]; patch: string }> {
  await gitIn(directory, ['add', '--all', '--intent-to-add']);
  const names = await gitIn(directory, ['diff', '--name-only', baseline, '--', '.', ':!.agent-context']);
  const patch = await gitIn(directory, ['diff', '--binary', baseline, '--', '.', ':!.agent-context']);
  return { files: names.split('\n').filter(Boolean).sort(), patch };
}

export function workspacePath(root: string, taskId: string, mode: string): string {
  return joinPath(root, `${taskId}--${mode}`);
}
