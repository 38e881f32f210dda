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
  changes: ReadonlyMap<string, number>;
  together: Map<string, Map<string, number>>;
}

interface ChangeIndex {
  changes: Map<string, number>;
  /** Path -> the commits (positions in the history) that changed it. */
  commitsOf: Map<string, number[]>;
}

const changeIndexes = new WeakMap<ChangeHistory, ChangeIndex>();

/** One pass over the history, once per history: every query's co-change counts read only the seeds' commits. */
function changeIndexOf(history: ChangeHistory): ChangeIndex {
  const cached = changeIndexes.get(history);
  if (cached) return cached;
  const changes = new Map<string, number>();
  const commitsOf = new Map<string, number[]>();
  history.commits.forEach((commit, position) => {
    for (const path of commit) {
      changes.set(path, (changes.get(path) ?? 0) + 1);
      const list = commitsOf.get(path);
      if (list) list.push(position);
      else commitsOf.set(path, [position]);
    }
  });
  const index = { changes, commitsOf };
  changeIndexes.set(history, index);
  return index;
}

/** `changes` is shared by every query on the history: read it, never write it. */
export function coChangesOf(history: ChangeHistory, seedPaths: ReadonlySet<string>): CoChanges {
  const index = changeIndexOf(history);
  const together = new Map<string, Map<string, number>>();
  for (const seed of seedPaths) {
    const positions = index.commitsOf.get(seed);
    if (!positions) continue;
    const counts = new Map<string, number>();
    for (const position of positions)
      for (const path of history.commits[position]!)
        if (path !== seed) counts.set(path, (counts.get(path) ?? 0) + 1);
    together.set(seed, counts);
  }
  return { changes: index.changes, together };
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
