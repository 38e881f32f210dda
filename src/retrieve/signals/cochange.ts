/**
 * Co-change: files that changed in the same commits as the best hits, from the history before
 * HEAD. The share is smoothed (co-changes / (changes + 2)) so one shared commit is a hint, not proof.
 */
import type { RetrievalSignal, SignalScores } from '../types.js';
import { add } from './graph.js';

const SMOOTHING = 2;

export const cochangeSignal: RetrievalSignal = {
  id: 'cochange',
  phase: 'expansion',
  description: 'files changed together with the best hits in recent history',
  score(state) {
    const scores: SignalScores = new Map();
    const history = state.history;
    if (!history || history.commits.length === 0) return scores;
    const seeds = state.seeds.slice(0, state.settings.seedCount);
    const seedPaths = new Set(seeds.map((seed) => seed.path));
    const together = new Map<string, Map<string, number>>();
    const changes = new Map<string, number>();
    for (const commit of history.commits) {
      const touched = commit.filter((path) => seedPaths.has(path));
      for (const seed of touched) {
        changes.set(seed, (changes.get(seed) ?? 0) + 1);
        const counts = together.get(seed) ?? new Map<string, number>();
        for (const path of commit) if (path !== seed) counts.set(path, (counts.get(path) ?? 0) + 1);
        together.set(seed, counts);
      }
    }
    for (const seed of seeds) {
      const counts = together.get(seed.path);
      if (!counts) continue;
      const total = changes.get(seed.path)!;
      for (const [path, count] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
        if (!state.corpus.byPath.has(path)) continue;
        add(
          scores,
          path,
          (seed.score * count) / (total + SMOOTHING),
          `changed with ${seed.path} in ${count} of ${total} commits`,
        );
      }
    }
    return scores;
  },
};
