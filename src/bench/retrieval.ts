/**
 * `benchmarkRetrieval()`: how well retrieval finds the files a repository's own recent commits
 * changed. Each commit that touched 1–4 source files becomes a case: task = its message, gold =
 * the source files it changed that existed before, repository = its parent checked out in a
 * temporary worktree (a cold build every time). Reports recall at 1/3/5/10, MRR, the share of
 * gold files the default pack shows (in full or as a skeleton), time per query, and the same
 * ranking metrics for the plain-BM25 ablation.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as api from '../api/index.js';
import { usageError } from '../shared/errors.js';
import type { EventBus } from '../shared/events.js';
import { removePath } from '../shared/fs.js';
import { git, gitTopLevel, runGit } from '../shared/git.js';
import { joinPath, resolveAbsolute } from '../shared/path.js';
import { commitLogRecords } from './history.js';

export interface RetrievalBenchmarkOptions {
  /** How many commits to evaluate (the most recent that qualify). @default 20 */
  commits?: number;
  /** Pack budget for the packed-share metric. @default 12000 */
  budget?: number;
  /** How many commits of history to look through for qualifying ones. @default 400 */
  scan?: number;
  bus?: EventBus;
}

export interface BenchmarkCase {
  sha: string;
  parent: string;
  subject: string;
  gold: string[];
  /** 1-based rank of each gold file in the fused ranking (null: not in the top 10). */
  ranks: Array<number | null>;
  ablationRanks: Array<number | null>;
  /** Gold files the pack shows in full or as a skeleton. */
  packed: string[];
  /** Cold: context build plus the query. */
  seconds: number;
  /** The same query again on the built context. */
  warmSeconds: number;
}

export interface RankingMetrics {
  recallAt1: number;
  recallAt3: number;
  recallAt5: number;
  recallAt10: number;
  mrr: number;
}

export interface RetrievalBenchmarkResult {
  repository: string;
  head: string;
  cases: BenchmarkCase[];
  skipped: Array<{ sha: string; reason: string }>;
  fused: RankingMetrics & {
    packedShare: number;
    meanSeconds: number;
    maxSeconds: number;
    meanWarmSeconds: number;
  };
  ablation: RankingMetrics & { name: 'plain-bm25' };
  budget: number;
}

/** A replayable commit: its parent is the state, its message the task, its source files the gold. */
export interface Candidate {
  sha: string;
  parent: string;
  subject: string;
  body: string;
  gold: string[];
}

const TOP = 10;
const MAX_CHANGED_FILES = 15;
const MAX_GOLD = 4;

export async function benchmarkRetrieval(
  directory = '.',
  options: RetrievalBenchmarkOptions = {},
): Promise<RetrievalBenchmarkResult> {
  const root = await gitTopLevel(resolveAbsolute(directory));
  if (!root)
    throw usageError(
      `${resolveAbsolute(directory)} is not inside a git work tree`,
      'the benchmark replays git history',
    );
  const wanted = options.commits ?? 20;
  const budget = options.budget ?? 12_000;
  const candidates = await qualifyingCommits(root, wanted, options.scan ?? 400);
  const head = (await git(['rev-parse', 'HEAD'], root)).trim();
  const scratch = mkdtempSync(joinPath(tmpdir(), 'ocpp-bench-'));
  const cases: BenchmarkCase[] = [];
  const skipped: RetrievalBenchmarkResult['skipped'] = [];
  try {
    for (const [position, candidate] of candidates.entries()) {
      options.bus?.progress('benchmark', position, candidates.length);
      const outcome = await runCase(root, scratch, candidate, budget);
      if ('reason' in outcome) skipped.push({ sha: candidate.sha, reason: outcome.reason });
      else cases.push(outcome);
      options.bus?.log('info', describeCase(candidate, outcome));
    }
    options.bus?.progress('benchmark', candidates.length, candidates.length);
  } finally {
    await runGit(['worktree', 'prune'], root);
    await removePath(scratch);
  }
  return { repository: root, head, cases, skipped, ...summarize(cases), budget };
}

/**
 * Newest first: non-merge commits changing 1–4 existing source files and at most 15 files in all.
 * `root` may be a bare repository (scripts/retrieval-heldout.mjs picks cases from mirrors).
 */
export async function qualifyingCommits(root: string, wanted: number, scan: number): Promise<Candidate[]> {
  const found: Candidate[] = [];
  for (const record of await commitLogRecords(root, scan, '%H%x01%P%x01%s%x01%b%x02')) {
    if (found.length >= wanted) break;
    const candidate = parseRecord(record);
    if (candidate) found.push(candidate);
  }
  return found;
}

function parseRecord(record: string): Candidate | undefined {
  const [header, changes = ''] = record.split('\x02');
  const [sha, parents, subject, body] = (header ?? '').split('\x01');
  const parent = parents?.split(' ')[0];
  if (!sha || !parent || !subject || subject.trim().split(/\s+/).length < 3) return undefined;
  const lines = changes.split('\n').filter((line) => /^[A-Z]\t/.test(line));
  if (lines.length === 0 || lines.length > MAX_CHANGED_FILES) return undefined;
  const gold = lines
    .filter((line) => line.startsWith('M\t') || line.startsWith('D\t'))
    .map((line) => line.slice(2))
    .filter((path) => api.classifyPath(path).kind === 'source')
    .sort();
  if (gold.length === 0 || gold.length > MAX_GOLD) return undefined;
  return { sha, parent, subject: subject.trim(), body: cleanBody(body ?? ''), gold };
}

function cleanBody(body: string): string {
  return body
    .split('\n')
    .filter((line) => !/^(signed-off-by|co-authored-by|reviewed-by|change-id):/i.test(line.trim()))
    .join('\n')
    .trim();
}

async function runCase(
  root: string,
  scratch: string,
  candidate: Candidate,
  budget: number,
): Promise<BenchmarkCase | { reason: string }> {
  const worktree = joinPath(scratch, candidate.sha.slice(0, 12));
  const added = await runGit(['worktree', 'add', '--detach', '--force', worktree, candidate.parent], root);
  if (added.exitCode !== 0)
    return { reason: `could not check out ${candidate.parent}: ${added.stderr.trim()}` };
  try {
    const task = candidate.body ? `${candidate.subject}\n\n${candidate.body}` : candidate.subject;
    const started = performance.now();
    const fused = await api.retrieve(task, worktree, { top: TOP, tests: 0 });
    const seconds = (performance.now() - started) / 1000;
    const warmStarted = performance.now();
    await api.retrieve(task, worktree, { top: TOP, tests: 0 });
    const warmSeconds = (performance.now() - warmStarted) / 1000;
    const ablation = await api.retrieve(task, worktree, { top: TOP, tests: 0, mode: 'plain-bm25' });
    const packed = await api.pack(task, worktree, { budget, tests: 0 });
    const shown = new Set(
      packed.files.filter((file) => file.representation !== 'line').map((file) => file.path),
    );
    const rankOf = (paths: string[]) => (gold: string) => {
      const index = paths.indexOf(gold);
      return index === -1 ? null : index + 1;
    };
    return {
      sha: candidate.sha,
      parent: candidate.parent,
      subject: candidate.subject,
      gold: candidate.gold,
      ranks: candidate.gold.map(rankOf(fused.files.map((file) => file.path))),
      ablationRanks: candidate.gold.map(rankOf(ablation.files.map((file) => file.path))),
      packed: candidate.gold.filter((path) => shown.has(path)),
      seconds: round(seconds),
      warmSeconds: round(warmSeconds),
    };
  } catch (error) {
    return { reason: `query failed: ${(error as Error).message}` };
  } finally {
    await runGit(['worktree', 'remove', '--force', worktree], root);
  }
}

function summarize(cases: BenchmarkCase[]): Pick<RetrievalBenchmarkResult, 'fused' | 'ablation'> {
  const mean = (values: number[]) =>
    values.length ? round(values.reduce((sum, value) => sum + value, 0) / values.length) : 0;
  return {
    fused: {
      ...rankingMetrics(cases.map((entry) => entry.ranks)),
      packedShare: mean(cases.map((entry) => entry.packed.length / entry.gold.length)),
      meanSeconds: mean(cases.map((entry) => entry.seconds)),
      maxSeconds: Math.max(0, ...cases.map((entry) => entry.seconds)),
      meanWarmSeconds: mean(cases.map((entry) => entry.warmSeconds)),
    },
    ablation: { name: 'plain-bm25', ...rankingMetrics(cases.map((entry) => entry.ablationRanks)) },
  };
}

export function rankingMetrics(rankings: Array<Array<number | null>>): RankingMetrics {
  const recall = (k: number) =>
    rankings.length === 0
      ? 0
      : round(
          rankings.reduce(
            (sum, ranks) => sum + ranks.filter((rank) => rank !== null && rank <= k).length / ranks.length,
            0,
          ) / rankings.length,
        );
  const reciprocal = rankings.map((ranks) => {
    const found = ranks.filter((rank): rank is number => rank !== null);
    return found.length ? 1 / Math.min(...found) : 0;
  });
  return {
    recallAt1: recall(1),
    recallAt3: recall(3),
    recallAt5: recall(5),
    recallAt10: recall(10),
    mrr: rankings.length ? round(reciprocal.reduce((sum, value) => sum + value, 0) / rankings.length) : 0,
  };
}

function describeCase(candidate: Candidate, outcome: BenchmarkCase | { reason: string }): string {
  if ('reason' in outcome) return `${candidate.sha.slice(0, 10)} skipped: ${outcome.reason}`;
  const ranks = outcome.ranks.map((rank) => rank ?? '-').join(',');
  return `${candidate.sha.slice(0, 10)} ranks ${ranks} (plain BM25 ${outcome.ablationRanks.map((rank) => rank ?? '-').join(',')}) ${outcome.seconds}s  ${candidate.subject.slice(0, 60)}`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
