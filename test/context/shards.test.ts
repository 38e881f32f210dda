import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage, refreshHeldContext } from '../../src/context/build.js';
import { MANIFEST_SCHEMA_VERSION } from '../../src/context/manifest.js';
import { shardFileName, shardOf } from '../../src/context/shards.js';
import { sha256 } from '../../src/shared/hash.js';
import { stableStringify } from '../../src/shared/json.js';
import { builtGraph, builtIndex } from '../helpers/context.js';
import { makeRepo, writeTree } from '../helpers/repo.js';

const tree = {
  'package.json': JSON.stringify({ name: 'shards', main: 'src/index.ts' }),
  'src/index.ts': "import { a } from './core/a.js';\nexport const b = a + 1;\n",
  'src/core/a.ts': "import { c } from '../util/deep/c.js';\nexport const a = c;\n",
  'src/util/deep/c.ts': 'export const c = 1;\n',
  'src/util/deep/er/d.ts': 'export const d = 2;\n',
};

/** Every index and graph shard's text, by its path under `.agent-context/`. */
function readShards(root: string): Record<string, string> {
  const shards: Record<string, string> = {};
  for (const component of ['index', 'graph'])
    for (const name of readdirSync(join(root, '.agent-context', component)).sort())
      shards[`${component}/${name}`] = readFileSync(join(root, '.agent-context', component, name), 'utf8');
  return shards;
}

const outputsOf = (root: string) =>
  JSON.parse(readFileSync(join(root, '.agent-context/manifest.json'), 'utf8')).outputs as Record<
    string,
    string
  >;

describe('the sharded index and graph', () => {
  it('names shards by folder, cut to three segments, with reserved names that no folder can take', () => {
    expect(shardOf('README.md')).toBe('');
    expect(shardOf('src/a.ts')).toBe('src');
    expect(shardOf('src/util/deep/er/d.ts')).toBe('src/util/deep');
    expect(shardFileName('')).toBe('_root.json');
    expect(shardFileName('src/util/deep')).toBe('src~util~deep.json');
    expect(shardFileName('_root')).toBe('%5Froot.json');
    expect(shardFileName('with space/ü')).toBe('with%20space~%C3%BC.json');
  });

  it('an edit rewrites only its shard; outputs stay byte-identical to a cold build of the same tree', async () => {
    const root = makeRepo(tree);
    await buildContextPackage(root);
    writeTree(root, { 'src/util/deep/c.ts': 'export const c = 3;\nexport const e = 4;\n' });
    const updated = await buildContextPackage(root, { mode: 'update' });
    const rewritten = updated.outputs.filter((output) => output.written).map((output) => output.path);
    expect(rewritten).toContain('.agent-context/index/src~util~deep.json');
    expect(rewritten).not.toContain('.agent-context/index/src.json');
    expect(rewritten).not.toContain('.agent-context/index/src~core.json');
    const afterUpdate = outputsOf(root);
    await buildContextPackage(root);
    expect(outputsOf(root)).toEqual(afterUpdate);
    const c = (await builtIndex(root)).files.find((file) => file.path === 'src/util/deep/c.ts')!;
    expect(c.exports.map((entry) => entry.name)).toEqual(['c', 'e']);
  });

  it('migrates a schema-1 build (one index.json, one graph.json) once, reusing its facts', async () => {
    const root = makeRepo(tree);
    await buildContextPackage(root);
    const files = (await builtIndex(root)).files;
    const graph = await builtGraph(root);
    const manifestPath = join(root, '.agent-context/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const index = `{"schemaVersion":1,"stats":{},"files":[\n${files.map((file) => JSON.stringify(file)).join(',\n')}\n]}\n`;
    const graphText = `${JSON.stringify({ schemaVersion: 1, ...graph })}\n`;
    writeFileSync(join(root, '.agent-context/index.json'), index);
    writeFileSync(join(root, '.agent-context/graph.json'), graphText);
    const outputs = Object.fromEntries(
      Object.entries(manifest.outputs as Record<string, string>).filter(
        ([path]) => !path.startsWith('.agent-context/index/') && !path.startsWith('.agent-context/graph/'),
      ),
    );
    outputs['.agent-context/index.json'] = sha256(index);
    outputs['.agent-context/graph.json'] = sha256(graphText);
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, schemaVersion: 1, outputs }));

    const migrated = await buildContextPackage(root, { mode: 'update' });
    expect(migrated.stats.parsed).toBe(0);
    expect(migrated.stats.cached).toBe(files.length);
    expect(existsSync(join(root, '.agent-context/index.json'))).toBe(false);
    expect(existsSync(join(root, '.agent-context/graph.json'))).toBe(false);
    expect(JSON.parse(readFileSync(manifestPath, 'utf8')).schemaVersion).toBe(MANIFEST_SCHEMA_VERSION);
    expect((await builtGraph(root)).edges).toEqual(graph.edges);
    expect((await buildContextPackage(root, { mode: 'update' })).mode).toBe('reused');
  });

  it('migrates a schema-2 build (every export listed) once, to the bytes a cold build writes', async () => {
    const root = makeRepo({ ...tree, 'src/legacy.cjs': 'function f() {}\nmodule.exports = { f };\n' });
    await buildContextPackage(root);
    const cold = readShards(root);
    const files = (await builtIndex(root)).files;
    const manifestPath = join(root, '.agent-context/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const outputs = { ...manifest.outputs } as Record<string, string>;
    // Schema 2 wrote each entry whole: `exports` listed the exported symbols too.
    for (const [name, text] of Object.entries(cold)) {
      const folder = join(root, '.agent-context', name);
      const old = text.startsWith('{"folder"')
        ? text
            .replace('"schemaVersion":3', '"schemaVersion":2')
            .split('\n')
            .map((line) => {
              const entry =
                line.startsWith('{"confidence"') &&
                files.find((file) => line.includes(`"path":${JSON.stringify(file.path)}`));
              return entry ? stableStringify(entry) + (line.endsWith(',') ? ',' : '') : line;
            })
            .join('\n')
        : text;
      writeFileSync(folder, old);
      outputs[`.agent-context/${name}`] = sha256(old);
    }
    const schema2 = readShards(root);
    expect(schema2['index/src.json']).toContain('"exports":[{"line":2,"name":"b","typeOnly":false}]');
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, schemaVersion: 2, outputs }));

    const migrated = await buildContextPackage(root, { mode: 'update' });
    expect(migrated.mode).toBe('incremental');
    expect(migrated.stats).toMatchObject({ parsed: 0, cached: files.length });
    expect(readShards(root)).toEqual(cold);
    expect((await builtIndex(root)).files).toEqual(files);
    expect((await buildContextPackage(root, { mode: 'update' })).mode).toBe('reused');
  });

  it('removes the shard of a folder that is gone', async () => {
    const root = makeRepo(tree);
    await buildContextPackage(root);
    expect(readdirSync(join(root, '.agent-context/index'))).toContain('src~core.json');
    writeTree(root, { 'src/index.ts': 'export const b = 1;\n' });
    const { rmSync } = await import('node:fs');
    rmSync(join(root, 'src/core'), { recursive: true });
    await buildContextPackage(root, { mode: 'update' });
    expect(readdirSync(join(root, '.agent-context/index'))).not.toContain('src~core.json');
    expect(readdirSync(join(root, '.agent-context/graph'))).not.toContain('src~core.json');
  });

  it('refreshes from a build held in memory, and falls back to the disk when another build came between', async () => {
    const root = makeRepo(tree);
    const first = await refreshHeldContext(root, undefined);
    expect(first.held).toBeDefined();
    writeTree(root, { 'src/core/a.ts': "import { c } from '../util/deep/c.js';\nexport const a = c + 1;\n" });
    const second = await refreshHeldContext(root, first.held);
    expect(second.result.stats).toMatchObject({ parsed: 1, cached: 4 });
    const afterHeld = outputsOf(root);
    // Another process rebuilds behind the held state: the next refresh must not trust it.
    writeTree(root, { 'src/util/deep/er/d.ts': 'export const d = 5;\n' });
    await buildContextPackage(root, { mode: 'update' });
    writeTree(root, { 'src/util/deep/c.ts': 'export const c = 9;\n' });
    const third = await refreshHeldContext(root, second.held);
    expect(third.result.stats).toMatchObject({ parsed: 1, cached: 4 });
    expect(outputsOf(root)).not.toEqual(afterHeld);
    const cold = outputsOf(root);
    await buildContextPackage(root);
    expect(outputsOf(root)).toEqual(cold);
  });
});
