import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage } from '../../src/context/build.js';
import { workingTreeState } from '../../src/shared/worktree-hash.js';
import { commitAll, git, makeRepo, writeTree } from '../helpers/repo.js';

describe('working-tree hash', () => {
  it('changes with staged, unstaged and untracked edits, and back when they are undone', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n', 'README.md': '# x\n' });
    const clean = await workingTreeState(root);
    expect(clean.changed).toEqual([]);
    writeTree(root, { 'src/a.ts': 'export const a = 2;\n' });
    const unstaged = await workingTreeState(root);
    expect(unstaged.hash).not.toBe(clean.hash);
    git(root, 'add', 'src/a.ts');
    expect((await workingTreeState(root)).hash).toBe(unstaged.hash);
    writeTree(root, { 'src/new.ts': 'export {};\n' });
    const untracked = await workingTreeState(root);
    expect(untracked.changed).toEqual(['src/a.ts', 'src/new.ts']);
    git(root, 'checkout', 'HEAD', '--', 'src/a.ts');
    git(root, 'clean', '-fdq');
    expect((await workingTreeState(root)).hash).toBe(clean.hash);
    commitAll(root, 'empty');
    expect((await workingTreeState(root)).hash).not.toBe(clean.hash);
  });

  it('ignores the tool’s own outputs: .agent-context/ and the managed block of AGENTS.md', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n', 'AGENTS.md': '# Rules\n\nBe careful.\n' });
    const before = await workingTreeState(root);
    await buildContextPackage(root);
    const after = await workingTreeState(root);
    expect(after.hash).toBe(before.hash);
    writeFileSync(join(root, 'AGENTS.md'), '# Rules\n\nBe very careful.\n');
    expect((await workingTreeState(root)).changed).toEqual(['AGENTS.md']);

    const fresh = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const untouched = await workingTreeState(fresh);
    await buildContextPackage(fresh);
    expect((await workingTreeState(fresh)).hash).toBe(untouched.hash);
  });

  it('says clearly when the directory is not a git work tree', async () => {
    const { makeTempDir } = await import('../helpers/repo.js');
    await expect(workingTreeState(makeTempDir())).rejects.toMatchObject({ code: 'GIT' });
  });
});
