/**
 * `benchmark tests`: replays commits that changed source and tests together. For each, the
 * commit's source changes alone are applied to its parent, and `tests` is asked which tests prove
 * them; the commit's own (already existing) test files are the gold. Reports recall at the minimal
 * and the regression level, the size of each selection and the share of the suite selected.
 */
import { analyzeChange } from '../api/impact.js';
import type * as api from '../api/index.js';
import { classifyPath, type RunnableTests } from '../api/index.js';
import { selectionWithSuite } from '../api/test-selection.js';
import type { EventBus } from '../shared/events.js';
import { runGit } from '../shared/git.js';
import { inWorktree, median, recentCommits, repositoryRoot, round } from './history.js';
import { type CaseGold, type CaseSuite, caseGold, caseSuite, dataReaders, unitsRun } from './tests-cases.js';

export interface TestsBenchmarkOptions {
  bus?: EventBus;
  /** Commits to replay. @default 20 */
  commits?: number;
  /** Commits of history to look through. @default 400 */
  scan?: number;
  /** The most of the suite `tests` may select at the regression level (default: its own, a quarter). */
  share?: number;
}

export interface TestsBenchmarkCase {
  sha: string;
  subject: string;
  sources: string[];
  /**
   * The commit's test files that existed before it (new tests cannot be selected), and the tests
   * that name a data file it changed (see `data`).
   */
  gold: string[];
  minimal: string[];
  regression: string[];
  /** Runnable test files in the suite. */
  suite: number;
  /**
   * Test files each level's commands run: the selection, or a runner's whole suite where the
   * command for it is the full one (a selection of most of a runner's tests runs all of them).
   */
  runs: { minimal: number; regression: number };
  /** Each selected test with its level, evidence score, reason and the cases it was narrowed to. */
  selected: Array<{
    file: string;
    level: 'minimal' | 'regression';
    evidence: number;
    reason: string;
    cases?: string[];
  }>;
  /** Changed data files under the tests: the tests that name them (counted in the gold), and those no test names (left out). */
  data: { readers: string[]; unread: string[] };
  /** Changed Rust tests whose crate neither is nor builds on a changed crate: the change cannot run in their binary (left out, counted). */
  unlinked: string[];
  /**
   * Changed support files of a Cargo test target (a helper module, a root that only declares
   * modules; in the gold): nothing runs them alone, so each is covered at a level when that level
   * runs a test of its target (`run`).
   */
  support: { files: string[]; run: Record<'minimal' | 'regression', string[]> };
  /** The same case at the level of test cases (see tests-cases.ts). */
  cases: {
    /** `file > case`, or a file changed outside its cases (or a data file's reader) as one unit. */
    gold: string[];
    /** Cases the commit added to its test files: left out, as new test files are. */
    added: number;
    /** Cases in the suite (a file without cases found counts as one). */
    suite: number;
    covered: { minimal: number; regression: number };
    /** Cases each level runs; `regressionWhole`: what the regression level would run with every file whole. */
    selected: { minimal: number; regression: number; regressionWhole: number };
  };
  notes: string[];
}

export interface TestsBenchmarkResult {
  repository: string;
  cases: TestsBenchmarkCase[];
  skipped: Array<{ sha: string; reason: string }>;
  /** Share of gold tests selected at the minimal level, and at minimal or regression. */
  recall: { minimal: number; regression: number };
  /** Median selection sizes and median share of the suite the regression level selects. */
  median: { minimal: number; regression: number; regressionShare: number };
  /**
   * The same at the level of test cases: recall of the commit's changed cases (the mean over the
   * commits that have any, each commit weighing the same), the median share
   * of the suite's cases each level runs, and (`regressionWholeShare`) what the regression level
   * would run with every selected file whole.
   */
  caseLevel: {
    recall: { minimal: number; regression: number };
    median: { minimalShare: number; regressionShare: number; regressionWholeShare: number };
    /** Cases the commits added (left out of gold), changed data files no test names, changed Rust tests that link no changed crate (left out). */
    leftOut: { addedCases: number; unreadDataFiles: number; unlinkedTests: number };
  };
}

const MAX_FILES = 15;

export async function benchmarkTests(
  directory = '.',
  options: TestsBenchmarkOptions = {},
): Promise<TestsBenchmarkResult> {
  const root = await repositoryRoot(directory);
  const wanted = options.commits ?? 20;
  const candidates = (await recentCommits(root, options.scan ?? 400))
    .map((commit) => ({ commit, ...split(commit.changes) }))
    .filter((entry) => entry.sources.length > 0 && entry.tests.length > 0 && entry.count <= MAX_FILES)
    .slice(0, wanted);
  const cases: TestsBenchmarkCase[] = [];
  const skipped: TestsBenchmarkResult['skipped'] = [];
  for (const [position, entry] of candidates.entries()) {
    options.bus?.progress('benchmark tests', position, candidates.length);
    try {
      const outcome = await runCase(root, entry.commit, entry.sources, entry.tests, options.share);
      if (outcome.gold.length === 0)
        skipped.push({
          sha: entry.commit.sha,
          reason:
            outcome.unlinked.length > 0 ? 'its changed tests link no changed crate' : 'its tests are all new',
        });
      else cases.push({ ...outcome, subject: entry.commit.subject });
    } catch (error) {
      skipped.push({ sha: entry.commit.sha, reason: (error as Error).message });
    }
  }
  return { repository: root, cases, skipped, ...summarize(cases) };
}

/** A commit's sources, and its changed tests: test files and the data under the tests they read (snapshots, `.toml` cases). */
function split(changes: Array<[string, string]>) {
  const kind = (path: string) => classifyPath(path).kind;
  const isTest = (path: string) => kind(path) === 'test' || kind(path) === 'fixture';
  return {
    sources: changes.filter(([, path]) => kind(path) === 'source'),
    tests: changes.filter(([status, path]) => isTest(path) && status === 'M').map(([, path]) => path),
    count: changes.length,
  };
}

async function runCase(
  root: string,
  commit: { sha: string; parent: string },
  sources: Array<[string, string]>,
  changedTests: string[],
  share: number | undefined,
): Promise<Omit<TestsBenchmarkCase, 'subject'>> {
  return inWorktree(root, commit.parent, async (dir) => {
    const present = sources.filter(([status]) => status !== 'D').map(([, path]) => path);
    const removed = sources.filter(([status]) => status === 'D').map(([, path]) => path);
    if (present.length > 0) await runGit(['checkout', commit.sha, '--', ...present], dir);
    if (removed.length > 0) await runGit(['rm', '-q', '--', ...removed], dir);
    const analysis = await analyzeChange(dir, {});
    const { selection, suite: runnable } = await selectionWithSuite(analysis, share);
    const readFile = analysis.tree.inference.readFile;
    const suite = [...runnable.runnable.keys()];
    const cases = caseSuite(suite, readFile, runnable.matched);
    const linked = (file: string) =>
      runnable.cargo.linksChange(
        file,
        sources.map(([, path]) => path),
      ) !== false;
    const gold = splitGold(changedTests.filter(linked), suite, cases, runnable.cargo);
    const unlinked = changedTests.filter((file) => !linked(file));
    const data = dataReaders(gold.data, suite, readFile);
    const files = (level: 'minimal' | 'regression') => selection[level].tests.map((test) => test.file);
    const runs = (level: 'minimal' | 'regression') =>
      filesRun(selection[level].commands, selection.available);
    const supportRun = (level: 'minimal' | 'regression') =>
      gold.support.filter((file) => files(level).some((test) => runnable.cargo.runsSupport(file, test)));
    const caseGoldUnits = await caseGold(root, commit, [...gold.tests, ...gold.support], cases);
    return {
      sha: commit.sha,
      sources: sources.map(([, path]) => path).sort(),
      gold: [...new Set([...gold.tests, ...gold.support, ...data.readers])].sort(),
      data: { readers: data.readers, unread: data.unread },
      unlinked,
      support: {
        files: gold.support,
        run: { minimal: supportRun('minimal'), regression: supportRun('regression') },
      },
      minimal: files('minimal'),
      regression: files('regression'),
      suite: Object.values(selection.available).reduce((sum, count) => sum + (count ?? 0), 0),
      runs: { minimal: runs('minimal'), regression: runs('regression') },
      cases: caseLevel(selection, cases, caseGoldUnits, data.readers, {
        minimal: supportRun('minimal'),
        regression: supportRun('regression'),
      }),
      selected: selection.regression.tests.map(({ file, level, evidence, reason, cases: chosen }) => ({
        file,
        level,
        evidence,
        reason,
        ...(chosen ? { cases: chosen.map((testCase) => testCase.name) } : {}),
      })),
      notes: selection.notes,
    };
  });
}

/**
 * The commit's changed test files: tests the suite runs (or that hold cases); support files of a
 * Cargo test target (a helper module, a root that only declares modules: proven when any test
 * of the target runs); and data files (including Rust files no target compiles).
 */
function splitGold(
  changed: readonly string[],
  suite: readonly string[],
  cases: CaseSuite,
  cargo: RunnableTests['cargo'],
) {
  const inSuite = new Set(suite);
  const isSupport = (file: string) => cargo.roleOf(file) === 'support';
  const isTest = (file: string) =>
    !isSupport(file) &&
    cargo.roleOf(file) !== 'not-compiled' &&
    (inSuite.has(file) || cases.casesOf(file).length > 0);
  return {
    tests: changed.filter(isTest),
    support: changed.filter(isSupport),
    data: changed.filter((file) => !isTest(file) && !isSupport(file)),
  };
}

function caseLevel(
  selection: api.TestSelection,
  suite: CaseSuite,
  gold: CaseGold,
  readers: readonly string[],
  supportRun: Record<'minimal' | 'regression', readonly string[]>,
): TestsBenchmarkCase['cases'] {
  const units = [
    ...new Set([
      ...gold.units,
      ...readers.filter((file) => !gold.units.some((unit) => unit.startsWith(`${file} > `))),
    ]),
  ].sort();
  const minimal = unitsRun(selection.minimal.tests, suite);
  const regression = unitsRun(selection.regression.tests, suite);
  const whole = unitsRun(
    selection.regression.tests.map(({ cases: _cases, ...test }) => test),
    suite,
  );
  return {
    gold: units,
    added: gold.added,
    suite: suite.count,
    covered: {
      minimal: units.filter((unit) => minimal.covers(unit) || supportRun.minimal.includes(unit)).length,
      regression: units.filter((unit) => regression.covers(unit) || supportRun.regression.includes(unit))
        .length,
    },
    selected: { minimal: minimal.count, regression: regression.count, regressionWhole: whole.count },
  };
}

/** Test files a level's commands run, per runner (a runner's command lines all carry the level's count). */
function filesRun(commands: api.TestCommand[], available: api.TestSelection['available']): number {
  const perRunner = new Map<string, number>();
  for (const command of commands) {
    const count = command.tests === 'all' ? (available[command.runner] ?? 0) : command.tests;
    perRunner.set(command.runner, Math.max(perRunner.get(command.runner) ?? 0, count));
  }
  return [...perRunner.values()].reduce((sum, count) => sum + count, 0);
}

function summarize(
  cases: TestsBenchmarkCase[],
): Pick<TestsBenchmarkResult, 'recall' | 'median' | 'caseLevel'> {
  let gold = 0;
  let minimal = 0;
  let regression = 0;
  for (const entry of cases) {
    gold += entry.gold.length;
    minimal += covered(entry, 'minimal').length;
    regression += covered(entry, 'regression').length;
  }
  return {
    recall: { minimal: ratio(minimal, gold), regression: ratio(regression, gold) },
    median: {
      minimal: median(cases.map((entry) => entry.minimal.length)),
      regression: median(cases.map((entry) => entry.regression.length)),
      regressionShare: round(
        median(cases.map((entry) => (entry.suite ? entry.regression.length / entry.suite : 0))),
      ),
    },
    caseLevel: summarizeCases(cases),
  };
}

function summarizeCases(cases: TestsBenchmarkCase[]): TestsBenchmarkResult['caseLevel'] {
  const sum = (of: (entry: TestsBenchmarkCase) => number) =>
    cases.reduce((total, entry) => total + of(entry), 0);
  const share = (of: (entry: TestsBenchmarkCase['cases']) => number) =>
    round(median(cases.map((entry) => (entry.cases.suite ? of(entry.cases) / entry.cases.suite : 0))));
  // Each commit weighs the same: a restyling commit touches every case of a file, and would otherwise outweigh the rest.
  const scored = cases.filter((entry) => entry.cases.gold.length > 0);
  const recallOf = (level: 'minimal' | 'regression') =>
    round(
      scored.reduce((total, entry) => total + entry.cases.covered[level] / entry.cases.gold.length, 0) /
        Math.max(1, scored.length),
    );
  return {
    recall: { minimal: recallOf('minimal'), regression: recallOf('regression') },
    median: {
      minimalShare: share((entry) => entry.selected.minimal),
      regressionShare: share((entry) => entry.selected.regression),
      regressionWholeShare: share((entry) => entry.selected.regressionWhole),
    },
    leftOut: {
      addedCases: sum((entry) => entry.cases.added),
      unreadDataFiles: sum((entry) => entry.data.unread.length),
      unlinkedTests: sum((entry) => entry.unlinked.length),
    },
  };
}

/** The gold a level runs: the gold tests it selects, and the support files a test it selects runs. */
function covered(entry: TestsBenchmarkCase, level: 'minimal' | 'regression'): string[] {
  return entry.gold.filter((file) => entry[level].includes(file) || entry.support.run[level].includes(file));
}

function ratio(part: number, whole: number): number {
  return whole ? round(part / whole) : 0;
}

export function formatTestsBenchmark(result: TestsBenchmarkResult): string {
  const lines = [
    `benchmark tests: ${result.cases.length} commit(s) of ${result.repository} (${result.skipped.length} skipped)`,
    `recall of the commit's own tests: minimal ${result.recall.minimal}, minimal or regression ${result.recall.regression}`,
    `median selection: minimal ${result.median.minimal}, regression ${result.median.regression} test file(s) (${Math.round(result.median.regressionShare * 100)}% of the suite)`,
    `test cases: recall minimal ${result.caseLevel.recall.minimal}, minimal or regression ${result.caseLevel.recall.regression}; median regression ${percent(result.caseLevel.median.regressionShare)} of the suite's cases (${percent(result.caseLevel.median.regressionWholeShare)} with every selected file whole)`,
    `left out of the gold: ${result.caseLevel.leftOut.addedCases} case(s) the commits added, ${result.caseLevel.leftOut.unreadDataFiles} changed data file(s) no test names, ${result.caseLevel.leftOut.unlinkedTests} changed Rust test file(s) whose crate links no changed crate`,
  ];
  for (const entry of result.cases) {
    const hit = covered(entry, 'regression');
    const missed = entry.gold.filter((file) => !hit.includes(file));
    lines.push(
      `  ${entry.sha.slice(0, 10)} ${entry.sources.slice(0, 2).join(', ')}: minimal ${entry.minimal.length}, regression ${entry.regression.length}/${entry.suite}${missed.length ? `; missed ${missed.join(', ')}` : ''}`,
    );
  }
  return lines.join('\n');
}

function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}
