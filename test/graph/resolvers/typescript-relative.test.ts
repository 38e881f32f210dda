/**
 * Relative specifiers are resolved by joining them to the importer's folder (`joinRelative`) and
 * looking the result up among the scanned files; what that cannot settle still goes to the
 * resolver. The join must give what `posix.normalize(posix.join(...))` gives, for every shape.
 */
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinRelative, resolveRelativeInScan } from '../../../src/graph/resolvers/typescript.js';
import { edgesFrom, graphOf, unresolvedOf } from './graph-of.js';

const folders = ['', 'src', 'src/a', 'src/a/b', 'a.b/c', '.hidden/x'];
const specifiers = [
  '.',
  './',
  './x',
  './x.js',
  './x/index',
  '../x',
  '../../x',
  '../../../x',
  '../../../../x',
  './a/../b',
  './a/./b',
  '.././x',
  './..x',
  './x/',
  './x//y',
  '..',
  '../..',
];

describe('joinRelative', () => {
  it('gives what posix.normalize(posix.join()) gives, or undefined above the root', () => {
    for (const folder of folders) {
      for (const specifier of specifiers) {
        const expected = posix.normalize(posix.join(folder || '.', specifier));
        const joined = joinRelative(folder, specifier);
        if (joined === undefined) expect(expected.startsWith('..'), `${folder} + ${specifier}`).toBe(true);
        else expect(joined, `${folder} + ${specifier}`).toBe(expected);
      }
    }
    expect(joinRelative('src', '../../x')).toBeUndefined();
  });

  it('finds index files and extensions among the scanned files, and nothing above the root', () => {
    const files = new Set([
      'src/a/index.ts',
      'src/b.tsx',
      'src/c.ts',
      'lib/pkg/package.json',
      'lib/pkg/index.js',
    ]);
    expect(resolveRelativeInScan('src', './a', files)).toBe('src/a/index.ts');
    expect(resolveRelativeInScan('src/a', '../b', files)).toBe('src/b.tsx');
    expect(resolveRelativeInScan('src/a', '../c.js', files)).toBe('src/c.ts');
    expect(resolveRelativeInScan('src/a', './../c?raw', files)).toBe('src/c.ts');
    expect(resolveRelativeInScan('src', '../../c', files)).toBeUndefined();
    // A folder with a package.json: its main field decides, so the resolver is asked.
    expect(resolveRelativeInScan('lib', './pkg', files)).toBeUndefined();
  });
});

describe('relative imports in a real graph', () => {
  it('resolves by the file set and leaves the rest to the resolver', async () => {
    const graph = await graphOf({
      'package.json': JSON.stringify({ name: 'relative', type: 'module' }),
      'src/main.ts': [
        "import { a } from './a';",
        "import { b } from '../lib/b.js';",
        "import { pkg } from './pkg';",
        "import { gone } from '../../outside.js';",
        "import { none } from './missing.js';",
        '',
      ].join('\n'),
      'src/a/index.ts': 'export const a = 1;\n',
      'lib/b.ts': 'export const b = 2;\n',
      'src/pkg/package.json': JSON.stringify({ name: 'pkg', main: './entry.js' }),
      'src/pkg/entry.js': 'export const pkg = 3;\n',
      'src/pkg/index.js': 'export const wrong = 4;\n',
    });
    expect(edgesFrom(graph, 'src/main.ts')).toEqual([
      'src/main.ts:1 -> src/a/index.ts',
      'src/main.ts:2 -> lib/b.ts',
      'src/main.ts:3 -> src/pkg/entry.js',
    ]);
    expect(unresolvedOf(graph).map((line) => line.replace(/ \(.*$/, ''))).toEqual([
      'src/main.ts:4 ../../outside.js',
      'src/main.ts:5 ./missing.js',
    ]);
  });
});
