/** Real repositories in temp dirs: a file tree, optionally a git repo with a first commit. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

export type FileTree = Record<string, string | Buffer>;

export interface RepoOptions {
  /** Make it a git repository. @default true */
  git?: boolean;
  /** Commit the files after writing them. @default true (when git) */
  commit?: boolean;
}

const created: string[] = [];

afterAll(() => {
  if (process.env.OCPP_KEEP_TMP) return;
  for (const directory of created.splice(0)) rmSync(directory, { recursive: true, force: true });
});

export function makeTempDir(prefix = 'ocpp-test-'): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  created.push(directory);
  return directory;
}

export function writeTree(root: string, files: FileTree): void {
  for (const [path, content] of Object.entries(files)) {
    const target = join(root, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

export function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    },
  });
}

export function makeRepo(files: FileTree, options: RepoOptions = {}): string {
  const root = makeTempDir();
  writeTree(root, files);
  if (options.git ?? true) {
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'config', 'commit.gpgsign', 'false');
    if (options.commit ?? true) {
      git(root, 'add', '-A');
      git(root, 'commit', '-q', '-m', 'initial', '--allow-empty');
    }
  }
  return root;
}

export function commitAll(root: string, message: string): void {
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', message, '--allow-empty');
}
