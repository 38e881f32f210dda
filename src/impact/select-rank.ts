/**
 * Which candidate tests a selection keeps, and at which level. Reaching a change through imports
 * is weak evidence when every test imports the package entry that loads the changed file, so the
 * tests that only reach it are ranked by the words of the change they mention (see
 * test-mentions.ts) and the level keeps the best of them within a budget.
 */
import { posix } from '../shared/path.js';
import type { SelectedTest, SelectionLevel } from './selected-test.js';
import type { SelectionFacts } from './selection-facts.js';
import { mentionIndex, mentionReason } from './test-mentions.js';

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
}

/**
 * The share of the suite the ranked tests may fill (tests that are `certain` or `kept` come on
 * top). The default keeps every test that reaches the change, ranked; `share: 0.2` makes the
 * regression level a quick check of the likeliest fifth (docs/benchmarks.md: it loses recall on
 * the dev set's own cases, so it is not the default yet).
 */
export const REGRESSION_SHARE = 1;
/** However small the suite, this many ranked tests fit: running three test files costs next to nothing. */
const MIN_BUDGET = 3;

export interface RankOptions {
  /** @default REGRESSION_SHARE */
  share?: number;
}

export interface Ranked {
  tests: Array<Omit<SelectedTest, 'runner'>>;
  /** Candidates that reach the change but ranked below the budget. */
  dropped: number;
}

export function rankCandidates(
  candidates: readonly Candidate[],
  suite: readonly string[],
  facts: SelectionFacts,
  options: RankOptions = {},
): Ranked {
  const index = mentionIndex(suite, facts.changeTerms, facts.readTest);
  const prior = structuralPrior(candidates, suite.length);
  const scored = candidates.map((candidate) => {
    const evidence = index.evidenceOf(candidate.file);
    return { candidate, evidence, score: evidence.score + prior(candidate) };
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
  const budget = Math.max(MIN_BUDGET, Math.floor((options.share ?? REGRESSION_SHARE) * suite.length));
  const kept = [...sure, ...ranked.slice(0, budget)];
  const tests = kept.map(({ candidate, evidence, score }) => {
    const mentions = mentionReason(evidence);
    return {
      file: candidate.file,
      level: candidate.level,
      reason: mentions ? `${candidate.reason}; ${mentions}` : candidate.reason,
      evidence: Math.round(score * 1000) / 1000,
      ...(candidate.path ? { path: candidate.path } : {}),
    };
  });
  return { tests, dropped: candidates.length - kept.length };
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
