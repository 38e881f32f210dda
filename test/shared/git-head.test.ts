import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headCommit } from '../../src/shared/git.js';
import { readHeadCommit } from '../../src/shared/git-head.js';
import { git, makeRepo, makeTempDir } from '../helpers/repo.js';

/** What git itself says HEAD is (undefined without a commit). */
function gitSays(directory: string): string | undefined {
  try {
    return git(directory, 'rev-parse', '--verify', '-q', 'HEAD').trim() || undefined;
  } catch {
    return undefined;
  }
}

function commitAnother(root: string, name: string): void {
  writeFileSync(join(root, name), `${name}\n`);
  git(root, 'add', name);
  git(root, 'commit', '-q', '-m', name);
}

describe('HEAD read from the repository files', () => {
  it('says what git says: a branch, a subfolder, packed refs, a detached HEAD, a linked worktree', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    commitAnother(root, 'b.txt');
    expect(await readHeadCommit(root)).toBe(gitSays(root));
    expect(await readHeadCommit(join(root, 'src'))).toBe(gitSays(root));
    git(root, 'pack-refs', '--all');
    expect(await readHeadCommit(root)).toBe(gitSays(root));
    commitAnother(root, 'c.txt'); // a loose ref again, newer than the packed one
    expect(await readHeadCommit(root)).toBe(gitSays(root));
    git(root, 'checkout', '-q', '--detach', 'HEAD~1');
    expect(await readHeadCommit(root)).toBe(gitSays(root));
    git(root, 'checkout', '-q', '-');
    const linked = join(makeTempDir(), 'linked');
    git(root, 'worktree', 'add', '-q', '-b', 'side', linked, 'HEAD~2');
    commitAnother(linked, 'd.txt');
    expect(await readHeadCommit(linked)).toBe(gitSays(linked));
    expect(await readHeadCommit(linked)).not.toBe(gitSays(root));
    expect(await readHeadCommit(root)).toBe(gitSays(root));
  });

  it('leaves to git what it cannot be sure of, and headCommit then asks git', async () => {
    const empty = makeRepo({ 'a.txt': 'a\n' }, { commit: false });
    expect(await readHeadCommit(empty)).toBeUndefined();
    expect(await headCommit(empty)).toBeUndefined();
    const plain = makeTempDir();
    expect(await readHeadCommit(plain)).toBeUndefined();
    // A HEAD naming something other than a branch (here a tag ref): git resolves it, the reader does not.
    const root = makeRepo({ 'a.txt': 'a\n' });
    git(root, 'tag', 'v1');
    git(root, 'symbolic-ref', 'HEAD', 'refs/tags/v1');
    expect(await readHeadCommit(root)).toBeUndefined();
    expect(await headCommit(root)).toBe(gitSays(root));
    const broken = makeTempDir();
    mkdirSync(join(broken, '.git'));
    writeFileSync(join(broken, '.git/HEAD'), 'ref: refs/heads/main\n');
    expect(await readHeadCommit(broken)).toBeUndefined();
  });
});
