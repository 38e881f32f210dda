import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage } from '../../src/context/build.js';
import { runCli } from '../helpers/cli.js';
import { builtGraph, builtIndex } from '../helpers/context.js';
import { makeRepo, makeTempDir, writeTree } from '../helpers/repo.js';

const base = {
  'package.json': JSON.stringify({ name: 'edge', scripts: { test: 'node --test' } }),
  'src/index.ts': "import { a } from './a.js';\nexport const b = a + 1;\n",
  'src/a.ts': 'export const a = 1;\n',
};

const indexOf = builtIndex;

describe('bad input', () => {
  it('a malformed config is exit 2 naming the file, line and key; nothing is written', () => {
    const root = makeRepo({
      ...base,
      'opencode-plusplus.config.json': '{\n  "scan": {\n    "maxFileBytes": "big"\n  }\n}\n',
    });
    const result = runCli(['build', root], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('opencode-plusplus.config.json:3:');
    expect(result.stderr).toContain('scan.maxFileBytes');
    expect(existsSync(join(root, '.agent-context/manifest.json'))).toBe(false);

    writeTree(root, { 'opencode-plusplus.config.json': '{ "scna": {} }' });
    const unknown = runCli(['build', root, '--json'], root);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout).error).toMatchObject({ code: 'CONFIG_INVALID', key: 'scna', line: 1 });

    writeTree(root, { 'opencode-plusplus.config.json': '{ "scan": { ' });
    const broken = runCli(['build', root], root);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/opencode-plusplus\.config\.json:1:\d+: invalid JSON/);
  });

  it('indexes files with syntax errors as partial or failed without crashing', async () => {
    const root = makeRepo({
      ...base,
      'src/broken.ts': "import { a } from './a.js';\nexport function oops( {\n",
      'src/garbage.ts': '}}}{{{',
    });
    await buildContextPackage(root);
    const files = (await indexOf(root)).files;
    expect(files.find((file) => file.path === 'src/broken.ts')).toMatchObject({ confidence: 'partial' });
    expect(files.find((file) => file.path === 'src/garbage.ts')?.confidence).toBe('failed');
    const graph = await builtGraph(root);
    expect(
      graph.edges.some(
        (edge: { from: string; to: string }) => edge.from === 'src/broken.ts' && edge.to === 'src/a.ts',
      ),
    ).toBe(true);
  });

  it('skips binary, huge and minified files with a reason, and survives invalid UTF-8', async () => {
    const root = makeRepo({
      ...base,
      'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]),
      'data/blob.bin': Buffer.from([1, 2, 0, 4]),
      'src/huge.ts': `export const x = "${'a'.repeat(1100 * 1024)}";\n`,
      'vendor.min.js': `var a=1;${'function f(){return 1};'.repeat(200)}`,
      'src/latin1.ts': Buffer.concat([
        Buffer.from('export const name = "caf'),
        Buffer.from([0xe9]),
        Buffer.from('";\n'),
      ]),
    });
    await buildContextPackage(root);
    const manifest = JSON.parse(readFileSync(join(root, '.agent-context/manifest.json'), 'utf8'));
    expect(Object.keys(manifest.sources)).toContain('src/huge.ts');
    const files = (await indexOf(root)).files.map((file) => file.path);
    expect(files).not.toContain('src/huge.ts');
    expect(files).not.toContain('assets/logo.png');
    expect(files).not.toContain('data/blob.bin');
    expect(files).not.toContain('vendor.min.js');
    const latin1 = (await indexOf(root)).files.find((file) => file.path === 'src/latin1.ts')!;
    expect(latin1.confidence).toBe('partial');
    expect(JSON.stringify(latin1.diagnostics)).toContain('not valid UTF-8');
  });

  it('never follows a symlink out of the repository and survives a symlink loop', async () => {
    const outside = makeTempDir();
    writeFileSync(join(outside, 'secret.ts'), 'export const secret = 1;\n');
    const root = makeRepo(base, { commit: false });
    symlinkSync(join(outside, 'secret.ts'), join(root, 'src/leak.ts'));
    symlinkSync('loop-b', join(root, 'loop-a'));
    symlinkSync('loop-a', join(root, 'loop-b'));
    symlinkSync('a.ts', join(root, 'src/alias.ts'));
    const result = runCli(['build', root, '--json'], root);
    expect(result.code).toBe(0);
    const files = (await indexOf(root)).files.map((file) => file.path);
    expect(files).not.toContain('src/leak.ts');
    expect(files).not.toContain('loop-a');
    expect(JSON.stringify(await indexOf(root))).not.toContain('secret');
  });

  it('skips an unreadable file and still builds', async () => {
    if (process.getuid?.() === 0) return; // root reads everything: the case cannot be made here
    const root = makeRepo(base);
    writeTree(root, { 'src/locked.ts': 'export const locked = 1;\n' });
    chmodSync(join(root, 'src/locked.ts'), 0o000);
    await buildContextPackage(root);
    expect((await indexOf(root)).files.map((file) => file.path)).not.toContain('src/locked.ts');
  });

  it('works outside git (honouring nested .gitignore files), on an empty directory and with odd paths', async () => {
    const plain = makeTempDir();
    writeTree(plain, {
      ...base,
      '.gitignore': 'ignored/\n*.log\n',
      'ignored/x.ts': 'export const x = 1;\n',
      'debug.log': 'log',
      'pkg/.gitignore': 'local.ts\n!keep.log\n',
      'pkg/local.ts': 'export const local = 1;\n',
      'pkg/keep.log': 'kept',
      'pkg/mod.ts': 'export const mod = 1;\n',
      'node_modules/dep/index.js': 'module.exports = 1;\n',
      'with space/ünïcødé file.ts': "import { a } from '../src/a.js';\nexport const spaced = a;\n",
    });
    const result = await buildContextPackage(plain);
    expect(result.mode).toBe('cold');
    const manifest = JSON.parse(readFileSync(join(plain, '.agent-context/manifest.json'), 'utf8'));
    const sources = Object.keys(manifest.sources).sort();
    expect(sources).toEqual([
      '.gitignore',
      'AGENTS.md',
      'package.json',
      'pkg/.gitignore',
      'pkg/keep.log',
      'pkg/mod.ts',
      'src/a.ts',
      'src/index.ts',
      'with space/ünïcødé file.ts',
    ]);
    const graph = await builtGraph(plain);
    expect(graph.edges.map((edge: { from: string; to: string }) => `${edge.from}>${edge.to}`)).toContain(
      'with space/ünïcødé file.ts>src/a.ts',
    );

    const empty = makeTempDir();
    const emptyResult = runCli(['build', empty, '--json'], empty);
    expect(emptyResult.code).toBe(0);
    expect(JSON.parse(emptyResult.stdout).stats.files).toBe(0);
    const emptyRepo = makeRepo({});
    expect(runCli(['build', emptyRepo], emptyRepo).code).toBe(0);
  });

  it("in a folder of a git repository, lists git's files below it, relative to it (untracked ones too, ignored ones not)", async () => {
    const root = makeRepo({
      ...base,
      '.gitignore': '*.log\n',
      'packages/app/package.json': JSON.stringify({ name: 'app' }),
      'packages/app/src/main.ts': "import { util } from './util.js';\nexport const main = util;\n",
      'packages/app/src/util.ts': 'export const util = 1;\n',
      'packages/app/debug.log': 'ignored',
    });
    writeTree(root, { 'packages/app/src/new.ts': 'export const fresh = 1;\n' });
    const app = join(root, 'packages/app');
    await buildContextPackage(app);
    const manifest = JSON.parse(readFileSync(join(app, '.agent-context/manifest.json'), 'utf8'));
    expect(Object.keys(manifest.sources).sort()).toEqual([
      'AGENTS.md',
      'package.json',
      'src/main.ts',
      'src/new.ts',
      'src/util.ts',
    ]);
    const fresh = runCli(['freshness', app, '--json'], app);
    expect(JSON.parse(fresh.stdout).verdict).toBe('fresh');
  });

  it('a missing directory is a usage error', () => {
    const result = runCli(['build', '/definitely/not/here'], process.cwd());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('does not exist');
  });

  it('a build killed halfway leaves every file whole and the previous manifest in charge', async () => {
    const root = makeRepo(base);
    await buildContextPackage(root);
    const manifestBefore = readFileSync(join(root, '.agent-context/manifest.json'), 'utf8');
    writeTree(root, { 'src/new.ts': "import { a } from './a.js';\nexport const n = a;\n" });
    const { spawn } = await import('node:child_process');
    const { CLI_BIN } = await import('../helpers/cli.js');
    let killed = false;
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, [CLI_BIN, 'build', root, '--verbose'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (!killed && chunk.toString().includes('wrote .agent-context/')) {
          killed = true;
          child.kill('SIGKILL');
        }
      });
      child.on('close', () => resolve());
    });
    expect(killed).toBe(true);
    expect(readFileSync(join(root, '.agent-context/manifest.json'), 'utf8')).toBe(manifestBefore);
    for (const name of [
      'index/_head.json',
      'graph/_head.json',
      'ranking.json',
      'readiness.json',
      'savings.json',
    ]) {
      expect(() => JSON.parse(readFileSync(join(root, '.agent-context', name), 'utf8'))).not.toThrow();
    }
    const status = runCli(['status', root, '--json'], root);
    expect(JSON.parse(status.stdout)).toMatchObject({
      freshness: 'inconsistent',
      changes: { added: ['src/new.ts'] },
    });
    expect(runCli(['update', root], root).code).toBe(0);
    expect(JSON.parse(runCli(['status', root, '--json'], root).stdout).freshness).toBe('fresh');
  });

  it('two builds at once: one waits for the other; outputs are whole', async () => {
    const root = makeRepo(base);
    const { spawn } = await import('node:child_process');
    const { CLI_BIN } = await import('../helpers/cli.js');
    const run = () =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, [CLI_BIN, 'build', root, '--json'], { stdio: 'ignore' });
        child.on('close', (code) => resolve(code ?? -1));
      });
    const codes = await Promise.all([run(), run(), run()]);
    expect(codes).toEqual([0, 0, 0]);
    expect(() => JSON.parse(readFileSync(join(root, '.agent-context/manifest.json'), 'utf8'))).not.toThrow();
    expect(existsSync(join(root, '.agent-context/build.lock'))).toBe(false);
    mkdirSync(join(root, 'x'), { recursive: true });
  });
});
