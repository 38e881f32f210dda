/**
 * `benchmark tests` at the level of test cases. The commit's own tests, as cases: the cases of its
 * test files whose lines it added or changed and that existed before it (a case it added cannot
 * be selected, as a test file it added cannot; those are counted). A case counts as changed when
 * its own text changed, spaces aside: a re-indented case, or one the diff's alignment touches at
 * a closing bracket it shares with an added neighbour, is not. A file the commit changed
 * outside any case (a helper, an import) is one unit, covered when any of it runs. The suite's
 * size is its cases (a file without cases found counts as one); a selected file runs its chosen
 * cases, or all of them.
 */

import {
  type CaseContext,
  caseName,
  findTestCases,
  type SelectedTest,
  suiteCaseContext,
  type TestCase,
} from '../api/index.js';
import { DIFF_U0, parseDiffHunks, runGit } from '../shared/git.js';
import { escapeRegex } from '../shared/regex.js';

export interface CaseGold {
  /** `file > case name`, or the file alone for a change outside its cases. */
  units: string[];
  /** Cases the commit added to existing test files (left out of gold: they did not exist to be selected). */
  added: number;
}

export interface CaseSuite {
  count: number;
  context: CaseContext;
  casesOf(file: string): TestCase[];
  /** A test file's text before the commit. */
  textOf(file: string): string;
}

export function caseSuite(
  suite: readonly string[],
  readFile: (path: string) => string | undefined,
  macroFiles: readonly string[] = suite,
): CaseSuite {
  const context = suiteCaseContext(macroFiles, readFile);
  const found = new Map<string, TestCase[]>();
  const casesOf = (file: string) => {
    if (!found.has(file)) found.set(file, findTestCases(file, readFile(file) ?? '', context));
    return found.get(file)!;
  };
  return {
    count: suite.reduce((sum, file) => sum + Math.max(1, casesOf(file).length), 0),
    context,
    casesOf,
    textOf: (file) => readFile(file) ?? '',
  };
}

/** The commit's changed cases in its (pre-existing) test files. */
export async function caseGold(
  root: string,
  commit: { sha: string; parent: string },
  files: readonly string[],
  before: CaseSuite,
): Promise<CaseGold> {
  if (files.length === 0) return { units: [], added: 0 };
  const diff = await runGit([...DIFF_U0, commit.parent, commit.sha, '--', ...files], root);
  const hunks = parseDiffHunks(diff.stdout);
  const units: string[] = [];
  let added = 0;
  for (const file of files) {
    const after = await runGit(['show', `${commit.sha}:${file}`], root);
    const cases = findTestCases(file, after.stdout, before.context);
    const touched = touchedCases(cases, hunks.get(file) ?? []);
    const now = caseTexts(file, cases, after.stdout);
    const existing = caseTexts(file, before.casesOf(file), before.textOf(file));
    const kept = touched.filter((name) => existing.has(name));
    added += touched.length - kept.length;
    const changed = kept.filter((name) => existing.get(name) !== now.get(name));
    units.push(...(touched.length === 0 ? [file] : changed.map((name) => `${file} > ${name}`)));
  }
  return { units: [...new Set(units)].sort(), added };
}

function touchedCases(
  cases: readonly TestCase[],
  hunks: ReadonlyArray<{ start: number; count: number }>,
): string[] {
  const touched = cases.filter((testCase) =>
    hunks.some(({ start, count }) => {
      const last = count === 0 ? start + 1 : start + count - 1;
      return start <= testCase.endLine && last >= testCase.line;
    }),
  );
  return [...new Set(touched.map((testCase) => caseName(testCase)))];
}

/**
 * Each case's name and its lines' text, spaces aside (`git diff -w` would show nothing between
 * two equal ones) but for Python's indentation, which is syntax; cases of the same name are joined.
 */
function caseTexts(file: string, cases: readonly TestCase[], text: string): Map<string, string> {
  const lines = text.split('\n');
  const indented = file.endsWith('.py');
  const bare = (line: string) => (indented ? (/^\s*/.exec(line)?.[0] ?? '') : '') + line.replace(/\s+/g, '');
  const texts = new Map<string, string>();
  for (const testCase of cases) {
    const body = lines
      .slice(testCase.line - 1, testCase.endLine)
      .map(bare)
      .join('\n');
    const name = caseName(testCase);
    texts.set(name, texts.has(name) ? `${texts.get(name)}\n${body}` : body);
  }
  return texts;
}

/** The units a level's selection runs: every case of a whole file, the chosen cases of a narrowed one. */
export function unitsRun(
  tests: readonly SelectedTest[],
  suite: CaseSuite,
): { count: number; covers(unit: string): boolean } {
  const whole = new Set<string>();
  const chosen = new Set<string>();
  let count = 0;
  for (const test of tests) {
    if (test.cases) {
      for (const testCase of test.cases) chosen.add(`${test.file} > ${testCase.name}`);
      count += test.cases.length;
    } else {
      whole.add(test.file);
      count += Math.max(1, suite.casesOf(test.file).length);
    }
  }
  const files = new Set(tests.map((test) => test.file));
  return {
    count,
    covers: (unit) => {
      const file = unit.includes(' > ') ? unit.slice(0, unit.indexOf(' > ')) : unit;
      return whole.has(file) || chosen.has(unit) || (unit === file && files.has(file));
    },
  };
}

/**
 * A changed data file under the tests (a snapshot, a fixture, a `.toml` case) is no test a runner
 * runs: it counts for the suite's tests that name it, by its path (from the root or from the
 * test's folder), its file name, or a folder of it below the top test folder (a glob such as
 * `tests/ui/*.toml`). A data file no test names is left out of the gold, and counted.
 */
export function dataReaders(
  data: readonly string[],
  suite: readonly string[],
  readFile: (path: string) => string | undefined,
): { readers: string[]; unread: string[] } {
  const readers = new Set<string>();
  const unread: string[] = [];
  for (const file of data) {
    const found = suite.filter((test) => namesDataFile(readFile(test) ?? '', test, file));
    if (found.length === 0) unread.push(file);
    for (const test of found) readers.add(test);
  }
  return { readers: [...readers].sort(), unread: unread.sort() };
}

function namesDataFile(text: string, test: string, file: string): boolean {
  const testDir = test.includes('/') ? test.slice(0, test.lastIndexOf('/') + 1) : '';
  const relative = file.startsWith(testDir) ? file.slice(testDir.length) : undefined;
  const names = [file, ...folderPrefixes(file, 2)];
  if (relative) names.push(relative, ...folderPrefixes(relative, 2));
  const base = file.slice(file.lastIndexOf('/') + 1);
  const quoted = new RegExp(`['"\`/]${escapeRegex(base)}['"\`]`);
  return (
    quoted.test(text) || names.some((name) => new RegExp(`(^|['"\`/(])${escapeRegex(name)}`, 'm').test(text))
  );
}

/** `a/b/c/x.toml` -> `a/b/c/`, `a/b/`, … down to `least` folders. */
function folderPrefixes(path: string, least: number): string[] {
  const folders = path.split('/').slice(0, -1);
  const prefixes: string[] = [];
  for (let depth = folders.length; depth >= least; depth--)
    prefixes.push(`${folders.slice(0, depth).join('/')}/`);
  return prefixes;
}
