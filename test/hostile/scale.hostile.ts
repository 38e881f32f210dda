/**
 * Scale and determinism: a 24,000-file fuzzed tree builds with no crash and a peak memory under
 * 1.5 GB; two clones of one repository in different folders give byte-identical outputs.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINE_LOCAL } from '../../src/shared/layout.js';
import { CLI_BIN } from '../helpers/cli.js';
import { builtIndexText } from '../helpers/context.js';
import { git, makeTempDir } from '../helpers/repo.js';
import { writeFuzzedTree } from './fuzzed-tree.js';

const PEAK_LIMIT_KB = 1.5 * 1024 * 1024;

/** The built CLI in a child process, with its peak resident memory (worker threads included). */
function measuredRun(
  args: string[],
  cwd: string,
): { code: number | null; stderr: string; peakKb: number; ms: number } {
  const report = join(makeTempDir('ocpp-rss-'), 'peak');
  const preload = join(makeTempDir('ocpp-preload-'), 'peak.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(report)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--require', preload, CLI_BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    code: run.status,
    stderr: run.stderr,
    peakKb: Number(readFileSync(report, 'utf8')),
    ms: Date.now() - started,
  };
}

function fuzzedRepository(count: number): string {
  const root = makeTempDir('ocpp-fuzzed-');
  writeFuzzedTree(root, count);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'commit.gpgsign', 'false');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'fuzzed');
  return root;
}

/** Every output file (relative path -> bytes), machine-local caches left out. */
function outputs(root: string): Map<string, Buffer> {
  const local = MACHINE_LOCAL.filter((entry) => entry.endsWith('/')).map(
    (entry) => `.agent-context/${entry}`,
  );
  const files = new Map<string, Buffer>([['AGENTS.md', readFileSync(join(root, 'AGENTS.md'))]]);
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
      const path = `${relative}/${entry.name}`;
      if (local.some((prefix) => `${path}/`.startsWith(prefix))) continue;
      if (entry.isDirectory()) walk(path);
      else files.set(path, readFileSync(join(root, path)));
    }
  };
  walk('.agent-context');
  return files;
}

describe('scale', () => {
  it('a 24,000-file fuzzed tree builds and updates: no crash, peak memory under 1.5 GB', () => {
    const root = fuzzedRepository(24_000);
    const build = measuredRun(['build', '.'], root);
    expect(build.stderr).not.toMatch(/Segmentation|SIGSEGV|internal error|\n\s+at /);
    expect(build.code, build.stderr).toBe(0);
    writeFileSync(join(root, 'file0.ts'), 'export const v = 0;\nexport const changed = 1;\n');
    const update = measuredRun(['update', '.'], root);
    expect(update.code, update.stderr).toBe(0);
    const index = builtIndexText(root);
    expect(index.split('\n').length).toBeGreaterThan(15_000);
    console.info(
      `24k fuzzed tree: build ${build.ms} ms, peak ${Math.round(build.peakKb / 1024)} MB; update ${update.ms} ms, peak ${Math.round(update.peakKb / 1024)} MB`,
    );
    expect(build.peakKb).toBeLessThan(PEAK_LIMIT_KB);
    expect(update.peakKb).toBeLessThan(PEAK_LIMIT_KB);
  });
});

describe('determinism', () => {
  it('two clones in different folders give byte-identical outputs; caches hold no absolute path outside .gitignore', () => {
    const origin = fuzzedRepository(1_500);
    const first = join(makeTempDir('ocpp-clone-a-'), 'repo');
    const second = join(makeTempDir('ocpp-clone-b-'), 'deeper', 'folder', 'of', 'the', 'second');
    for (const target of [first, second]) git(origin, 'clone', '-q', origin, target);
    for (const clone of [first, second]) {
      const build = measuredRun(['build', '.'], clone);
      expect(build.code, build.stderr).toBe(0);
    }
    const a = outputs(first);
    const b = outputs(second);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    const differing = [...a.keys()].filter((path) => !a.get(path)!.equals(b.get(path)!));
    expect(differing).toEqual([]);
    for (const [path, bytes] of a) expect(bytes.includes(first), path).toBe(false);
    const ignored = readFileSync(join(first, '.agent-context/.gitignore'), 'utf8');
    expect(ignored).toContain('cache/');
  });
});
