/**
 * Which tests cover which source files, from two kinds of evidence: the test imports the file,
 * or the test is named after it by a common convention (`foo.test.ts`, `test_foo.py`,
 * `foo_test.go`, `FooTest.java`, `__tests__/foo/…`, a `test.ts` beside `index.ts`,
 * `res.send.js` for the response module). Used both ways: a task that matches a test pulls in
 * the source it tests, and every source file brings its tests into the `tests` list.
 */
import type { GraphView } from '../graph/view.js';
import type { IndexedFile } from '../index/types.js';
import { baseName, directoryOf } from '../shared/path.js';
import { expandAbbreviation } from './text/abbreviations.js';
import { stemWord } from './text/stem.js';

export type TestLinkKind = 'imports' | 'name' | 'directory';

export interface TestLink {
  test: string;
  source: string;
  via: TestLinkKind;
  /** How sure the link is, 0..1. */
  strength: number;
}

export interface TestMap {
  sourcesOf(test: string): readonly TestLink[];
  testsOf(source: string): readonly TestLink[];
}

const STRENGTH: Record<TestLinkKind, number> = { imports: 1, name: 0.9, directory: 0.6 };
/** A source imported by more tests than this starts to lose link strength. */
const SHARED_IMPORT = 3;
const INDEX_NAMES = new Set(['index', '__init__', 'mod', 'main', 'lib', 'test', 'tests', 'spec']);

export function mapTests(files: readonly IndexedFile[], view: GraphView): TestMap {
  const sources = files.filter((file) => file.kind === 'source');
  const sourcesByKey = indexSourcesByKey(sources.map((file) => file.path));
  const sourceSet = new Set(sources.map((file) => file.path));
  const bySource = new Map<string, TestLink[]>();
  const byTest = new Map<string, TestLink[]>();
  const tests = files.filter((file) => file.kind === 'test');
  const importedByTests = new Map<string, number>();
  for (const test of tests)
    for (const path of view.dependenciesOf(test.path))
      importedByTests.set(path, (importedByTests.get(path) ?? 0) + 1);
  const testImporters = (source: string) => importedByTests.get(source) ?? 0;
  for (const test of tests) {
    const links = new Map<string, TestLink>();
    const add = (source: string, via: TestLinkKind, strength: number) => {
      const existing = links.get(source);
      if (!existing || existing.strength < strength)
        links.set(source, { test: test.path, source, via, strength });
    };
    for (const link of importLinks(test.path, view, sourceSet, testImporters))
      add(link.source, 'imports', link.strength);
    for (const link of nameLinks(test.path, sourcesByKey)) add(link.source, link.via, link.strength);
    const sorted = [...links.values()].sort((a, b) => b.strength - a.strength || compare(a.source, b.source));
    if (sorted.length === 0) continue;
    byTest.set(test.path, sorted);
    for (const link of sorted) {
      const list = bySource.get(link.source) ?? [];
      list.push(link);
      bySource.set(link.source, list);
    }
  }
  for (const list of bySource.values())
    list.sort((a, b) => b.strength - a.strength || compare(a.test, b.test));
  return {
    sourcesOf: (test) => byTest.get(test) ?? [],
    testsOf: (source) => bySource.get(source) ?? [],
  };
}

function importLinks(
  test: string,
  view: GraphView,
  sources: ReadonlySet<string>,
  testImporters: (source: string) => number,
): Array<{ source: string; strength: number }> {
  const imported = view.dependenciesOf(test).filter((path) => sources.has(path));
  // A test importing one module tests it; one importing ten is an integration test of each a
  // little; and a module most tests import (the package's entry, a barrel) is the door, not the subject.
  const spread = Math.sqrt(Math.max(1, imported.length));
  return imported.map((source) => ({
    source,
    strength: STRENGTH.imports / spread / Math.sqrt(Math.max(1, testImporters(source) / SHARED_IMPORT)),
  }));
}

/** Keys a source answers to: its file name (without `_` prefixes), or its folder for index files. */
function sourceKeys(path: string): string[] {
  const stem = normalize(stemOf(baseName(path)));
  const folder = normalize(baseName(directoryOf(path)));
  if (INDEX_NAMES.has(stem) || stem === '') return folder ? [folder] : [];
  return [stem];
}

function indexSourcesByKey(paths: readonly string[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const path of paths) {
    for (const key of sourceKeys(path)) {
      const list = byKey.get(key) ?? [];
      list.push(path);
      byKey.set(key, list);
    }
  }
  return byKey;
}

function nameLinks(
  test: string,
  sourcesByKey: Map<string, string[]>,
): Array<{ source: string; via: TestLinkKind; strength: number }> {
  const links: Array<{ source: string; via: TestLinkKind; strength: number }> = [];
  const stem = testStemOf(baseName(test));
  const candidates: Array<[string, TestLinkKind, number]> = [];
  if (stem && !INDEX_NAMES.has(normalize(stem))) {
    candidates.push([normalize(stem), 'name', STRENGTH.name]);
    const parts = stem.split(/[.\-_]+/).filter(Boolean);
    if (parts.length > 1) {
      for (const part of parts) {
        candidates.push([normalize(part), 'name', STRENGTH.name * 0.7]);
        const expanded = expandAbbreviation(part);
        if (expanded) candidates.push([normalize(expanded), 'name', STRENGTH.name * 0.7]);
      }
    }
    const expanded = expandAbbreviation(stem);
    if (expanded) candidates.push([normalize(expanded), 'name', STRENGTH.name]);
  }
  const folder = baseName(directoryOf(test));
  if (folder && !/^(__)?tests?(__)?$|^specs?$/i.test(folder)) {
    candidates.push([normalize(folder), 'directory', STRENGTH.directory]);
    const expanded = expandAbbreviation(folder);
    if (expanded) candidates.push([normalize(expanded), 'directory', STRENGTH.directory]);
  }
  for (const [key, via, strength] of candidates) {
    const matches = sourcesByKey.get(key);
    if (!matches) continue;
    for (const source of closest(test, matches)) links.push({ source, via, strength });
  }
  return links;
}

/** Of several sources with the same name, the ones sharing the longest folder prefix with the test. */
function closest(test: string, sources: readonly string[]): string[] {
  if (sources.length === 1) return [...sources];
  const shared = sources.map((source) => sharedPrefixLength(directoryOf(test), directoryOf(source)));
  const best = Math.max(...shared);
  return sources.filter((_, index) => shared[index] === best).slice(0, 3);
}

function sharedPrefixLength(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  let count = 0;
  while (count < left.length && count < right.length && left[count] === right[count]) count++;
  return count;
}

function stemOf(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/^_+/, '');
}

/** `foo.test.ts` -> foo, `test_foo.py` -> foo, `foo_test.go` -> foo, `FooTest.java` -> Foo. */
function testStemOf(name: string): string {
  return stemOf(name)
    .replace(/[._-](test|spec|e2e|bench|tests)$/i, '')
    .replace(/^(test|tests)[._-]/i, '')
    .replace(/(?<=[a-z0-9])(Test|Tests|Spec|IT)$/, '')
    .replace(/^_+/, '');
}

/** Lower-case letters and digits, singular: `Utils` and `util` are one key. */
function normalize(word: string): string {
  return stemWord(word.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
