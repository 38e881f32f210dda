import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage } from '../../src/context/build.js';
import { builtGraph, builtIndex } from '../helpers/context.js';
import { git, makeRepo, writeTree } from '../helpers/repo.js';

const project = {
  'package.json': JSON.stringify({
    name: 'shop',
    description: 'A small shop API.',
    type: 'module',
    main: 'dist/index.js',
    scripts: { build: 'tsc', test: 'vitest run', lint: 'biome check .' },
  }),
  'package-lock.json': '{}',
  'tsconfig.json': JSON.stringify({
    compilerOptions: { strict: true, paths: { '@lib/*': ['./src/lib/*'] } },
  }),
  'README.md': '# shop\n\nA small shop API used to test the context compiler end to end.\n',
  'src/index.ts':
    "/** Starts the shop server. */\nimport { createServer } from './server.js';\nexport const server = createServer();\n",
  'src/server.ts':
    "import express from 'express';\nimport { price } from '@lib/price';\nexport function createServer() {\n  const app = express();\n  app.get('/price', (_req, res) => res.json(price(2)));\n  return app;\n}\n",
  'src/lib/price.ts':
    '/** Prices in cents. */\nexport function price(quantity: number): number {\n  return quantity * 100;\n}\n',
  'test/price.test.ts': "import { price } from '../src/lib/price.js';\nprice(1);\n",
};

function outputs(root: string): Record<string, string> {
  const files: Record<string, string> = { 'AGENTS.md': readFileSync(join(root, 'AGENTS.md'), 'utf8') };
  const walk = (directory: string, prefix: string) => {
    for (const name of readdirSync(directory)) {
      const path = join(directory, name);
      if (name === 'cache') continue;
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else files[`${prefix}${name}`] = readFileSync(path, 'utf8');
    }
  };
  walk(join(root, '.agent-context'), '.agent-context/');
  return files;
}

describe('buildContextPackage', () => {
  it('writes AGENTS.md and .agent-context with the project facts', async () => {
    const root = makeRepo(project);
    const result = await buildContextPackage(root);
    expect(result.mode).toBe('cold');
    const files = outputs(root);
    expect(Object.keys(files).sort()).toEqual([
      '.agent-context/.gitignore',
      '.agent-context/contracts/architecture.contract.json',
      '.agent-context/contracts/commands.contract.json',
      '.agent-context/contracts/module-boundaries.json',
      '.agent-context/contracts/safety.contract.json',
      '.agent-context/contracts/test.contract.json',
      '.agent-context/graph/_head.json',
      '.agent-context/graph/_root.json',
      '.agent-context/graph/src.json',
      '.agent-context/graph/src~lib.json',
      '.agent-context/graph/test.json',
      '.agent-context/index/_head.json',
      '.agent-context/index/_root.json',
      '.agent-context/index/src.json',
      '.agent-context/index/src~lib.json',
      '.agent-context/index/test.json',
      '.agent-context/manifest.json',
      '.agent-context/project.json',
      '.agent-context/ranking.json',
      '.agent-context/readiness.json',
      '.agent-context/savings.json',
      '.agent-context/summary.md',
      'AGENTS.md',
    ]);
    const agents = files['AGENTS.md']!;
    expect(agents).toContain('## shop: context for coding agents');
    expect(agents).toContain('| test | `npm test` | package.json#scripts.test |');
    expect(agents).toContain('`src/index.ts` — package.json main');
    expect(agents).toContain('`src/lib/price.ts` — Prices in cents.');
    const graph = await builtGraph(root);
    const edges = graph.edges.map((edge: { from: string; to: string }) => `${edge.from} -> ${edge.to}`);
    expect(edges).toContain('src/server.ts -> src/lib/price.ts');
    expect(edges).toContain('src/index.ts -> src/server.ts');
    expect(edges).toContain('src/server.ts -> npm:express');
    const shard = JSON.parse(files['.agent-context/index/src.json']!);
    const server = shard.files.find((file: { path: string }) => file.path === 'src/server.ts');
    expect(server.routes).toEqual([{ method: 'GET', path: '/price', framework: 'express', line: 5 }]);
  });

  it('gives byte-identical outputs for the same tree, and keeps text outside the markers', async () => {
    const root = makeRepo({ ...project, 'AGENTS.md': '# Team rules\n\nNever touch billing.\n' });
    await buildContextPackage(root);
    const first = outputs(root);
    expect(
      first['AGENTS.md']!.startsWith(
        '# Team rules\n\nNever touch billing.\n\n<!-- opencode-plusplus:begin -->',
      ),
    ).toBe(true);
    writeTree(root, {
      'AGENTS.md':
        first['AGENTS.md']!.replace('Never touch billing.', 'Never touch billing or auth.') + '\nFooter.\n',
    });
    await buildContextPackage(root);
    const second = outputs(root);
    expect(second['AGENTS.md']).toContain('Never touch billing or auth.');
    expect(second['AGENTS.md']!.endsWith('<!-- opencode-plusplus:end -->\n\nFooter.\n')).toBe(true);
    await buildContextPackage(root);
    expect(outputs(root)).toEqual(second);
  });

  it('describes a folder by its documentation, never by a generated-file notice or a barrel', async () => {
    const root = makeRepo({
      ...project,
      'helpers/index.ts': "/** Small helpers shared by the shop. */\n\nexport * from './round.js';\n",
      'helpers/round.ts': 'export const round = (n: number) => Math.round(n);\n',
      'codegen/index.ts':
        "// This file is generated automatically by scripts/gen.ts. Do not edit.\nexport * from './one.js';\n",
      'codegen/one.ts': 'export const one = 1;\n',
      'pkg/install.sh': '#!/bin/sh\necho install\n',
    });
    await buildContextPackage(root);
    const agents = readFileSync(join(root, 'AGENTS.md'), 'utf8');
    expect(agents).toContain('- `helpers/` — Small helpers shared by the shop.');
    const codegen = agents.split('\n').find((line) => line.startsWith('- `codegen/`'));
    expect(codegen).toBeDefined();
    expect(codegen).not.toMatch(/generated automatically|Re-exports/);
    // `pkg/` means Go packages only where there is Go.
    expect(agents).toContain('- `pkg/` — 1 source');
  });

  it('names the Maven test tree as src/test/, not src/', async () => {
    const root = makeRepo({
      'pom.xml': '<project><artifactId>strings</artifactId></project>\n',
      'src/main/java/org/example/Strings.java': 'package org.example;\npublic class Strings {}\n',
      'src/test/java/org/example/StringsTest.java': 'package org.example;\npublic class StringsTest {}\n',
    });
    await buildContextPackage(root);
    expect(readFileSync(join(root, 'AGENTS.md'), 'utf8')).toContain(
      'Tests live in a separate `src/test/` tree.',
    );
  });

  it('the build that creates AGENTS.md and the next one write the same bytes', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    const first = outputs(root);
    await buildContextPackage(root, { mode: 'build' });
    expect(outputs(root)).toEqual(first);
    expect(first['.agent-context/summary.md']).toContain(
      '8 files listed: 7 indexed (3 source, 1 test), 0 skipped, 1 not indexed (assets and lockfiles).',
    );
  });

  it('update re-parses only what changed and reuses everything when nothing did', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    const unchanged = await buildContextPackage(root, { mode: 'update' });
    expect(unchanged.mode).toBe('reused');
    expect(unchanged.outputs.every((output) => !output.written)).toBe(true);
    writeTree(root, {
      'src/lib/price.ts':
        '/** Prices in cents. */\nexport function price(q: number): number {\n  return q * 101;\n}\nexport const VAT = 0.2;\n',
    });
    const changed = await buildContextPackage(root, { mode: 'update' });
    expect(changed.mode).toBe('incremental');
    expect(changed.stats.parsed).toBe(1);
    const fresh = outputs(root);
    await buildContextPackage(root, { mode: 'build' });
    expect(outputs(root)).toEqual(fresh);
  });

  it('update trusts an output by its recorded stat, and still rewrites one edited behind its back', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    const summaryPath = join(root, '.agent-context/summary.md');
    const original = readFileSync(summaryPath, 'utf8');
    expect((await buildContextPackage(root, { mode: 'update' })).mode).toBe('reused');
    // Same size, same mtime: only the ctime (which no one can set back) tells the edit apart.
    const before = statSync(summaryPath);
    writeFileSync(
      summaryPath,
      original.replace(/[a-z]/, (letter) => (letter === 'x' ? 'y' : 'x')),
    );
    utimesSync(summaryPath, before.atime, before.mtime);
    expect(statSync(summaryPath).size).toBe(before.size);
    const repaired = await buildContextPackage(root, { mode: 'update' });
    expect(repaired.mode).not.toBe('reused');
    expect(repaired.outputs.find((output) => output.path === '.agent-context/summary.md')?.written).toBe(
      true,
    );
    expect(readFileSync(summaryPath, 'utf8')).toBe(original);
    expect((await buildContextPackage(root, { mode: 'update' })).mode).toBe('reused');
  });

  it('update never reuses facts from a hand-edited index shard, and re-parses a file that moved', async () => {
    const root = makeRepo({
      ...project,
      'app/shop/page.tsx': 'export default function Page() { return null }\n',
    });
    await buildContextPackage(root);
    const shardPath = join(root, '.agent-context/index/src~lib.json');
    const inShard = JSON.parse(readFileSync(shardPath, 'utf8')).files.length;
    const tampered = readFileSync(shardPath, 'utf8').replace('Prices in cents.', 'Tampered summary.');
    writeFileSync(shardPath, tampered);
    writeTree(root, { 'src/extra.ts': 'export const extra = 1;\n' });
    const result = await buildContextPackage(root, { mode: 'update' });
    // The tampered shard's files are parsed again, with the new file; the other shards are reused.
    expect(result.stats.parsed).toBe(inShard + 1);
    expect(result.stats.cached).toBe(result.stats.indexed - inShard - 1);
    expect(readFileSync(shardPath, 'utf8')).not.toContain('Tampered summary.');
    expect(readFileSync(shardPath, 'utf8')).toContain('Prices in cents.');

    git(root, 'mv', 'app/shop', 'app/store');
    const moved = await buildContextPackage(root, { mode: 'update' });
    expect(moved.stats.parsed).toBe(1);
    expect(existsSync(join(root, '.agent-context/index/app~shop.json'))).toBe(false);
    const page = (await builtIndex(root)).files.find((file) => file.path === 'app/store/page.tsx')!;
    expect(page.routes).toEqual([{ method: 'GET', path: '/store', framework: 'next-app', line: 1 }]);
  });

  it('update leaves present contracts alone and infers again one that was deleted', async () => {
    const root = makeRepo(project);
    await buildContextPackage(root);
    const contracts = join(root, '.agent-context/contracts');
    const inferred = readFileSync(join(contracts, 'test.contract.json'), 'utf8');
    const edited = readFileSync(join(contracts, 'safety.contract.json'), 'utf8').replace('{', '{"note":1,');
    writeFileSync(join(contracts, 'safety.contract.json'), edited);
    writeTree(root, {
      'src/lib/price.ts': 'export function price(quantity: number): number {\n  return quantity;\n}\n',
    });
    expect((await buildContextPackage(root, { mode: 'update' })).mode).toBe('incremental');
    expect(readFileSync(join(contracts, 'safety.contract.json'), 'utf8')).toBe(edited);

    rmSync(join(contracts, 'test.contract.json'));
    const repaired = await buildContextPackage(root, { mode: 'update' });
    expect(repaired.mode).toBe('incremental');
    expect(readFileSync(join(contracts, 'test.contract.json'), 'utf8')).toBe(inferred);
    expect(readFileSync(join(contracts, 'safety.contract.json'), 'utf8')).toBe(edited);
    // The manifest records the contracts now on disk: the next update finds nothing to do.
    expect((await buildContextPackage(root, { mode: 'update' })).mode).toBe('reused');
  });

  it('a git-ignored AGENTS.md is not a source: update after build reuses everything', async () => {
    const root = makeRepo({ ...project, '.gitignore': '/AGENTS.md\n' });
    await buildContextPackage(root);
    expect((await buildContextPackage(root, { mode: 'update' })).mode).toBe('reused');
    const manifest = JSON.parse(readFileSync(join(root, '.agent-context/manifest.json'), 'utf8'));
    expect(Object.keys(manifest.sources)).not.toContain('AGENTS.md');
  });
});
