/** Centrality: the context's PageRank-based rank score, a weak prior that breaks ties toward core modules. */
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';

const REASON_FROM = 0.3;

export const centralitySignal: RetrievalSignal = defineSignal({
  id: 'centrality',
  phase: 'direct',
  description: 'PageRank centrality in the import graph, as a prior',
  collect(state, scores) {
    for (const [path, score] of state.centrality) {
      if (score <= 0) continue;
      scores.set(path, {
        score,
        reasons: score >= REASON_FROM ? [`central in the import graph (rank score ${score.toFixed(2)})`] : [],
      });
    }
  },
});
