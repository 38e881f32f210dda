/**
 * `benchmark tests`: replays commits that changed source and tests together. For each, the
 * commit's source changes alone are applied to its parent, and `tests` is asked which tests prove
 * them; the commit's own (already existing) test files are the gold. Reports recall at the minimal
 * and the regression level, the size of each selection and the share of the suite selected.
 */
import * as api from '../api/index.js';
import type { EventBus } from '../shared/events.js';
import { runGit } from '../shared/git.js';
import { inWorktree, median, recentCommits, repositoryRoot, round } from './history.js';

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
  /** The commit's test files that existed before it (new tests cannot be selected). */
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
  /** Each selected test with its level, evidence score and reason. */
  selected: Array<{ file: string; level: 'minimal' | 'regression'; evidence: number; reason: string }>;
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
      if (outcome.gold.length === 0) skipped.push({ sha: entry.commit.sha, reason: 'its tests are all new' });
      else cases.push({ ...outcome, subject: entry.commit.subject });
    } catch (error) {
      skipped.push({ sha: entry.commit.sha, reason: (error as Error).message });
    }
  }
  return { repository: root, cases, skipped, ...summarize(cases) };
}

function split(changes: Array<[string, string]>) {
  const kind = (path: string) => api.classifyPath(path).kind;
  return {
    sources: changes.filter(([, path]) => kind(path) === 'source'),
    tests: changes
      .filter(([status, path]) => kind(path) === 'test' && status === 'M')
      .map(([, path]) => path),
    count: changes.length,
  };
}

async function runCase(
  root: string,
  { sha, parent }: { sha: string; parent: string },
  sources: Array<[string, string]>,
  gold: string[],
  share: number | undefined,
): Promise<Omit<TestsBenchmarkCase, 'subject'>> {
  return inWorktree(root, parent, async (dir) => {
    const present = sources.filter(([status]) => status !== 'D').map(([, path]) => path);
    const removed = sources.filter(([status]) => status === 'D').map(([, path]) => path);
    if (present.length > 0) await runGit(['checkout', sha, '--', ...present], dir);
    if (removed.length > 0) await runGit(['rm', '-q', '--', ...removed], dir);
    const selection = await api.selectTests(dir, share === undefined ? {} : { share });
    const files = (level: 'minimal' | 'regression') => selection[level].tests.map((test) => test.file);
    const runs = (level: 'minimal' | 'regression') =>
      filesRun(selection[level].commands, selection.available);
    return {
      sha,
      sources: sources.map(([, path]) => path).sort(),
      gold: [...gold].sort(),
      minimal: files('minimal'),
      regression: files('regression'),
      suite: Object.values(selection.available).reduce((sum, count) => sum + (count ?? 0), 0),
      runs: { minimal: runs('minimal'), regression: runs('regression') },
      selected: selection.regression.tests.map(({ file, level, evidence, reason }) => ({
        file,
        level,
        evidence,
        reason,
      })),
      notes: selection.notes,
    };
  });
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

function summarize(cases: TestsBenchmarkCase[]): Pick<TestsBenchmarkResult, 'recall' | 'median'> {
  let gold = 0;
  let minimal = 0;
  let regression = 0;
  for (const entry of cases) {
    gold += entry.gold.length;
    minimal += entry.gold.filter((file) => entry.minimal.includes(file)).length;
    regression += entry.gold.filter((file) => entry.regression.includes(file)).length;
  }
  return {
    recall: { minimal: gold ? round(minimal / gold) : 0, regression: gold ? round(regression / gold) : 0 },
    median: {
      minimal: median(cases.map((entry) => entry.minimal.length)),
      regression: median(cases.map((entry) => entry.regression.length)),
      regressionShare: round(
        median(cases.map((entry) => (entry.suite ? entry.regression.length / entry.suite : 0))),
      ),
    },
  };
}

export function formatTestsBenchmark(result: TestsBenchmarkResult): string {
  const lines = [
    `benchmark tests: ${result.cases.length} commit(s) of ${result.repository} (${result.skipped.length} skipped)`,
    `recall of the commit's own tests: minimal ${result.recall.minimal}, minimal or regression ${result.recall.regression}`,
    `median selection: minimal ${result.median.minimal}, regression ${result.median.regression} test file(s) (${Math.round(result.median.regressionShare * 100)}% of the suite)`,
  ];
  for (const entry of result.cases) {
    const missed = entry.gold.filter((file) => !entry.regression.includes(file));
    lines.push(
      `  ${entry.sha.slice(0, 10)} ${entry.sources.slice(0, 2).join(', ')}: minimal ${entry.minimal.length}, regression ${entry.regression.length}/${entry.suite}${missed.length ? `; missed ${missed.join(', ')}` : ''}`,
    );
  }
  return lines.join('\n');
}
