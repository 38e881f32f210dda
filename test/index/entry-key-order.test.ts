/**
 * Index entries come out of indexing with their keys in sorted order at every level, the order a
 * shard stores them in: the shard's stable JSON then writes them without copying (and its bytes
 * do not depend on a later sort to be deterministic).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { indexRepository } from '../../src/index/index-repository.js';
import { entryFromStored, storedEntry } from '../../src/index/stored-entry.js';
import { scanRepository } from '../../src/scan/scan.js';
import { makeRepo } from '../helpers/repo.js';

const tree = {
  'package.json': JSON.stringify({ name: 'ordered', description: 'Keys in order.', type: 'module' }),
  'README.md': '# Ordered\n\nA tree whose facts take every shape an entry has.\n',
  'src/api.ts': [
    '/** The public surface. */',
    "import express from 'express';",
    "import type { Options } from './options.js';",
    "export { helper as aid } from './helper.js';",
    "export * from './more.js';",
    'const app = express();',
    "app.get('/health', () => 'ok');",
    'const port = process.env.PORT;',
    '/** Runs it. */',
    'export function run(options: Options) { return options.size + Number(port); }',
    'const local = 1;',
    'export { local as renamed };',
    'export class Server {',
    '  /** Starts. */',
    '  start() { return import("./late.js"); }',
    '  stop() {}',
    '}',
    'export default function () {}',
    '',
  ].join('\n'),
  'src/options.ts': 'export interface Options { size: number }\nexport type Size = number;\n',
  'lib/legacy.js': [
    "const path = require('node:path');",
    'function join(a, b) { return path.join(a, b); }',
    'module.exports = { join };',
    'exports.extra = function extra() {};',
    '',
  ].join('\n'),
  'src/broken.ts': 'export function broken( {\n',
  'tools/run.py': '"""Runs the tool."""\nimport os\n\ndef main():\n    return os.environ["HOME"]\n',
};

/** The path of every object whose keys are not in sorted order, in `value`. */
function unsortedObjects(value: unknown, at = '$'): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => unsortedObjects(item, `${at}[${index}]`));
  const keys = Object.keys(value);
  const own = keys.join() === [...keys].sort().join() ? [] : [`${at}: ${keys.join(',')}`];
  return [
    ...own,
    ...keys.flatMap((key) => unsortedObjects((value as Record<string, unknown>)[key], `${at}.${key}`)),
  ];
}

describe('index entry key order', () => {
  it('builds every entry, and its stored form, with sorted keys at every level', async () => {
    const root = makeRepo(tree);
    const config = await loadConfig(root);
    const scanned = await scanRepository(root, { config: config.config });
    const index = await indexRepository(scanned.scan, { contents: scanned.contents, workers: 0 });
    const paths = index.files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['src/api.ts', 'lib/legacy.js', 'tools/run.py']));
    const api = index.files.find((file) => file.path === 'src/api.ts')!;
    // The shapes the check must see: a renamed export, a re-export, a documented member, a route.
    expect(api.exports.some((fact) => fact.local !== undefined && fact.from === undefined)).toBe(true);
    expect(api.exports.some((fact) => fact.from !== undefined)).toBe(true);
    expect(api.symbols.some((symbol) => symbol.container !== undefined && symbol.doc)).toBe(true);
    expect(api.routes.length + api.env.length).toBeGreaterThanOrEqual(2);
    const legacy = index.files.find((file) => file.path === 'lib/legacy.js')!;
    expect(legacy.exports.some((fact) => fact.commonjs)).toBe(true);

    for (const file of index.files) {
      expect(unsortedObjects(file, file.path)).toEqual([]);
      const stored = storedEntry(file);
      expect(unsortedObjects(stored, file.path)).toEqual([]);
      expect(unsortedObjects(entryFromStored(stored), file.path)).toEqual([]);
    }
    expect(storedEntry(api)).toHaveProperty('otherExports');
  });
});
