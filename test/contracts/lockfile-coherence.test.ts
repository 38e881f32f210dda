/**
 * lockfile-sync on a lockfile that changed alone: a package manager's update inside the
 * manifest's ranges (a dependabot bump) passes; a hand edit (a version typed over its old hash,
 * a version no range allows, an entry nothing requires, text that does not parse) is forbidden.
 */
import { describe, expect, it } from 'vitest';
import { checkContracts } from '../../src/api/index.js';
import { satisfies, tarballVersion } from '../../src/contracts/lockfiles/semver.js';
import { makeRepo, writeTree } from '../helpers/repo.js';

const integrity = (seed: string) => `sha512-${Buffer.from(seed.repeat(20)).toString('base64')}`;

const npmLock = (prettier: string, extra: Record<string, unknown> = {}, resolvedVersion = prettier) =>
  `${JSON.stringify(
    {
      name: 'cli',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'cli', version: '1.0.0', devDependencies: { prettier: '^3.2.5' } },
        'node_modules/prettier': {
          version: prettier,
          resolved: `https://registry.npmjs.org/prettier/-/prettier-${resolvedVersion}.tgz`,
          integrity: integrity(resolvedVersion),
          dev: true,
        },
        ...extra,
      },
    },
    null,
    2,
  )}\n`;

const npmProject = () =>
  makeRepo({
    'package.json': JSON.stringify({
      name: 'cli',
      version: '1.0.0',
      devDependencies: { prettier: '^3.2.5' },
    }),
    'package-lock.json': npmLock('3.7.4'),
    'index.js': 'export const x = 1;\n',
  });

async function lockFindings(root: string): Promise<string[]> {
  const report = await checkContracts(root);
  return report.findings
    .filter((finding) => finding.ruleId === 'lockfile-sync')
    .map((finding) => `${finding.severity} ${finding.message}`);
}

describe('lockfile-sync: an update or a hand edit', () => {
  it('package-lock.json: a bot bump inside the range passes; a version typed over its old URL and hash does not', async () => {
    const root = npmProject();
    writeTree(root, { 'package-lock.json': npmLock('3.8.1') });
    expect(await lockFindings(root)).toEqual([]);
    writeTree(root, {
      'package-lock.json': npmLock('3.7.4').replace('"version": "3.7.4"', '"version": "3.7.5"'),
    });
    const [finding, ...rest] = await lockFindings(root);
    expect(rest).toEqual([]);
    expect(finding).toContain('forbidden package-lock.json changed but its entries no longer agree');
    expect(finding).toContain(
      'node_modules/prettier is locked at 3.7.5 but its resolved URL is the tarball of 3.7.4',
    );
    expect(finding).toContain('moved from 3.7.4 to 3.7.5 but kept its resolved and integrity');
  });

  it('package-lock.json: a version no range allows, an entry nothing requires, a copy of the manifest that differs, broken JSON', async () => {
    const root = npmProject();
    writeTree(root, { 'package-lock.json': npmLock('2.8.8') });
    expect((await lockFindings(root)).join('\n')).toContain(
      'the root requires prettier@^3.2.5 but node_modules/prettier is locked at 2.8.8',
    );
    const extraneous = {
      'node_modules/fancy-proxy-addr': {
        version: '1.0.0',
        resolved: 'https://registry.npmjs.org/fancy-proxy-addr/-/fancy-proxy-addr-1.0.0.tgz',
        integrity: integrity('x'),
      },
    };
    writeTree(root, { 'package-lock.json': npmLock('3.7.4', extraneous) });
    expect((await lockFindings(root)).join('\n')).toContain(
      'node_modules/fancy-proxy-addr is locked but nothing in the lockfile requires it',
    );
    writeTree(root, { 'package-lock.json': npmLock('3.7.4').replace('"^3.2.5"', '"^3.0.0"') });
    expect((await lockFindings(root)).join('\n')).toContain(
      'packages[""].devDependencies does not match package.json',
    );
    writeTree(root, { 'package-lock.json': npmLock('3.7.4').replace('"dev": true', '"dev": true,,') });
    expect((await lockFindings(root)).join('\n')).toContain('is not a valid npm lockfile');
  });

  it('Cargo.lock: a new checksum with the new version passes; a version edited under the old checksum does not', async () => {
    const lock = (version: string, checksum: string) =>
      `version = 4\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = [\n "memchr",\n]\n\n[[package]]\nname = "memchr"\nversion = "${version}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${checksum}"\n`;
    const root = makeRepo({
      'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\nmemchr = "2"\n',
      'Cargo.lock': lock('2.7.4', 'a'.repeat(64)),
      'src/main.rs': 'fn main() {}\n',
    });
    writeTree(root, { 'Cargo.lock': lock('2.7.5', 'b'.repeat(64)) });
    expect(await lockFindings(root)).toEqual([]);
    writeTree(root, { 'Cargo.lock': lock('2.7.5', 'a'.repeat(64)) });
    expect((await lockFindings(root)).join('\n')).toContain('memchr 2.7.5 carries the hash of memchr 2.7.4');
  });

  it('uv.lock: a file of another version under a bumped version is a hand edit', async () => {
    const lock = (version: string, file: string, hash: string) =>
      `version = 1\n\n[[package]]\nname = "click"\nversion = "${version}"\nsource = { registry = "https://pypi.org/simple" }\nsdist = { url = "https://files.example/click-${file}.tar.gz", hash = "sha256:${hash}" }\n`;
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "tool"\nversion = "1"\ndependencies = ["click>=8"]\n',
      'uv.lock': lock('8.1.7', '8.1.7', '1'.repeat(64)),
    });
    writeTree(root, { 'uv.lock': lock('8.1.8', '8.1.8', '2'.repeat(64)) });
    expect(await lockFindings(root)).toEqual([]);
    writeTree(root, { 'uv.lock': lock('8.1.8', '8.1.7', '1'.repeat(64)) });
    const found = (await lockFindings(root)).join('\n');
    expect(found).toContain('click 8.1.8 carries the hash of click 8.1.7');
    expect(found).toContain('click 8.1.8 lists click-8.1.7.tar.gz, a file of another version');
  });

  it('go.sum: lines go mod tidy writes pass; a version typed over a hash does not', async () => {
    const hash = (seed: string) => `h1:${seed.repeat(43)}=`;
    const root = makeRepo({
      'go.mod': 'module example.com/x\n\ngo 1.22\n\nrequire github.com/a/b v1.0.0\n',
      'go.sum': `github.com/a/b v1.0.0 ${hash('a')}\ngithub.com/a/b v1.0.0/go.mod ${hash('b')}\n`,
      'main.go': 'package main\n',
    });
    writeTree(root, {
      'go.sum': `github.com/a/b v1.0.0 ${hash('a')}\ngithub.com/a/b v1.0.0/go.mod ${hash('b')}\ngithub.com/c/d v0.2.0/go.mod ${hash('c')}\ngithub.com/c/d v0.3.0/go.mod ${hash('c')}\n`,
    });
    expect(await lockFindings(root)).toEqual([]);
    writeTree(root, {
      'go.sum': `github.com/a/b v1.0.1 ${hash('a')}\ngithub.com/a/b v1.0.0/go.mod ${hash('b')}\n`,
    });
    const found = (await lockFindings(root)).join('\n');
    expect(found).toContain('github.com/a/b v1.0.1 has a hash but no go.mod hash');
    expect(found).toContain('github.com/a/b v1.0.1 carries the hash of github.com/a/b v1.0.0');
  });

  it('yarn.lock and pnpm-lock.yaml: an update inside the range passes; a version the range or the packages do not hold does not', async () => {
    const yarn = (version: string) =>
      `# yarn lockfile v1\n\n\nms@^2.1.0:\n  version "${version}"\n  resolved "https://registry.yarnpkg.com/ms/-/ms-${version}.tgz#abc"\n  integrity ${integrity(version)}\n`;
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'a', version: '1.0.0', dependencies: { ms: '^2.1.0' } }),
      'yarn.lock': yarn('2.1.2'),
    });
    writeTree(root, { 'yarn.lock': yarn('2.1.3') });
    expect(await lockFindings(root)).toEqual([]);
    writeTree(root, { 'yarn.lock': yarn('3.0.0') });
    expect((await lockFindings(root)).join('\n')).toContain(
      'ms@^2.1.0 is locked at 3.0.0, which that range does not allow',
    );

    const pnpm = (version: string, held: string) =>
      `lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      ms:\n        specifier: ^2.1.0\n        version: ${version}\n\npackages:\n\n  ms@${held}:\n    resolution: {integrity: ${integrity(held)}}\n\nsnapshots:\n\n  ms@${held}: {}\n`;
    const workspace = makeRepo({
      'package.json': JSON.stringify({ name: 'a', version: '1.0.0', dependencies: { ms: '^2.1.0' } }),
      'pnpm-lock.yaml': pnpm('2.1.2', '2.1.2'),
    });
    writeTree(workspace, { 'pnpm-lock.yaml': pnpm('2.1.3', '2.1.3') });
    expect(await lockFindings(workspace)).toEqual([]);
    writeTree(workspace, { 'pnpm-lock.yaml': pnpm('2.1.3', '2.1.2') });
    expect((await lockFindings(workspace)).join('\n')).toContain(
      'importers["."] ms is locked at 2.1.3, which no entry of packages holds',
    );
  });

  it('a lockfile format no checker reads still may not change without its manifest', async () => {
    const root = makeRepo({ Pipfile: '[packages]\nrequests = "*"\n', 'Pipfile.lock': '{"default": {}}\n' });
    writeTree(root, { 'Pipfile.lock': '{"default": {"requests": {"version": "==2.0.0"}}}\n' });
    expect((await lockFindings(root)).join('\n')).toContain('none of the manifests it locks did (Pipfile)');
  });
});

describe('semver ranges as package managers write them', () => {
  it.each([
    ['3.8.1', '^3.2.5', true],
    ['4.0.0', '^3.2.5', false],
    ['0.2.9', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['2.5.0', '>=1.0.0 <3', true],
    ['3.0.0', '>=1.0.0 <3', false],
    ['2.0.0', '1.x || 2', true],
    ['1.5.0', '1.2.3 - 1.6', true],
    ['1.7.0', '1.2.3 - 1.6', false],
    ['1.0.2', 'npm:other@^1.0.0', true],
    ['9.9.9', '*', true],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('what it cannot read is unknowable, not refused', () => {
    expect(satisfies('1.0.0', 'github:user/repo')).toBeUndefined();
    expect(satisfies('1.0.0', 'workspace:*')).toBeUndefined();
    expect(satisfies('1.3.0', '1.2', { cargo: true })).toBe(true);
  });

  it.each([
    ['https://registry.npmjs.org/prettier/-/prettier-3.2.5.tgz', '3.2.5'],
    ['https://registry.npmjs.org/@scope/a-b/-/a-b-1.0.0-rc.1.tgz', '1.0.0-rc.1'],
    ['https://registry.yarnpkg.com/ms/-/ms-2.1.3.tgz#d5d7d1b3', '2.1.3'],
    ['https://npm.example.com/ms/-/ms-2.1.3.tgz?token=x', '2.1.3'],
    ['https://codeload.github.com/user/repo/tar.gz/abc', undefined],
    ['https://registry.npmjs.org/ms/-/ms-latest.tgz', undefined],
  ])('the tarball %s names version %s', (url, version) => {
    expect(tarballVersion(url)).toBe(version);
  });
});
