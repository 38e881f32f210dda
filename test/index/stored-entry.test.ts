import { describe, expect, it } from 'vitest';
import { typescriptAdapter } from '../../src/index/languages/typescript.js';
import { entryFromStored, storedEntry } from '../../src/index/stored-entry.js';
import type { IndexedFile } from '../../src/index/types.js';
import { stableStringify } from '../../src/shared/json.js';

const entry = (text: string, path = 'src/example.ts'): IndexedFile => ({
  path,
  language: 'typescript',
  kind: 'source',
  hash: 'h',
  extractor: 'typescript@test',
  ...typescriptAdapter.extract({ path, text }),
});

/** Through the bytes a shard holds, as a reader gets it back. */
const roundTrip = (file: IndexedFile) => entryFromStored(JSON.parse(stableStringify(storedEntry(file))));

describe('index entries as a shard stores them', () => {
  it('leaves out the exports that only repeat an exported symbol, and restores them in order', () => {
    const file = entry(
      [
        "export { helper as aid } from './helper.js';",
        'export interface Options { size: number }',
        'export function run(options: Options) { return options.size; }',
        'const local = 1;',
        'export { local as renamed };',
        'export type Size = number;',
        'export default function () {}',
        "export * from './more.js';",
      ].join('\n'),
    );
    const stored = storedEntry(file);
    expect('exports' in stored).toBe(false);
    const other = (stored as { otherExports: IndexedFile['exports'] }).otherExports;
    expect(other.map((fact) => fact.name)).toEqual(
      file.exports
        .filter((fact) => !['Options', 'run', 'Size', 'default'].includes(fact.name))
        .map((fact) => fact.name),
    );
    expect(other.length).toBeLessThan(file.exports.length);
    expect(roundTrip(file)).toEqual(file);
    expect(stableStringify(roundTrip(file))).toBe(stableStringify(file));
  });

  it('states the export of a symbol exported by a later clause; restores a named default export', () => {
    const clause = entry('const local = 1;\nexport { local };\nexport default class Runner {}\n');
    const stored = storedEntry(clause) as { otherExports: IndexedFile['exports'] };
    expect(stored.otherExports).toEqual([{ name: 'local', typeOnly: false, line: 2 }]);
    expect(roundTrip(clause)).toEqual(clause);
  });

  it('keeps the exports whole when the symbols do not say them (CommonJS) or would restore another order', () => {
    const commonjs = entry('function f() {}\nfunction g() {}\nmodule.exports = { f, g };\n', 'lib/a.cjs');
    expect(storedEntry(commonjs)).toBe(commonjs);
    const file = entry('export const a = 1;\nexport const b = 2;\n');
    const swapped = { ...file, exports: [file.exports[1]!, file.exports[0]!] };
    expect(storedEntry(swapped)).toBe(swapped);
    const typed = { ...file, exports: file.exports.map((fact) => ({ ...fact, typeOnly: true })) };
    expect(storedEntry(typed)).toBe(typed);
    expect(roundTrip(swapped)).toEqual(swapped);
  });

  it('reads an entry of the older schema (every export listed) as it is', () => {
    const file = entry('export const a = 1;\n');
    expect(entryFromStored(JSON.parse(stableStringify(file)))).toEqual(file);
  });
});
