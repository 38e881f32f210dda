import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { git, makeRepo, makeTempDir } from '../helpers/repo.js';

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');
const json = (root: string, path: string) => JSON.parse(read(root, path));

describe('what the build says is true', () => {
  it('does not ask a project whose .npmrc turns lockfiles off to commit one', () => {
    const manifest = JSON.stringify({ name: 'nolock', scripts: { test: 'node --test' } });
    const optedOut = makeRepo({
      'package.json': manifest,
      '.npmrc': 'save=false\npackage-lock=false\n',
      'index.js': 'module.exports = 1\n',
    });
    const plain = makeRepo({ 'package.json': manifest, 'index.js': 'module.exports = 1\n' });
    for (const root of [optedOut, plain]) expect(runCli(['build', root], root).code).toBe(0);
    const lockfile = (root: string) =>
      json(root, '.agent-context/readiness.json').checks.find(
        (check: { id: string }) => check.id === 'lockfile',
      );
    expect(lockfile(optedOut)).toMatchObject({
      ok: true,
      message: 'lockfiles turned off on purpose (.npmrc:2: package-lock=false)',
    });
    expect(lockfile(plain)).toMatchObject({
      ok: false,
      fix: 'commit the lockfile so installs are reproducible',
    });
  });

  it('an empty directory builds without a savings ratio it cannot have', () => {
    const root = makeTempDir();
    const built = runCli(['build', root], root);
    expect(built.code).toBe(0);
    expect(built.stdout).not.toMatch(/× less/);
    expect(built.stdout).toContain('nothing indexed, so no saving to report');
    expect(read(root, '.agent-context/summary.md')).not.toMatch(/× less/);
  });

  it('names every skipped file with its reason, in the build line, project.json, summary.md and explain, also after an update', () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'skips', type: 'module' }),
      'lib/a.ts': 'export const a = 1;\n',
      'lib/blob.ts': Buffer.from([0x61, 0x00, 0x62]),
      'lib/huge.js': `${'let x = 1;\n'.repeat(120_000)}`,
      'lib/bundle.js': 'var a=1;'.repeat(3000),
    });
    symlinkSync('nowhere.ts', join(root, 'lib/broken.ts'));
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'link');
    const built = runCli(['build', root], root);
    expect(built.code).toBe(0);
    expect(built.stdout).toContain('4 skipped (each with its reason in .agent-context/summary.md)');
    const expected = [
      { path: 'lib/blob.ts', reason: 'binary' },
      { path: 'lib/broken.ts', reason: 'unreadable', detail: 'broken symlink (ENOENT)' },
      { path: 'lib/bundle.js', reason: 'minified' },
      { path: 'lib/huge.js', reason: 'too-large', detail: '1320000 bytes > limit 1048576' },
    ];
    const project = json(root, '.agent-context/project.json');
    expect(project.skipped).toEqual(expected);
    expect(project.counts.listed).toBe(
      project.counts.indexed + project.counts.skipped + project.counts.notIndexed,
    );
    expect(read(root, '.agent-context/summary.md')).toContain(
      '| `lib/huge.js` | too-large | 1320000 bytes > limit 1048576 |',
    );
    const explained = runCli(['explain', 'lib/huge.js', root], root);
    expect(explained.code).toBe(2);
    expect(explained.stderr).toContain('skipped (too-large: 1320000 bytes > limit 1048576)');
    expect(explained.stderr).not.toContain('run update');
    writeFileSync(join(root, 'lib/a.ts'), 'export const a = 2;\n');
    expect(runCli(['update', root], root).code).toBe(0);
    expect(json(root, '.agent-context/project.json').skipped).toEqual(expected);
  });
});
