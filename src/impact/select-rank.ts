/**
 * Which candidate tests a selection keeps, and at which level. Reaching a change through imports
 * is weak evidence when every test imports the package entry that loads the changed file, so the
 * tests that only reach it are ranked by the words of the change they mention (see
 * test-mentions.ts) and the level keeps those whose evidence is near the best's, within a budget.
 */
import { posix } from '../shared/path.js';
import { type CoChange, coChangeReason, MIN_SHARED_COMMITS } from './co-change.js';
import type { SelectedTest, SelectionLevel } from './selected-test.js';
import type { SelectionFacts } from './selection-facts.js';
import { mentionIndex, mentionReason, type TestEvidence } from './test-mentions.js';

/**
 * How a test came to be a candidate. `certain`: changed, or named exactly after a changed file;
 * `kept`: its import is broken or unknown, or a changed file affects every test; `direct`:
 * imports a changed file or follows a naming pattern of one; `reached`: reaches one through
 * other files (or its crate's, its package's).
 */
export type Tier = 'certain' | 'kept' | 'direct' | 'reached';

export interface Candidate {
  file: string;
  tier: Tier;
  /** The level the structure alone gives it. */
  level: SelectionLevel;
  reason: string;
  depth: number;
  path?: string[];
  /** True when history alone made it a candidate (its reason already says so). */
  byHistory?: boolean;
}

/**
 * The share of the suite the regression level stays under: a quarter (9 of 40 tests), the tests
 * that are `certain` or `kept` first, then the ranked ones. Within it a ranked test is kept when its evidence is at
 * least `RELATIVE_EVIDENCE` of the best ranked test's: a test that only reaches the change
 * through a file every test imports, and mentions little of it, is not kept because others are.
 */
export const REGRESSION_SHARE = 0.25;
/** A ranked test is kept when its evidence is this share of the best ranked test's, or more. */
const RELATIVE_EVIDENCE = 0.2;
/** See `historyWeight`. */
const HISTORY_WEIGHT = 5;
/** However small the suite or weak the evidence, this many ranked tests fit: running three test files costs next to nothing. */
const MIN_BUDGET = 3;

export interface RankOptions {
  /**
   * The binary a test file is compiled into, when several files share one (a Cargo integration
   * target and its modules): a file of a binary the level runs anyway is kept at no cost.
   */
  binaryOf?: (file: string) => string | undefined;
  /** Tests that changed together with a changed source in recent history (see co-change.ts). */
  history?: ReadonlyMap<string, CoChange>;
  /** The most of the suite the ranked tests may fill, 0 to 1 (1: every test that reaches the change, however weak its evidence). @default REGRESSION_SHARE */
  share?: number;
}

export interface Ranked {
  tests: Array<Omit<SelectedTest, 'runner'>>;
  /** Candidates that reach the change but were not kept, and why. */
  dropped: Dropped;
}

export interface Dropped {
  count: number;
  /** The file most of them reach the change through (the one they import), when one file is the way for most. */
  through?: string;
  /** True when the change has no words to rank by (only comments, say): then nothing is dropped. */
  unranked: boolean;
}

type Scored = { candidate: Candidate; evidence: TestEvidence; score: number };

export function rankCandidates(
  candidates: readonly Candidate[],
  suite: readonly string[],
  facts: SelectionFacts,
  options: RankOptions = {},
): Ranked {
  const index = mentionIndex(suite, facts.changeTerms, facts.readTest);
  const prior = structuralPrior(candidates, suite.length);
  const history = historyWeight(options.history, suite.length);
  const scored = candidates.map((candidate): Scored => {
    const evidence = index.evidenceOf(candidate.file);
    return {
      candidate,
      evidence,
      score: evidence.score + prior(candidate) + history(candidate.file),
    };
  });
  const sure = scored.filter(({ candidate }) => candidate.tier === 'certain' || candidate.tier === 'kept');
  const ranked = scored
    .filter(({ candidate }) => candidate.tier === 'direct' || candidate.tier === 'reached')
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.candidate.depth - b.candidate.depth ||
        (a.candidate.file < b.candidate.file ? -1 : 1),
    );
  const share = options.share ?? REGRESSION_SHARE;
  const unranked = ranked.length > 0 && !hasWords(facts.changeTerms);
  const budget = Math.max(MIN_BUDGET, underShare(share, suite.length) - sure.length);
  const best = unranked || share >= 1 ? ranked : keptOfRanked(ranked, budget);
  const riders = sameBinary(best, ranked, options.binaryOf);
  const chosen = [...best, ...riders];
  const kept = [...sure, ...chosen];
  const tests = kept.map(({ candidate, evidence, score }) => {
    const counted = !candidate.byHistory && history(candidate.file) > 0;
    const change = counted ? options.history?.get(candidate.file) : undefined;
    const mentions = [mentionReason(evidence), change ? coChangeReason(change) : '']
      .filter(Boolean)
      .join('; ');
    const rides = riders.some((rider) => rider.candidate === candidate)
      ? `; \`${options.binaryOf?.(candidate.file)}\` builds it anyway for a kept test of that binary, so its filter costs no build`
      : '';
    return {
      file: candidate.file,
      level: candidate.level,
      reason: `${mentions ? `${candidate.reason}; ${mentions}` : candidate.reason}${rides}`,
      evidence: Math.round(score * 1000) / 1000,
      ...(candidate.path ? { path: candidate.path } : {}),
    };
  });
  const chosenFiles = new Set(chosen.map(({ candidate }) => candidate.file));
  const left = ranked
    .filter(({ candidate }) => !chosenFiles.has(candidate.file))
    .map(({ candidate }) => candidate);
  return { tests, dropped: { count: left.length, unranked, ...throughOf(left) } };
}

/** The most tests that stay under `share` of a suite of `size` (9 of 40 under a quarter, 36 of 147). */
function underShare(share: number, size: number): number {
  return Math.max(0, Math.ceil(share * size) - 1);
}

/** The best-ranked tests: at least `MIN_BUDGET`, then those with evidence near the best's, within the budget. */
function keptOfRanked(ranked: readonly Scored[], budget: number): Scored[] {
  const bar = RELATIVE_EVIDENCE * (ranked[0]?.score ?? 0);
  const kept: Scored[] = [];
  for (const entry of ranked) {
    if (kept.length >= budget) break;
    if (kept.length >= MIN_BUDGET && (entry.score <= 0 || entry.score < bar)) break;
    kept.push(entry);
  }
  return kept;
}

/** The ranked tests not kept that are compiled into a binary a kept one is in: its command runs them anyway. */
function sameBinary(
  kept: readonly Scored[],
  ranked: readonly Scored[],
  binaryOf: RankOptions['binaryOf'],
): Scored[] {
  if (!binaryOf) return [];
  const binaries = new Set(kept.map(({ candidate }) => binaryOf(candidate.file)).filter(Boolean));
  const keptFiles = new Set(kept.map(({ candidate }) => candidate.file));
  const riders = ranked.filter(({ candidate }) => {
    const binary = binaryOf(candidate.file);
    return !keptFiles.has(candidate.file) && binary !== undefined && binaries.has(binary);
  });
  return riders;
}

/** Whether the change gives any word to rank with: a change of comments alone gives none. */
function hasWords(terms: SelectionFacts['changeTerms']): boolean {
  return terms.some((file) => file.symbols.length > 0 || file.words.length > 0 || file.parts.length > 0);
}

/** The file most dropped tests import on their way to the change, when it is the way for more than half of them. */
function throughOf(dropped: readonly Candidate[]): { through?: string } {
  const counts = new Map<string, number>();
  for (const candidate of dropped) {
    const next = candidate.path && candidate.path.length > 2 ? candidate.path[1] : undefined;
    if (next) counts.set(next, (counts.get(next) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return best && best[1] * 2 > dropped.length ? { through: best[0] } : {};
}

/**
 * How much changing together with a changed source says, on the scale of a word's weight: a
 * test that changed in every commit that changed the source, and in no other (association 1),
 * weighs `HISTORY_WEIGHT / 3` times a changed symbol's name no other test mentions; one shared
 * commit among many weighs little, and one alone (the commit that added both, say) nothing.
 */
function historyWeight(history: RankOptions['history'], size: number): (test: string) => number {
  const rarest = Math.log(Math.max(size, 2));
  return (test) => {
    const change = history?.get(test);
    if (!change || change.together < MIN_SHARED_COMMITS) return 0;
    return HISTORY_WEIGHT * rarest * change.association;
  };
}

/**
 * What the structure alone says, as a weight on the same scale as a word's: importing a changed
 * file, or following a naming pattern of one, counts by how few tests do (the rarer, the stronger);
 * reaching it through other files counts nothing by itself.
 */
function structuralPrior(candidates: readonly Candidate[], size: number): (candidate: Candidate) => number {
  const direct = candidates.filter((candidate) => candidate.tier === 'direct').length;
  const weight = direct > 0 ? Math.log(Math.max(size, 1) / direct) + 1 : 0;
  return (candidate) => (candidate.tier === 'direct' ? weight : 0);
}

/** Test-name markers around a stem: `test_x.py`, `x_test.go`, `x.test.ts`, `x.spec.js`, `x.tst.ts`, `XTest.java`, `XTests.kt`. */
const MARKERS = /^(?:test_)|(?:[._-](?:test|spec|tst)s?|Tests?|_test)$/;

/** True when the test is named after the source itself (`reply.test.js` for `lib/reply.js`), not after a part of it (`help.sortOptions.test.js`). */
export function sameStem(test: string, source: string): boolean {
  const stem = (path: string) => posix.basename(path).replace(/(?:\.d)?\.[^.]+$/, '');
  let bare = stem(test);
  for (let previous = ''; previous !== bare; ) {
    previous = bare;
    bare = bare.replace(MARKERS, '');
  }
  return bare.toLowerCase() === stem(source).toLowerCase();
}
