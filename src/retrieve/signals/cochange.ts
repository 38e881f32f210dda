/**
 * Co-change: files that changed in the same commits as the best hits, from the history before
 * HEAD. Shared commits are divided by √((changes of the hit + 2) × (changes of the file + 2)):
 * one shared commit is a hint, not proof, and a file that changes with everything (a barrel, a
 * changelog) is no partner of anything in particular.
 */
import type { ChangeHistory } from '../history.js';
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';
import { add } from './graph.js';

export const SMOOTHING = 2;

/** How often each file changed, and how often each other file changed in the same commits as each seed. */
export interface CoChanges {
  changes: Map<string, number>;
  together: Map<string, Map<string, number>>;
}

export function coChangesOf(history: ChangeHistory, seedPaths: ReadonlySet<string>): CoChanges {
  const together = new Map<string, Map<string, number>>();
  const changes = new Map<string, number>();
  for (const commit of history.commits) {
    for (const path of commit) changes.set(path, (changes.get(path) ?? 0) + 1);
    for (const seed of commit.filter((path) => seedPaths.has(path))) {
      const counts = together.get(seed) ?? new Map<string, number>();
      for (const path of commit) if (path !== seed) counts.set(path, (counts.get(path) ?? 0) + 1);
      together.set(seed, counts);
    }
  }
  return { changes, together };
}

/** The partners of one seed, by path (so the order of reasons never depends on history order). */
export function partnersOf(coChanges: CoChanges, seed: string): [string, number][] {
  return [...(coChanges.together.get(seed) ?? [])].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

export const cochangeSignal: RetrievalSignal = defineSignal({
  id: 'cochange',
  phase: 'expansion',
  description: 'files changed together with the best hits in recent history',
  collect(state, scores) {
    const history = state.history;
    if (!history || history.commits.length === 0) return;
    const seeds = state.seeds.slice(0, state.settings.seedCount);
    const coChanges = coChangesOf(history, new Set(seeds.map((seed) => seed.path)));
    for (const seed of seeds) {
      const total = coChanges.changes.get(seed.path) ?? 0;
      for (const [path, count] of partnersOf(coChanges, seed.path)) {
        if (!state.corpus.byPath.has(path)) continue;
        const changes = coChanges.changes.get(path) ?? 0;
        const association = count / Math.sqrt((total + SMOOTHING) * (changes + SMOOTHING));
        add(
          scores,
          path,
          seed.score * association,
          `changed with ${seed.path} in ${count} of ${total} commits`,
        );
      }
    }
  },
});
