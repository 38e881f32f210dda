import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, freshness, update } from '../../src/api/context.js';
import { openSession } from '../../src/api/session.js';
import { loadConfig } from '../../src/config/load.js';
import { readStatCache, statCacheKey } from '../../src/context/stat-cache.js';
import { contextOutputs } from '../helpers/outputs.js';
import { makeRepo } from '../helpers/repo.js';

const files = {
  'package.json': JSON.stringify({ name: 'memo', type: 'module' }),
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': "import { a } from './a.js';\n\nexport const b = a + 1;\n",
  'src/c.ts': "import { b } from './b.js';\n\nexport const c = b * 2;\n",
};

function edit(root: string, file: string, text: string): void {
  writeFileSync(join(root, file), text);
}

describe('a session refreshes from its memory of the last refresh', () => {
  it('writes what an update from disk writes, without re-reading the index shards', async () => {
    const viaSession = makeRepo(files);
    const viaDisk = makeRepo(files);
    await build(viaSession);
    await build(viaDisk);
    const session = openSession(viaSession);
    expect((await session.refresh()).mode).toBe('reused');
    const first = 'export const a = 1;\nexport const e = 5;\n';
    edit(viaSession, 'src/a.ts', first);
    edit(viaDisk, 'src/a.ts', first);
    expect((await session.refresh({ changed: ['src/a.ts'] })).mode).toBe('incremental');
    await update(viaDisk);
    // Torn index shards the manifest does not know about: read from disk, they would be distrusted
    // and every file in them re-parsed; the session's memory of its last refresh never reads them.
    for (const name of readdirSync(join(viaSession, '.agent-context/index')))
      if (name !== '_head.json') writeFileSync(join(viaSession, '.agent-context/index', name), '{"torn":');
    const text = "import { a } from './a.js';\n\nexport const b = a + 2;\nexport const d = 4;\n";
    edit(viaSession, 'src/b.ts', text);
    edit(viaDisk, 'src/b.ts', text);
    const fromMemory = await session.refresh({ changed: ['src/b.ts'] });
    const fromDisk = await update(viaDisk);
    expect(fromMemory.mode).toBe('incremental');
    expect(fromMemory.stats.parsed).toBe(1);
    expect(fromDisk.stats.parsed).toBe(1);
    expect(contextOutputs(viaSession)).toEqual(contextOutputs(viaDisk));
  });

  it('drops its memory when another process built in between', async () => {
    const viaSession = makeRepo(files);
    const viaDisk = makeRepo(files);
    await build(viaSession);
    await build(viaDisk);
    const session = openSession(viaSession);
    edit(viaSession, 'src/a.ts', 'export const a = 5;\n');
    edit(viaDisk, 'src/a.ts', 'export const a = 5;\n');
    await session.refresh({ changed: ['src/a.ts'] });
    await update(viaDisk);
    // Someone else's update (the CLI) changes the outputs behind the session's back.
    edit(viaSession, 'src/c.ts', "import { b } from './b.js';\n\nexport const c = b * 3;\n");
    edit(viaDisk, 'src/c.ts', "import { b } from './b.js';\n\nexport const c = b * 3;\n");
    await update(viaSession);
    await update(viaDisk);
    edit(viaSession, 'src/a.ts', 'export const a = 6;\nexport const z = 0;\n');
    edit(viaDisk, 'src/a.ts', 'export const a = 6;\nexport const z = 0;\n');
    const fromSession = await session.refresh({ changed: ['src/a.ts'] });
    await update(viaDisk);
    expect(fromSession.mode).toBe('incremental');
    expect(contextOutputs(viaSession)).toEqual(contextOutputs(viaDisk));
  });

  it('told what changed, it restats only those paths and still writes what an update writes', async () => {
    const viaSession = makeRepo(files);
    const viaDisk = makeRepo(files);
    await build(viaSession);
    await build(viaDisk);
    const session = openSession(viaSession);
    await session.refresh();
    const steps: Array<[string, string | undefined]> = [
      ['src/a.ts', 'export const a = 1;\nexport const f = 2;\n'],
      ['src/c.ts', "import { a } from './a.js';\n\nexport const c = a * 2;\n"],
      ['src/b.ts', undefined],
      ['src/d.ts', "import { c } from './c.js';\n\nexport const d = c;\n"],
      ['src/d.ts', "import { a } from './a.js';\n\nexport const d = a;\n"],
      // A manifest the project facts were read from: detected again, not carried from the last refresh.
      [
        'package.json',
        JSON.stringify({
          name: 'memo',
          type: 'module',
          description: 'held',
          scripts: { test: 'vitest run' },
        }),
      ],
      ['src/a.ts', 'export const a = 3;\n'],
    ];
    for (const [path, text] of steps) {
      for (const root of [viaSession, viaDisk]) {
        if (text === undefined) rmSync(join(root, path));
        else edit(root, path, text);
      }
      const fromMemory = await session.refresh({ changed: [path] });
      await update(viaDisk);
      expect(fromMemory.mode, path).toBe('incremental');
      expect(
        contextOutputs(viaSession),
        `after ${text === undefined ? 'deleting' : 'writing'} ${path}`,
      ).toEqual(contextOutputs(viaDisk));
    }
    expect(await freshness(viaSession)).toMatchObject({ verdict: 'fresh' });
  });

  it('believes what it is told: a change it was not told of waits for a refresh told nothing', async () => {
    const root = makeRepo(files);
    await build(root);
    const session = openSession(root);
    await session.refresh();
    edit(root, 'src/a.ts', 'export const a = 8;\n');
    edit(root, 'src/c.ts', 'export const c = 8;\n');
    // Both were written within the racy window of the last scan: a full scan would re-read both.
    expect((await session.refresh({ changed: ['src/a.ts'] })).stats.hashed).toBe(1);
    expect((await freshness(root)).verdict).toBe('stale');
    // No paths: it cannot say what changed, so everything is statted again.
    expect((await session.refresh()).mode).toBe('incremental');
    expect((await freshness(root)).verdict).toBe('fresh');
  });

  it('keeps the stat cache of refreshes told what changed in memory until flushed', async () => {
    const root = makeRepo(files);
    await build(root);
    const session = openSession(root);
    await session.refresh();
    const key = statCacheKey(await loadConfig(root));
    const statOf = async () => (await readStatCache(root, key))?.entries['src/a.ts']?.size;
    const text = 'export const a = 10;\nexport const g = 11;\n';
    edit(root, 'src/a.ts', text);
    await session.refresh({ changed: ['src/a.ts'] });
    expect(await statOf()).not.toBe(text.length);
    // What is on disk is older but still true: a stat that moved means read again.
    expect((await freshness(root)).verdict).toBe('fresh');
    await session.flush();
    expect(await statOf()).toBe(text.length);
    expect((await update(root)).mode).toBe('reused');
  });

  it('reports the built tree hash of the manifest on disk, also after another process rebuilt', async () => {
    const root = makeRepo(files);
    await build(root);
    const session = openSession(root);
    const manifestHash = () =>
      JSON.parse(readFileSync(join(root, '.agent-context/manifest.json'), 'utf8')).hashes.source as string;
    const first = await session.builtSourceHash();
    expect(first).toBe(manifestHash());
    expect(await session.builtSourceHash()).toBe(first);
    edit(root, 'src/a.ts', 'export const a = 7;\n');
    await session.refresh({ changed: ['src/a.ts'] });
    const second = await session.builtSourceHash();
    expect(second).not.toBe(first);
    expect(second).toBe(manifestHash());
    edit(root, 'src/c.ts', 'export const c = 0;\n');
    await update(root);
    expect(await session.builtSourceHash()).toBe(manifestHash());
    expect(await session.builtSourceHash()).not.toBe(second);
  });
});
