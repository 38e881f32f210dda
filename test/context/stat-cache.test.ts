/**
 * The stat cache in two layers: an update writes a delta against the base instead of the whole
 * cache, the two read back as the whole cache would, a delta that does not belong to the base on
 * disk (torn, of another generation) is ignored, and past a tenth of the base it is compacted.
 */
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { buildContextPackage } from '../../src/context/build.js';
import { readStatCache, type StatCacheFile, statCacheKey } from '../../src/context/stat-cache.js';
import { applyDelta, baseLayerOf, deltaOf } from '../../src/context/stat-cache-delta.js';
import type { StatCacheEntry } from '../../src/scan/types.js';
import { makeRepo } from '../helpers/repo.js';

const BASE = '.agent-context/cache/stat.json';
const DELTA = '.agent-context/cache/stat-delta.json';

function treeOf(count: number): Record<string, string> {
  // AGENTS.md is ignored: the build writes it after the scan, so an update would re-read it too.
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'layers' }),
    '.gitignore': 'AGENTS.md\n',
  };
  for (let n = 0; n < count; n++) files[`src/part${n}.ts`] = `export const part${n} = ${n};\n`;
  return files;
}

/** Writes a file and moves its mtime out of the scan's racy window, as an edit a while ago would be. */
function editLongAgo(root: string, path: string, text: string, secondsAgo = 60): void {
  writeFileSync(join(root, path), text);
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(join(root, path), when, when);
}

function ageTree(root: string, files: Record<string, string>): void {
  for (const path of Object.keys(files)) {
    const when = new Date(Date.now() - 120_000);
    utimesSync(join(root, path), when, when);
  }
}

async function built(root: string, mode: 'build' | 'update' = 'build') {
  return buildContextPackage(root, { mode });
}

async function cacheOf(root: string): Promise<StatCacheFile | undefined> {
  return readStatCache(root, statCacheKey(await loadConfig(root)));
}

describe('stat cache layers', () => {
  it('an update after one edit writes a delta naming the edit, and reads back as the whole cache', async () => {
    const files = treeOf(20);
    const root = makeRepo(files);
    ageTree(root, files);
    await built(root);
    expect(existsSync(join(root, DELTA))).toBe(false);
    const base = readFileSync(join(root, BASE), 'utf8');
    const generation = (JSON.parse(base) as { generation?: string }).generation;
    expect(generation).toMatch(/^[0-9a-f-]{36}$/);

    editLongAgo(root, 'src/part3.ts', 'export const part3 = 333;\n');
    const updated = await built(root, 'update');
    const delta = JSON.parse(readFileSync(join(root, DELTA), 'utf8'));
    expect(updated.stats.hashed).toBe(1);
    expect(readFileSync(join(root, BASE), 'utf8')).toBe(base);
    expect(delta).toMatchObject({ schemaVersion: 1, base: generation, removed: [] });
    expect(Object.keys(delta.entries)).toEqual(['src/part3.ts']);

    const cache = await cacheOf(root);
    expect(cache?.entries['src/part3.ts']?.size).toBe(statSync(join(root, 'src/part3.ts')).size);
    expect(Object.keys(cache?.entries ?? {}).sort()).toEqual(Object.keys(files).sort());
    // The merged cache is trusted: nothing is read again, and the outputs are recorded as written.
    const again = await built(root, 'update');
    expect(again.mode).toBe('reused');
    expect(again.stats.hashed).toBe(0);
  });

  it('a deleted file is a removed path of the delta; a cold build writes the base whole and drops the delta', async () => {
    const files = treeOf(12);
    const root = makeRepo(files);
    ageTree(root, files);
    await built(root);
    rmSync(join(root, 'src/part5.ts'));
    await built(root, 'update');
    expect(JSON.parse(readFileSync(join(root, DELTA), 'utf8')).removed).toEqual(['src/part5.ts']);
    expect((await cacheOf(root))?.entries['src/part5.ts']).toBeUndefined();
    await built(root);
    expect(existsSync(join(root, DELTA))).toBe(false);
    expect((await cacheOf(root))?.entries['src/part5.ts']).toBeUndefined();
  });

  it('ignores a torn delta or one of another base: the base alone stands and stale files are read again', async () => {
    const files = treeOf(8);
    const root = makeRepo(files);
    ageTree(root, files);
    await built(root);
    editLongAgo(root, 'src/part1.ts', 'export const part1 = 11;\n');
    await built(root, 'update');
    const delta = JSON.parse(readFileSync(join(root, DELTA), 'utf8'));
    writeFileSync(join(root, DELTA), JSON.stringify({ ...delta, base: 'another generation' }));
    // Without the delta the base's entry for part1 is the old one: its stat moved, so it is read again.
    expect((await cacheOf(root))?.entries['src/part1.ts']?.size).not.toBe(
      statSync(join(root, 'src/part1.ts')).size,
    );
    editLongAgo(root, 'src/part2.ts', 'export const part2 = 22;\n');
    const update = await built(root, 'update');
    expect(update.stats.hashed).toBe(2);
    writeFileSync(join(root, DELTA), '{ torn');
    expect((await cacheOf(root))?.entries['src/part2.ts']?.size).not.toBe(
      statSync(join(root, 'src/part2.ts')).size,
    );
    expect((await built(root, 'update')).stats.hashed).toBe(2);
  });

  it('reads a base written before deltas once, then writes it whole with a generation', async () => {
    const files = treeOf(6);
    const root = makeRepo(files);
    ageTree(root, files);
    await built(root);
    const { generation: _generation, ...old } = JSON.parse(readFileSync(join(root, BASE), 'utf8'));
    writeFileSync(join(root, BASE), JSON.stringify(old));
    editLongAgo(root, 'src/part0.ts', 'export const part0 = 10;\n');
    const update = await built(root, 'update');
    expect(update.stats.hashed).toBe(1);
    expect(existsSync(join(root, DELTA))).toBe(false);
    expect(JSON.parse(readFileSync(join(root, BASE), 'utf8')).generation).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('deltaOf', () => {
  const entry = (n: number, size = n): StatCacheEntry => ({
    size,
    mtimeMs: n,
    ctimeMs: n,
    ino: n,
    hash: `h${n}-${size}`,
    kind: 'source',
    language: 'typescript',
  });
  const fileOf = (entries: Record<string, StatCacheEntry>): StatCacheFile => ({
    version: 2,
    key: 'k',
    writtenAt: 1,
    entries,
    outputs: { 'out.json': { size: 1, mtimeMs: 1, ctimeMs: 1, ino: 1, hash: 'o' } },
    outputsRecordedAt: 2,
  });
  const base = fileOf(Object.fromEntries(Array.from({ length: 4000 }, (_, n) => [`f${n}`, entry(n)])));

  it('holds only what changed, and base plus delta is the file again', () => {
    const entries: Record<string, StatCacheEntry> = { ...base.entries, f7: entry(7, 70), added: entry(9999) };
    delete entries.f9;
    const file = { ...fileOf(entries), writtenAt: 5 };
    const delta = deltaOf(baseLayerOf(base, 'g1'), file)!;
    expect(Object.keys(delta.entries).sort()).toEqual(['added', 'f7']);
    expect(delta.removed).toEqual(['f9']);
    expect(delta.outputs).toEqual({});
    const merged = applyDelta({ ...base, generation: 'g1' }, delta);
    expect(merged).toEqual(file);
    expect(Object.keys(base.entries)).toHaveLength(4000);
  });

  it('asks for the base to be written whole past a tenth of it', () => {
    const changed = (count: number) =>
      fileOf(
        Object.fromEntries(
          Object.entries(base.entries).map(([path, e], n) => [path, n < count ? entry(n, n + 100_000) : e]),
        ),
      );
    expect(deltaOf(baseLayerOf(base, 'g'), changed(400))).toBeDefined();
    expect(deltaOf(baseLayerOf(base, 'g'), changed(401))).toBeUndefined();
  });
});
