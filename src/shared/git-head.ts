/**
 * HEAD's commit read from the repository's own files (`HEAD`, then the branch's loose ref or
 * `packed-refs`), as `git rev-parse HEAD` prints it, without starting git: a long-lived process
 * (the sidecar) asks after every edit, and a spawn costs it tens of milliseconds. Only the plain
 * layouts are read — a `.git` folder, or a `.git` file pointing at a linked worktree's folder with
 * its `commondir` — and anything else (a `GIT_DIR` or ceiling in the environment, reftable, a
 * folder owned by another user, a ref that is not a branch, a branch without a commit) answers
 * undefined, so the caller asks git itself.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** The environment that changes where git looks: then only git knows. */
const LOCATING_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_CEILING_DIRECTORIES'];

/** The commit HEAD names, or undefined when these files do not say for certain. */
export async function readHeadCommit(directory: string): Promise<string | undefined> {
  if (LOCATING_VARIABLES.some((name) => process.env[name] !== undefined)) return undefined;
  const dirs = await gitDirectories(resolve(directory));
  if (!dirs) return undefined;
  const config = await readOptional(join(dirs.common, 'config'));
  // Refs kept elsewhere than loose files and packed-refs (reftable) are git's to read.
  if (config === undefined || /refstorage/i.test(config)) return undefined;
  const head = (await readOptional(join(dirs.git, 'HEAD')))?.trim();
  if (head === undefined) return undefined;
  if (OBJECT_ID.test(head)) return head;
  const ref = /^ref: (refs\/heads\/\S+)$/.exec(head)?.[1];
  if (!ref || ref.split('/').some((part) => part === '..' || part === '.')) return undefined;
  const loose = (await readOptional(join(dirs.common, ref)))?.trim();
  if (loose !== undefined) return OBJECT_ID.test(loose) ? loose : undefined;
  return packedRef(await readOptional(join(dirs.common, 'packed-refs')), ref);
}

interface GitDirectories {
  /** The folder holding this work tree's HEAD. */
  git: string;
  /** The folder holding the branches (the same one, unless a linked worktree's). */
  common: string;
}

/** The `.git` of `directory` or the nearest folder above it that has one, as git finds it. */
async function gitDirectories(directory: string): Promise<GitDirectories | undefined> {
  for (let folder = directory; ; folder = dirname(folder)) {
    const dotGit = join(folder, '.git');
    const found = await stat(dotGit).catch(() => undefined);
    if (found) {
      // git refuses a repository another user owns unless told it is safe: let git decide.
      if (process.getuid && found.uid !== process.getuid()) return undefined;
      return found.isDirectory() ? { git: dotGit, common: dotGit } : linkedDirectories(dotGit);
    }
    if (dirname(folder) === folder) return undefined;
  }
}

/** A `.git` file (`gitdir: PATH`): the worktree's folder and, through its `commondir`, the shared one. */
async function linkedDirectories(dotGitFile: string): Promise<GitDirectories | undefined> {
  const pointer = /^gitdir: (.+)$/m.exec((await readOptional(dotGitFile)) ?? '')?.[1]?.trim();
  if (!pointer) return undefined;
  const git = isAbsolute(pointer) ? pointer : resolve(dirname(dotGitFile), pointer);
  const common = (await readOptional(join(git, 'commondir')))?.trim();
  return { git, common: common === undefined ? git : resolve(git, common) };
}

/** The object id `packed-refs` gives `ref` (peeled lines `^…` and comments skipped). */
function packedRef(packed: string | undefined, ref: string): string | undefined {
  for (const line of packed?.split('\n') ?? []) {
    const space = line.indexOf(' ');
    if (space > 0 && line.slice(space + 1).trimEnd() === ref) {
      const id = line.slice(0, space);
      return OBJECT_ID.test(id) ? id : undefined;
    }
  }
  return undefined;
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
