import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { impact } from '../../src/api/index.js';
import { collectChanges } from '../../src/impact/index.js';
import { isOcppError } from '../../src/shared/errors.js';
import { MANAGED_BEGIN, MANAGED_END } from '../../src/shared/managed-block.js';
import { shopProject } from '../contracts/fixture.js';
import { runCliInProcess } from '../helpers/cli.js';
import { commitAll, git, makeRepo, makeTempDir, writeTree } from '../helpers/repo.js';

const summary = (
  files: Array<{ path: string; status: string; previousPath?: string; binary: boolean; origins: string[] }>,
) =>
  files.map(
    (file) =>
      `${file.status} ${file.previousPath ? `${file.previousPath} -> ` : ''}${file.path}${file.binary ? ' (binary)' : ''} [${file.origins.join(',')}]`,
  );

describe('changed files', () => {
  it('collects committed, staged, unstaged and untracked changes against the merge-base with main', async () => {
    const root = makeRepo(shopProject);
    git(root, 'checkout', '-q', '-b', 'feature');
    writeTree(root, { 'src/core/price.ts': 'export const price = (q: number) => q * 2;\n' });
    commitAll(root, 'feature work');
    writeTree(root, {
      'src/core/tax.ts':
        "import { price } from './price.js';\nexport const gross = (q: number) => price(q);\n",
    });
    git(root, 'add', 'src/core/tax.ts');
    writeTree(root, {
      'src/api/server.ts':
        "import { gross } from '../core/tax.js';\nexport const handler = () => gross(3);\n",
      'src/new.ts': 'export const n = 1;\n',
    });
    writeTree(root, { '.agent-context/verify.json': '{}', '.agent-context/contracts/x.json': '{}' });
    const { changes } = await collectChanges(root);
    expect(changes.base).toMatchObject({ ref: 'main', how: 'merge-base', detached: false, shallow: false });
    expect(summary(changes.files)).toEqual([
      'modified src/api/server.ts [unstaged]',
      'modified src/core/price.ts [committed]',
      'modified src/core/tax.ts [staged]',
      'added src/new.ts [untracked]',
    ]);
    expect(changes.files.find((file) => file.path === 'src/new.ts')).toMatchObject({
      additions: 1,
      deletions: 0,
    });
    expect(changes.contractFiles.map((file) => file.path)).toEqual(['.agent-context/contracts/x.json']);
  });

  it('follows renames across folders, reports binary and deleted files, and what imported the deleted file', async () => {
    const root = makeRepo({
      ...shopProject,
      'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]),
    });
    writeTree(root, { 'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 9, 9, 9]) });
    mkdirSync(join(root, 'src/pricing'));
    renameSync(join(root, 'src/core/price.ts'), join(root, 'src/pricing/price.ts'));
    writeTree(root, {
      'src/core/tax.ts':
        "import { price } from '../pricing/price.js';\nexport const gross = (q: number) => price(q) * 1.2;\n",
    });
    rmSync(join(root, 'src/api/server.ts'));
    git(root, 'add', '-A');
    const report = await impact(root);
    expect(summary(report.changed)).toEqual([
      'modified assets/logo.png (binary) [staged]',
      'deleted src/api/server.ts [staged]',
      'modified src/core/tax.ts [staged]',
      'renamed src/core/price.ts -> src/pricing/price.ts [staged]',
    ]);
    const affected = Object.fromEntries(
      report.affected.map((entry) => [entry.file, `${entry.reason}: ${entry.path.join(' -> ')}`]),
    );
    expect(affected['src/ui/view.ts']).toBe('imports-removed-file: src/ui/view.ts -> src/api/server.ts');
    expect(affected['test/ui/view.test.ts']).toBe(
      'imports-removed-file: test/ui/view.test.ts -> src/ui/view.ts -> src/api/server.ts',
    );
    expect(affected['test/core/price.test.ts']).toBe(
      'imports-removed-file: test/core/price.test.ts -> src/core/price.ts',
    );
  });

  it("ignores an AGENTS.md whose only change is the managed block, but not a person's edit", async () => {
    const agents = (block: string, user: string) =>
      `# Rules\n${user}\n${MANAGED_BEGIN}\n${block}\n${MANAGED_END}\n`;
    const root = makeRepo({ ...shopProject, 'AGENTS.md': agents('old', 'Be kind.') });
    writeTree(root, { 'AGENTS.md': agents('new generated text', 'Be kind.') });
    let { changes } = await collectChanges(root);
    expect(changes.files).toEqual([]);
    expect(changes.notes.join('\n')).toContain('only the managed block changed');
    writeTree(root, { 'AGENTS.md': agents('new generated text', 'Be kind and brief.') });
    ({ changes } = await collectChanges(root));
    expect(changes.files.map((file) => file.path)).toEqual(['AGENTS.md']);
  });

  it('works on a detached HEAD', async () => {
    const root = makeRepo(shopProject);
    git(root, 'checkout', '-q', '-b', 'feature');
    writeTree(root, { 'src/core/price.ts': 'export const price = (q: number) => q * 3;\n' });
    commitAll(root, 'feature');
    git(root, 'checkout', '-q', '--detach', 'HEAD');
    const report = await impact(root);
    expect(report.base).toMatchObject({ ref: 'main', how: 'merge-base', detached: true });
    expect(report.changed.map((file) => file.path)).toEqual(['src/core/price.ts']);
  });

  it('falls back to HEAD in a shallow clone whose history stops before the merge-base, and says so', async () => {
    const origin = makeRepo(shopProject);
    git(origin, 'checkout', '-q', '-b', 'feature');
    for (const n of [1, 2, 3]) {
      writeTree(origin, { 'src/core/price.ts': `export const price = (q: number) => q * ${n};\n` });
      commitAll(origin, `feature ${n}`);
    }
    const clone = join(makeTempDir(), 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', '--no-single-branch', `file://${origin}`, clone]);
    writeTree(clone, { 'src/core/tax.ts': 'export const gross = 1;\n' });
    const report = await impact(clone);
    expect(report.base).toMatchObject({ how: 'head', shallow: true });
    expect(report.notes.join('\n')).toContain(
      'shallow clone: the merge-base of origin/main and HEAD is not in the fetched history',
    );
    expect(report.changed.map((file) => file.path)).toEqual(['src/core/tax.ts']);
  });

  it('measures a repository without commits against the empty tree', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' }, { commit: false });
    const { changes } = await collectChanges(root);
    expect(changes.base.how).toBe('empty-tree');
    expect(summary(changes.files)).toEqual(['added src/a.ts [untracked]']);
  });

  it('says clearly when the directory is not a git repository or the base does not exist (exit 2)', async () => {
    const plain = makeRepo(shopProject, { git: false });
    const run = await runCliInProcess(['impact', plain, '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'GIT' });
    expect(run.stderr).toContain('is not inside a git repository');
    const root = makeRepo(shopProject);
    const missing = await runCliInProcess(['tests', root, '--base', 'no-such-branch']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('base ref "no-such-branch" does not exist');
    await expect(collectChanges(root, { base: '--output=/tmp/x' })).rejects.toSatisfy(isOcppError);
  });
});
