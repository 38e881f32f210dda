/**
 * The wiring every signal that fills a fresh score map shares: it starts from an empty map and
 * hands back what it put in, so a signal's `collect` says only what it adds (and returns early
 * with nothing when it has no evidence).
 */
import type { RetrievalSignal, RetrievalState, SignalPhase, SignalScores } from '../types.js';

export interface SignalDefinition {
  id: string;
  phase: SignalPhase;
  /** One sentence for docs and `--help`. */
  description: string;
  collect(state: RetrievalState, scores: SignalScores): void;
}

export function defineSignal({ collect, ...signal }: SignalDefinition): RetrievalSignal {
  return {
    ...signal,
    score(state) {
      const scores: SignalScores = new Map();
      collect(state, scores);
      return scores;
    },
  };
}
