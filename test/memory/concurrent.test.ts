/**
 * Two real processes adding lessons at the same time (the built CLI, so `npm run build` first;
 * `npm test` does it): every lesson lands with its own id, MEMORY.md has one line each, and
 * every file parses.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIndexEntries } from '../../src/memory/index-file.js';
import { readMemory } from '../../src/memory/lesson-store.js';
import { CLI_BIN } from '../helpers/cli.js';
import { makeTempDir } from '../helpers/repo.js';

const API = new URL('../../dist/api/index.js', import.meta.url).href;

function run(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, CI: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** A process that adds `count` lessons one after another through the public API. */
function writer(name: string, count: number, cwd: string) {
  const script = `const { memoryAdd } = await import(${JSON.stringify(API)});
for (let i = 1; i <= ${count}; i++) await memoryAdd('Lesson ' + ${JSON.stringify(name)} + ' number ' + i + '.', '.');`;
  return run(['--input-type=module', '-e', script], cwd);
}

describe('concurrent memory add', () => {
  it('two processes adding at once both land, with distinct sequential ids and no corruption', async () => {
    const root = makeTempDir('ocpp-concurrent-');
    const results = await Promise.all([
      writer('alpha', 6, root),
      writer('beta', 6, root),
      run([CLI_BIN, 'memory', 'add', 'From the first CLI process.'], root),
      run([CLI_BIN, 'memory', 'add', 'From the second CLI process.'], root),
    ]);
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
    const snapshot = await readMemory(root);
    expect(snapshot.problems).toEqual([]);
    const ids = snapshot.lessons.map((lesson) => lesson.id);
    expect(ids).toEqual(Array.from({ length: 14 }, (_, index) => `L-${String(index + 1).padStart(4, '0')}`));
    const index = readFileSync(join(root, '.agent-context/memory/MEMORY.md'), 'utf8');
    const entries = parseIndexEntries(index);
    expect(entries.map((entry) => entry.id).sort()).toEqual(ids);
    const texts = entries.map((entry) => entry.text);
    for (const name of ['alpha', 'beta'])
      for (let i = 1; i <= 6; i++) expect(texts).toContain(`Lesson ${name} number ${i}.`);
    expect(texts).toContain('From the first CLI process.');
    expect(texts).toContain('From the second CLI process.');
    expect(
      readdirSync(join(root, '.agent-context/memory')).filter(
        (name) => name.includes('.lock') || name.endsWith('.tmp'),
      ),
    ).toEqual([]);
  });
});
