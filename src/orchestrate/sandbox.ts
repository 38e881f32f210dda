/**
 * The git-worktree sandbox: the executor works in `.agent-context/worktrees/<run-id>/`, detached
 * at the commit the run started from, so the user's tree is untouched until `--apply`. The
 * change is always read back as a patch against that commit (our own outputs excluded), which
 * is also what recreates a lost sandbox on resume.
 */
import { OcppError } from '../shared/errors.js';
import { ensureDirectory, pathExists, readTextIfExists, removePath } from '../shared/fs.js';
import { git, headCommit, runGit } from '../shared/git.js';
import { CONTEXT_DIR } from '../shared/layout.js';
import { absolutePath, parentDirectory } from '../shared/path.js';
import { runProcess } from '../shared/spawn.js';
import { workingTreeState } from '../shared/worktree-hash.js';
import { sandboxPath } from './paths.js';

/** Creates the worktree at the current HEAD; a repository without commits cannot have one. */
export async function createSandbox(
  home: string,
  runId: string,
): Promise<{ path: string; baseCommit: string }> {
  const baseCommit = await headCommit(home);
  if (!baseCommit)
    throw new OcppError('GIT', 'the repository has no commit to start a sandbox from', {
      hint: 'commit first, or run with --checkpoint none to let the executor work in this tree',
    });
  const path = sandboxPath(runId);
  const target = absolutePath(home, path);
  if (await pathExists(target)) await discardSandbox(home, runId);
  await git(['worktree', 'add', '--detach', '--quiet', target, baseCommit], home);
  return { path, baseCommit };
}

/** Recreates a lost sandbox and replays the last persisted patch onto it. */
export async function restoreSandbox(
  home: string,
  runId: string,
  baseCommit: string,
  patch: string | undefined,
) {
  const path = sandboxPath(runId);
  const target = absolutePath(home, path);
  await runGit(['worktree', 'prune'], home);
  await git(['worktree', 'add', '--detach', '--quiet', '--force', target, baseCommit], home);
  if (patch) await applyPatch(target, patch);
  return { path, baseCommit };
}

/** Puts the sandbox back to the base commit plus `patch` (rollback of one iteration). */
export async function resetSandbox(
  work: string,
  baseCommit: string,
  patch: string | undefined,
): Promise<void> {
  await git(['reset', '--hard', '--quiet', baseCommit], work);
  await git(['clean', '-fdq', '-e', CONTEXT_DIR], work);
  if (patch) await applyPatch(work, patch);
}

export async function discardSandbox(home: string, runId: string): Promise<void> {
  const target = absolutePath(home, sandboxPath(runId));
  await runGit(['worktree', 'remove', '--force', target], home);
  await removePath(target);
  await runGit(['worktree', 'prune'], home);
}

export async function applyPatch(root: string, patch: string): Promise<void> {
  if (!patch.trim()) return;
  const result = await runGit(['apply', '--binary', '--whitespace=nowarn', '-'], root, patch);
  if (result.exitCode !== 0)
    throw new OcppError('GIT', `the patch does not apply to ${root}: ${result.stderr.trim()}`, {
      hint: 'the tree changed since the run started; apply the patch by hand (git apply) after resolving',
    });
}

/**
 * The change of `work` against `base` as a binary patch: committed, staged, unstaged and
 * untracked edits, never `.agent-context/` nor an AGENTS.md whose only change is our block.
 */
export async function diffAgainst(
  work: string,
  base: string | null,
  agentsFile = 'AGENTS.md',
): Promise<string> {
  const state = await workingTreeState(work, agentsFile);
  const excluded = [`:(exclude)${CONTEXT_DIR}`];
  if (!state.changed.includes(agentsFile)) excluded.push(`:(exclude)${agentsFile}`);
  const index = absolutePath(work, `${CONTEXT_DIR}/cache/orchestrate.index`);
  await ensureDirectory(parentDirectory(index));
  await removePath(index);
  const env = { ...process.env, GIT_INDEX_FILE: index, LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0' };
  const run = async (args: string[]) => {
    const result = await runProcess('git', args, { cwd: work, env });
    if (result.exitCode !== 0)
      throw new OcppError('GIT', `git ${args.join(' ')} failed: ${result.stderr.trim()}`);
    return result.stdout;
  };
  const from = base ?? '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
  if (base) await run(['read-tree', base]);
  await run(['add', '-A', '--', '.', ...excluded]);
  const patch = await run([
    'diff',
    '--cached',
    '--binary',
    '--full-index',
    '--no-color',
    '--no-renames',
    from,
  ]);
  await removePath(index);
  return patch;
}

/** Files a patch touches, sorted. */
export function filesOfPatch(patch: string): string[] {
  const files = new Set<string>();
  for (const match of patch.matchAll(/^diff --git a\/(.+?) b\/(.+)$/gm)) files.add(match[2]!);
  return [...files].sort();
}

export async function readPatch(home: string, file: string | undefined): Promise<string | undefined> {
  return file ? readTextIfExists(absolutePath(home, file)) : undefined;
}
