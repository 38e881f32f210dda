/**
 * Which commit a change is measured against. `--base REF` is compared from its merge-base with
 * HEAD (what the branch added, as `git diff REF...HEAD`); without one, the merge-base with the
 * first of `main`/`master` (local, then `origin/`) that exists; else HEAD; in a repository without
 * commits, the empty tree. Shallow clones whose history stops before the merge-base fall back to
 * HEAD and say so.
 */

import { OcppError } from '../shared/errors.js';
import { headCommit, runGit } from '../shared/git.js';

/** The object id of the empty tree (the same in every git repository using SHA-1). */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export interface BaseOptions {
  /** The ref given by the user (`--base`). */
  base?: string;
  /** Branches tried for the default base, in order. @default ['main', 'master'] */
  baseBranches?: readonly string[];
}

/** The commit a change is measured against, and how it was chosen. */
export interface BaseInfo {
  /** The ref asked for or chosen (`main`, `origin/main`, `HEAD`, or the empty tree). */
  ref: string;
  /** The commit compared against (for `merge-base`: the merge-base itself). */
  commit: string;
  /** How the base was chosen. */
  how: 'explicit' | 'merge-base' | 'head' | 'empty-tree';
  head?: string;
  detached: boolean;
  shallow: boolean;
}

export interface ResolvedBase {
  base: BaseInfo;
  notes: string[];
}

export async function resolveBase(root: string, options: BaseOptions = {}): Promise<ResolvedBase> {
  const head = await headCommit(root);
  const detached = (await runGit(['symbolic-ref', '-q', 'HEAD'], root)).exitCode !== 0;
  const shallow = (await gitOutput(root, ['rev-parse', '--is-shallow-repository'])) === 'true';
  const state = { detached, shallow, ...(head ? { head } : {}) };
  const notes: string[] = [];
  if (options.base !== undefined) {
    const commit = await commitOf(root, options.base);
    if (!commit) throw missingBase(options.base, shallow);
    const mergeBase = head ? await gitOutput(root, ['merge-base', commit, head]) : undefined;
    if (head && !mergeBase)
      notes.push(
        noMergeBase(
          options.base,
          shallow,
          `${options.base} itself (its own later commits count as changes too)`,
        ),
      );
    return { base: { ref: options.base, commit: mergeBase || commit, how: 'explicit', ...state }, notes };
  }
  if (!head) {
    notes.push('the repository has no commits yet: every file counts as added');
    return { base: { ref: 'empty tree', commit: EMPTY_TREE, how: 'empty-tree', ...state }, notes };
  }
  for (const ref of candidateRefs(options.baseBranches ?? ['main', 'master'])) {
    const commit = await commitOf(root, ref);
    if (!commit) continue;
    const mergeBase = await gitOutput(root, ['merge-base', commit, head]);
    if (mergeBase) return { base: { ref, commit: mergeBase, how: 'merge-base', ...state }, notes };
    notes.push(noMergeBase(ref, shallow, 'HEAD (uncommitted changes only)'));
    break;
  }
  return { base: { ref: 'HEAD', commit: head, how: 'head', ...state }, notes };
}

function candidateRefs(branches: readonly string[]): string[] {
  return [...branches, ...branches.map((branch) => `origin/${branch}`)];
}

async function commitOf(root: string, ref: string): Promise<string | undefined> {
  if (ref.startsWith('-')) return undefined;
  return gitOutput(root, ['rev-parse', '--verify', '-q', `${ref}^{commit}`]);
}

async function gitOutput(root: string, args: string[]): Promise<string | undefined> {
  const result = await runGit(args, root);
  const text = result.stdout.trim();
  return result.exitCode === 0 && text ? text : undefined;
}

function missingBase(ref: string, shallow: boolean): OcppError {
  return new OcppError('GIT', `base ref "${ref}" does not exist in this repository`, {
    key: 'base',
    hint: shallow
      ? `this is a shallow clone: fetch the ref first (git fetch --depth=50 origin ${ref}) or pass a ref that exists`
      : `check the name (git branch -a); for a remote branch, git fetch origin ${ref} first`,
  });
}

function noMergeBase(ref: string, shallow: boolean, fallback: string): string {
  const why = shallow
    ? `shallow clone: the merge-base of ${ref} and HEAD is not in the fetched history`
    : `${ref} and HEAD share no history`;
  const more = shallow
    ? '; fetch more history (git fetch --deepen=100, or --unshallow) to measure the whole branch'
    : '';
  return `${why}, so the change is measured against ${fallback}${more}`;
}
