// The stages that used to turn any read failure into "absent": missing is still a fact, but a
// folder where a file is expected (EISDIR, which denies the read even to root) is an error that
// names the file and the errno.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { readBuildInfo } from '../../src/context/build-info.js';
import { hashLessons } from '../../src/context/lesson-hash.js';
import { readStatCache } from '../../src/context/stat-cache.js';
import { findRollout } from '../../src/integrations/codex.js';
import { TokenCache } from '../../src/pack/tokenizer.js';
import { readCorpusText } from '../../src/retrieve/corpus.js';
import { scanRepository } from '../../src/scan/scan.js';
import { readCacheEntries, readCacheJson } from '../../src/shared/fs.js';
import { listTraceIds } from '../../src/trace/store.js';
import { makeTempDir, writeTree } from '../helpers/repo.js';

const EISDIR = 'EISDIR (a folder where a file was expected)';

describe('cache files', () => {
  it('missing or corrupt is rebuilt, another stamp is empty, a folder in its place is an error', async () => {
    const root = makeTempDir();
    writeTree(root, {
      'corrupt.json': '{ not json',
      'foreign.json': JSON.stringify({ version: 'old', entries: { a: 1 } }),
      'current.json': JSON.stringify({ version: 'v2', entries: { a: 1 } }),
    });
    mkdirSync(join(root, 'folder.json'));
    expect(await readCacheJson(join(root, 'nothing.json'))).toBeUndefined();
    expect(await readCacheJson(join(root, 'corrupt.json'))).toBeUndefined();
    expect(await readCacheEntries(join(root, 'foreign.json'), 'version', 'v2')).toEqual({});
    expect(await readCacheEntries(join(root, 'current.json'), 'version', 'v2')).toEqual({ a: 1 });
    await expect(readCacheJson(join(root, 'folder.json'))).rejects.toThrow(
      `cannot read ${join(root, 'folder.json')}: ${EISDIR}`,
    );
    await expect(new TokenCache(join(root, 'folder.json')).load()).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      details: { file: join(root, 'folder.json') },
    });
  });
});

describe('the build caches', () => {
  it('a missing or corrupt stat cache and build info are rebuilt; a folder in their place is an error', async () => {
    const root = makeTempDir();
    expect(await readStatCache(root, 'key')).toBeUndefined();
    expect(await readBuildInfo(root)).toBeUndefined();
    writeTree(root, {
      '.agent-context/cache/stat.json': '{ torn',
      '.agent-context/cache/build-info.json': '',
    });
    expect(await readStatCache(root, 'key')).toBeUndefined();
    expect(await readBuildInfo(root)).toBeUndefined();
    const other = makeTempDir();
    mkdirSync(join(other, '.agent-context', 'cache', 'stat.json'), { recursive: true });
    mkdirSync(join(other, '.agent-context', 'cache', 'build-info.json'), { recursive: true });
    await expect(readStatCache(other, 'key')).rejects.toThrow(EISDIR);
    await expect(readBuildInfo(other)).rejects.toThrow(EISDIR);
  });

  it('retrieval leaves out a file that vanished since the build, and stops at one it cannot read', () => {
    const root = makeTempDir();
    mkdirSync(join(root, 'src', 'a.ts'), { recursive: true });
    expect(readCorpusText(root, 'src/gone.ts')).toBeUndefined();
    expect(() => readCorpusText(root, 'src/a.ts')).toThrow(
      `cannot read ${join(root, 'src', 'a.ts')}: ${EISDIR}`,
    );
  });
});

describe('the lesson hash', () => {
  it('is none without a store, and an error when MEMORY.md is a folder', async () => {
    const root = makeTempDir();
    expect(await hashLessons(root)).toBe('none');
    mkdirSync(join(root, '.agent-context', 'memory', 'MEMORY.md'), { recursive: true });
    const file = join(root, '.agent-context', 'memory', 'MEMORY.md');
    await expect(hashLessons(root)).rejects.toThrow(`cannot read ${file}: ${EISDIR}`);
  });

  it('reads the lessons folder when it is there, and a lesson that is a folder is an error', async () => {
    const root = makeTempDir();
    writeTree(root, { '.agent-context/memory/lessons/L-0001.md': 'a lesson\ntimes_served: 3\n' });
    const before = await hashLessons(root);
    expect(before).not.toBe('none');
    writeTree(root, { '.agent-context/memory/lessons/L-0001.md': 'a lesson\ntimes_served: 4\n' });
    expect(await hashLessons(root)).toBe(before);
    mkdirSync(join(root, '.agent-context', 'memory', 'lessons', 'L-0002.md'));
    await expect(hashLessons(root)).rejects.toThrow(EISDIR);
  });
});

describe('listing traces and codex rollouts', () => {
  it('no traces folder lists none; the traces are listed by id', async () => {
    const root = makeTempDir();
    expect(await listTraceIds(root)).toEqual([]);
    writeTree(root, { '.agent-context/traces/t-b.json': '{}', '.agent-context/traces/t-a.json': '{}' });
    expect(await listTraceIds(root)).toEqual(['t-a', 't-b']);
  });

  it('finds the newest rollout of a thread, and none without a sessions folder', async () => {
    const home = makeTempDir();
    expect(await findRollout('abc', { CODEX_HOME: home })).toBeNull();
    writeTree(home, {
      'sessions/2026/11/30/rollout-1-abc.jsonl': '{}\n',
      'sessions/2026/12/01/rollout-2-abc.jsonl': '{}\n',
      'sessions/2026/stray.txt': 'not a folder',
    });
    expect(await findRollout('abc', { CODEX_HOME: home })).toBe(
      join(home, 'sessions/2026/12/01/rollout-2-abc.jsonl'),
    );
  });
});

describe('the scan', () => {
  it('a .gitignore that is a folder is an error, not "no ignore rules"', async () => {
    const root = makeTempDir();
    writeTree(root, { 'src/a.ts': 'export const a = 1;\n' });
    mkdirSync(join(root, 'src', '.gitignore'));
    const { config } = await loadConfig(root);
    await expect(scanRepository(root, { config })).rejects.toThrow(
      `cannot read ${join(root, 'src', '.gitignore')}: ${EISDIR}`,
    );
  });
});
