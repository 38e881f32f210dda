/**
 * The working-tree hash: one value that changes whenever the code an agent could have edited
 * changes — HEAD, staged and unstaged edits, untracked files — and does not change when this tool
 * writes its own outputs (`.agent-context/`, the managed block of AGENTS.md). Evidence recorded on
 * one hash is current only while the tree still has that hash.
 *
 * Cheap: `git status` names the few files that differ from HEAD; only those are read.
 */
import { promises as fsp } from 'node:fs';
import { OcppError } from './errors.js';
import { readTextIfExists } from './fs.js';
import { runGit } from './git.js';
import { sha256 } from './hash.js';
import { CONTEXT_DIR } from './layout.js';
import { withoutManagedBlock } from './managed-block.js';
import { absolutePath } from './path.js';

export interface WorkingTreeState {
  hash: string;
  head: string | null;
  /** Files that differ from HEAD (modified, added, deleted, untracked), our outputs excluded. */
  changed: string[];
}

export async function workingTreeState(root: string, agentsFile = 'AGENTS.md'): Promise<WorkingTreeState> {
  const head = await runGit(['rev-parse', '--verify', '-q', 'HEAD'], root);
  const status = await runGit(
    ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'],
    root,
  );
  if (status.exitCode !== 0) {
    throw new OcppError('GIT', `not a git work tree: ${root}`, {
      hint: 'evidence is tied to a git working tree; run `git init` first',
    });
  }
  const listed = parseStatus(status.stdout).filter((path) => !isOwnOutput(path));
  const changed: string[] = [];
  for (const path of listed) {
    if (path === agentsFile && (await onlyManagedBlockChanged(root, path))) continue;
    changed.push(path);
  }
  const entries: string[] = [`HEAD ${head.exitCode === 0 ? head.stdout.trim() : 'none'}`];
  for (const path of changed) entries.push(`${path}\0${await contentHash(root, path, agentsFile)}`);
  return { hash: sha256(entries.join('\n')), head: head.exitCode === 0 ? head.stdout.trim() : null, changed };
}

export async function workingTreeHash(root: string, agentsFile = 'AGENTS.md'): Promise<string> {
  return (await workingTreeState(root, agentsFile)).hash;
}

function parseStatus(output: string): string[] {
  const paths = new Set<string>();
  for (const entry of output.split('\0')) {
    if (entry.length < 4) continue;
    paths.add(entry.slice(3));
  }
  return [...paths].sort();
}

function isOwnOutput(path: string): boolean {
  return path === CONTEXT_DIR || path.startsWith(`${CONTEXT_DIR}/`);
}

/** The agents file differs from HEAD only inside our managed block (or we created it with nothing else in it). */
async function onlyManagedBlockChanged(root: string, path: string): Promise<boolean> {
  const current = await readTextIfExists(absolutePath(root, path));
  if (current === undefined) return false;
  const committed = await runGit(['show', `HEAD:${path}`], root);
  const before = committed.exitCode === 0 ? committed.stdout : '';
  return withoutManagedBlock(current).trim() === withoutManagedBlock(before).trim();
}

async function contentHash(root: string, path: string, agentsFile: string): Promise<string> {
  try {
    const bytes = await fsp.readFile(absolutePath(root, path));
    return path === agentsFile ? sha256(withoutManagedBlock(bytes.toString('utf8'))) : sha256(bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? 'deleted'
      : code === 'EISDIR'
        ? 'directory'
        : `unreadable:${code ?? 'unknown'}`;
  }
}
