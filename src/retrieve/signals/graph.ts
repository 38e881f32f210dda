/**
 * Graph expansion: the files the best hits import and the files that import them come along,
 * so the caller and the callee of a mentioned function are read together. A seed passes its
 * score times the decay to each neighbour, divided by √(degree of the seed × degree of the
 * neighbour): a seed with many neighbours lends each little, and a hub receives little from each.
 */
import type { FileSignal, RetrievalSignal, SignalScores } from '../types.js';
import { defineSignal } from './define.js';

export const graphSignal: RetrievalSignal = defineSignal({
  id: 'graph',
  phase: 'expansion',
  description: 'importers and imports of the best hits, with decay',
  collect(state, scores) {
    const { graphDecay, seedCount } = state.settings;
    const isTest = (path: string) => state.corpus.byPath.get(path)?.file.kind === 'test';
    const seeds = state.seeds.filter((seed) => !isTest(seed.path)).slice(0, seedCount);
    const degree = (path: string) =>
      state.graph.dependenciesOf(path).length + state.graph.dependentsOf(path).length;
    for (const seed of seeds) {
      const imports = state.graph.dependenciesOf(seed.path).filter((path) => !isTest(path));
      const importers = state.graph.dependentsOf(seed.path).filter((path) => !isTest(path));
      // Shared by both ends' degrees: a hub (a barrel, a util imported everywhere) next to every
      // hit must not collect a little from each of them.
      const share = (path: string) =>
        (seed.score * graphDecay) / Math.sqrt(Math.max(1, degree(seed.path)) * Math.max(1, degree(path)));
      for (const path of imports) add(scores, path, share(path), `imported by ${seed.path}`);
      for (const path of importers) add(scores, path, share(path), `imports ${seed.path}`);
    }
  },
});

/** Reasons kept per file by one expansion signal: the strongest links say enough. */
const MAX_REASONS = 2;

export function add(scores: SignalScores, path: string, amount: number, reason: string): void {
  const entry: FileSignal = scores.get(path) ?? { score: 0, reasons: [] };
  entry.score = Math.min(1, entry.score + amount);
  if (entry.reasons.length < MAX_REASONS && !entry.reasons.includes(reason)) entry.reasons.push(reason);
  scores.set(path, entry);
}
