/**
 * Graph expansion: the files the best hits import and the files that import them come along,
 * so the caller and the callee of a mentioned function are read together. A seed spreads its
 * score times the decay, shared out over its neighbours (1/√n) so a hub lends each little.
 */
import type { FileSignal, RetrievalSignal, SignalScores } from '../types.js';

export const graphSignal: RetrievalSignal = {
  id: 'graph',
  phase: 'expansion',
  description: 'importers and imports of the best hits, with decay',
  score(state) {
    const { graphDecay, seedCount } = state.settings;
    const scores: SignalScores = new Map();
    const isTest = (path: string) => state.corpus.byPath.get(path)?.file.kind === 'test';
    const seeds = state.seeds.filter((seed) => !isTest(seed.path)).slice(0, seedCount);
    for (const seed of seeds) {
      const imports = state.graph.dependenciesOf(seed.path).filter((path) => !isTest(path));
      const importers = state.graph.dependentsOf(seed.path).filter((path) => !isTest(path));
      const share = (seed.score * graphDecay) / Math.sqrt(Math.max(1, imports.length + importers.length));
      for (const path of imports) add(scores, path, share, `imported by ${seed.path}`);
      for (const path of importers) add(scores, path, share, `imports ${seed.path}`);
    }
    return scores;
  },
};

/** Reasons kept per file by one expansion signal: the strongest links say enough. */
const MAX_REASONS = 2;

export function add(scores: SignalScores, path: string, amount: number, reason: string): void {
  const entry: FileSignal = scores.get(path) ?? { score: 0, reasons: [] };
  entry.score = Math.min(1, entry.score + amount);
  if (entry.reasons.length < MAX_REASONS && !entry.reasons.includes(reason)) entry.reasons.push(reason);
  scores.set(path, entry);
}
