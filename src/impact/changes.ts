/**
 * `collectChanges()`: what changed against the base — committed since it, staged, unstaged and
 * untracked — from git, relative to the directory analysed. Never the tool's own outputs: nothing
 * under `.agent-context/` counts (contract edits are kept apart in `contractFiles`), nor an
 * AGENTS.md whose only change is the managed block.
 */
import type { ContentReader } from '../contracts/types.js';
import { OcppError } from '../shared/errors.js';
import { readTextIfExists } from '../shared/fs.js';
import { git, gitTopLevel, runGit } from '../shared/git.js';
import { layout } from '../shared/layout.js';
import { withoutManagedBlock } from '../shared/managed-block.js';
import { absolutePath } from '../shared/path.js';
import { type BaseInfo, type BaseOptions, EMPTY_TREE, resolveBase } from './base.js';

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'type-changed';

/** Where a change sits: already committed since the base, staged, unstaged, or untracked. */
export type ChangeOrigin = 'committed' | 'staged' | 'unstaged' | 'untracked';

/** One changed file: how it changed, by how much, and where the change sits. */
export interface ChangedFile {
  /** Path now (for deletions: the path that was removed). */
  path: string;
  status: ChangeStatus;
  /** For renames and copies: where it came from. */
  previousPath?: string;
  /** Rename or copy similarity, 0..100. */
  similarity?: number;
  binary: boolean;
  /** Lines added and removed (0 for binary files). */
  additions: number;
  deletions: number;
  origins: ChangeOrigin[];
}

/** What changed against a base: the files plus the state of the repository. */
export interface ChangeSet {
  base: BaseInfo;
  files: ChangedFile[];
  /** Contract files changed in the same diff (kept apart: `.agent-context/` is never a changed file). */
  contractFiles: ChangedFile[];
  /** Things the reader should know (shallow clone fallbacks, skipped paths). */
  notes: string[];
}

export interface ChangeOptions extends BaseOptions {
  /** The agents file whose managed block is ours. @default 'AGENTS.md' */
  agentsFile?: string;
}

export interface CollectedChanges {
  changes: ChangeSet;
  contents: ContentReader;
}

export async function collectChanges(root: string, options: ChangeOptions = {}): Promise<CollectedChanges> {
  if (!(await gitTopLevel(root))) throw notARepository(root);
  const { base, notes } = await resolveBase(root, options);
  const contents = gitContentReader(root, base.commit);
  const diffed = await diffAgainst(root, base.commit);
  const untracked = await untrackedFiles(root, contents);
  const origins = await originsOf(root, base.commit, base.head);
  const all = [...diffed, ...untracked].map((file) => ({
    ...file,
    origins: file.origins.length ? file.origins : origins(file.path),
  }));
  const files: ChangedFile[] = [];
  const contractFiles: ChangedFile[] = [];
  for (const file of all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    if (file.path.startsWith(`${layout.contracts}/`)) contractFiles.push(file);
    else if (file.path.startsWith(`${layout.dir}/`)) continue;
    else if (
      file.path === (options.agentsFile ?? 'AGENTS.md') &&
      (await onlyManagedBlockChanged(file, contents))
    ) {
      notes.push(
        `${file.path}: only the managed block changed (the tool's own output), so it is not counted`,
      );
    } else files.push(file);
  }
  return { changes: { base, files, contractFiles, notes }, contents };
}

function notARepository(root: string): OcppError {
  return new OcppError(
    'GIT',
    `${root} is not inside a git repository: there is no history to measure a change against`,
    {
      hint: 'run it in a git work tree (git init && git add -A && git commit), or use `validate-contracts`, which works without git',
    },
  );
}

const STATUS: Record<string, ChangeStatus> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  T: 'type-changed',
  U: 'modified',
};

async function diffAgainst(root: string, commit: string): Promise<ChangedFile[]> {
  const nameStatus = (
    await git(['diff', '--name-status', '-z', '-M', '--relative', commit, '--'], root)
  ).split('\0');
  const numbers = parseNumstat(
    await git(['diff', '--numstat', '-z', '-M', '--relative', commit, '--'], root),
  );
  const files: ChangedFile[] = [];
  for (let index = 0; index < nameStatus.length - 1; ) {
    const code = nameStatus[index]!;
    const status = STATUS[code[0]!] ?? 'modified';
    const moved = status === 'renamed' || status === 'copied';
    const path = nameStatus[index + (moved ? 2 : 1)]!;
    const file: ChangedFile = { path, status, binary: false, additions: 0, deletions: 0, origins: [] };
    if (moved) {
      file.previousPath = nameStatus[index + 1]!;
      file.similarity = Number(code.slice(1)) || 0;
    }
    Object.assign(file, numbers.get(path) ?? {});
    files.push(file);
    index += moved ? 3 : 2;
  }
  return files;
}

/** `--numstat -z`: `added\tdeleted\tpath\0`, or `added\tdeleted\t\0old\0new\0` for a rename; `-` for binary. */
function parseNumstat(output: string): Map<string, Pick<ChangedFile, 'binary' | 'additions' | 'deletions'>> {
  const tokens = output.split('\0');
  const result = new Map<string, Pick<ChangedFile, 'binary' | 'additions' | 'deletions'>>();
  for (let index = 0; index < tokens.length - 1; ) {
    const [added, deleted, path] = tokens[index]!.split('\t');
    const target = path ? path : tokens[index + 2]!;
    index += path ? 1 : 3;
    const binary = added === '-';
    result.set(target, {
      binary,
      additions: binary ? 0 : Number(added),
      deletions: binary ? 0 : Number(deleted),
    });
  }
  return result;
}

async function untrackedFiles(root: string, contents: ContentReader): Promise<ChangedFile[]> {
  const listed = (await git(['ls-files', '--others', '--exclude-standard', '-z'], root))
    .split('\0')
    .filter(Boolean);
  const files: ChangedFile[] = [];
  for (const path of listed) {
    const text = (await contents.after(path)) ?? '';
    const binary = text.slice(0, 8000).includes('\0');
    const lines = binary || text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    files.push({ path, status: 'added', binary, additions: lines, deletions: 0, origins: ['untracked'] });
  }
  return files;
}

/** Which of committed / staged / unstaged each tracked change comes from. */
async function originsOf(
  root: string,
  base: string,
  head: string | undefined,
): Promise<(path: string) => ChangeOrigin[]> {
  const names = async (args: string[]) =>
    new Set(
      (await runGit(['diff', '--name-only', '-z', '-M', '--relative', ...args, '--'], root)).stdout
        .split('\0')
        .filter(Boolean),
    );
  const committed = head && head !== base ? await names([base, head]) : new Set<string>();
  const staged = await names(['--cached', ...(head ? [] : [EMPTY_TREE])]);
  const unstaged = await names([]);
  return (path) => {
    const origins: ChangeOrigin[] = [];
    if (committed.has(path)) origins.push('committed');
    if (staged.has(path)) origins.push('staged');
    if (unstaged.has(path)) origins.push('unstaged');
    return origins;
  };
}

/** Contents at the base commit (through git) and in the working tree; cached. */
export function gitContentReader(root: string, commit: string): ContentReader {
  const cache = new Map<string, Promise<string | undefined>>();
  return {
    before(path) {
      const key = `before:${path}`;
      if (!cache.has(key)) {
        cache.set(
          key,
          commit === EMPTY_TREE
            ? Promise.resolve(undefined)
            : runGit(['show', `${commit}:./${path}`], root).then((result) =>
                result.exitCode === 0 ? result.stdout : undefined,
              ),
        );
      }
      return cache.get(key)!;
    },
    after(path) {
      const key = `after:${path}`;
      if (!cache.has(key))
        cache.set(
          key,
          readTextIfExists(absolutePath(root, path)).catch(() => undefined),
        );
      return cache.get(key)!;
    },
  };
}

async function onlyManagedBlockChanged(file: ChangedFile, contents: ContentReader): Promise<boolean> {
  const before = withoutManagedBlock((await contents.before(file.previousPath ?? file.path)) ?? '').trim();
  const after = withoutManagedBlock((await contents.after(file.path)) ?? '').trim();
  return before === after;
}
