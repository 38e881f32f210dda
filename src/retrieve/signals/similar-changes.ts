/**
 * Similar past changes: the files changed by the past commits whose messages read most like the
 * task. Each of the best commits votes for its files by its similarity and its recency, divided
 * by √(files it changed) — a commit of one file says more about that file than a commit of
 * twenty. Weak best matches (only common words shared) scale the whole signal down.
 */
import { type SimilarCommit, similarCommits } from '../similar-changes.js';
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';

/**
 * How many similar commits vote. Thirty rather than ten: the ten best were often all release or
 * bump commits that changed only manifests, and the commits that changed the code never voted
 * (the signal alone, gold among its five best source files, mean of 13 held-out repositories:
 * 0.617 -> 0.676; of the five dev repositories 0.740 -> 0.792; docs/benchmarks.md).
 */
const VOTERS = 30;
/** A commit this many commits older than HEAD votes with half the weight. */
const RECENCY_HALF_LIFE = 300;
/** A best match this similar (pivoted cosine) gives the signal its full strength; weaker ones scale it down. */
const STRONG_SIMILARITY = 0.5;
/** Commits less similar than this do not vote. */
const MIN_SIMILARITY = 0.1;
const SUBJECTS_SHOWN = 2;

export const similarChangesSignal: RetrievalSignal = defineSignal({
  id: 'similar',
  phase: 'direct',
  description: 'files changed by the past commits whose messages are most like the task',
  collect(state, scores) {
    const history = state.history;
    if (!history || history.messages.length === 0) return;
    const voters = similarCommits(history, state.query.terms, VOTERS).filter(
      (commit) => commit.similarity >= MIN_SIMILARITY,
    );
    if (voters.length === 0) return;
    const votes = new Map<string, { vote: number; commits: SimilarCommit[] }>();
    for (const commit of voters) {
      const vote =
        (commit.similarity * 0.5 ** (commit.age / RECENCY_HALF_LIFE)) / Math.sqrt(commit.files.length);
      for (const path of commit.files) {
        if (!state.corpus.byPath.has(path)) continue;
        const entry = votes.get(path) ?? { vote: 0, commits: [] };
        entry.vote += vote;
        entry.commits.push(commit);
        votes.set(path, entry);
      }
    }
    const most = Math.max(0, ...[...votes.values()].map((entry) => entry.vote));
    if (most === 0) return;
    const strength = Math.min(1, voters[0]!.similarity / STRONG_SIMILARITY);
    for (const [path, entry] of votes)
      scores.set(path, { score: (entry.vote / most) * strength, reasons: [reasonOf(entry.commits)] });
  },
});

function reasonOf(commits: readonly SimilarCommit[]): string {
  const shown = commits
    .slice(0, SUBJECTS_SHOWN)
    .map((commit) => `${commit.sha} "${commit.subject.slice(0, 80)}"`)
    .join(', ');
  const more = commits.length > SUBJECTS_SHOWN ? ', …' : '';
  return commits.length === 1
    ? `changed by a similar past commit: ${shown}`
    : `changed by ${commits.length} similar past commits: ${shown}${more}`;
}
