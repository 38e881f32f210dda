/**
 * Companions: the files a change to one of the very best hits usually brings along — its types,
 * its registry, the app shell that wires it in. Scored by how often the file changed in the
 * commits that changed the hit (count / (changes of the hit + 2)), with no discount for files
 * that change with everything: a hub that a feature change touches in passing (`App.tsx`,
 * `types.ts`, `main.rs`) ranks next to the feature file instead of never. `cochange` is the
 * symmetric reading of the same counts, for partners of any of the seeds.
 */
import type { RetrievalSignal } from '../types.js';
import { coChangesOf, partnersOf, SMOOTHING } from './cochange.js';
import { defineSignal } from './define.js';
import { add } from './graph.js';

/** Only the best hits bring companions: past the first few, a seed is as likely wrong as right. */
const COMPANION_SEEDS = 3;
/** One shared commit is chance; two make a habit. */
const MIN_SHARED = 2;

export const companionSignal: RetrievalSignal = defineSignal({
  id: 'companion',
  phase: 'expansion',
  description: 'files that usually change when one of the best hits changes, hubs included',
  collect(state, scores) {
    const history = state.history;
    if (!history || history.commits.length === 0) return;
    const seeds = state.seeds.slice(0, COMPANION_SEEDS);
    const coChanges = coChangesOf(history, new Set(seeds.map((seed) => seed.path)));
    for (const seed of seeds) {
      const total = coChanges.changes.get(seed.path) ?? 0;
      for (const [path, count] of partnersOf(coChanges, seed.path)) {
        if (count < MIN_SHARED || !state.corpus.byPath.has(path)) continue;
        add(
          scores,
          path,
          (seed.score * count) / (total + SMOOTHING),
          `changed in ${count} of the ${total} commits that changed ${seed.path}`,
        );
      }
    }
  },
});
