/** Shapes shared by the retrieval signals, the fusion and their callers. */
import type { GraphView } from '../graph/view.js';
import type { IndexedFile } from '../index/types.js';
import type { Bm25Parameters } from './bm25.js';
import type { Corpus } from './corpus.js';
import type { ChangeHistory } from './history.js';
import type { TaskQuery } from './query.js';
import type { TestMap } from './test-map.js';

/** One signal's opinion of one file: a score in 0..1 and the sentences that justify it. */
export interface FileSignal {
  score: number;
  reasons: string[];
}

export type SignalScores = Map<string, FileSignal>;

/** A file and its fused score so far, best first: what expansion signals spread from. */
export interface Seed {
  path: string;
  /** Relative to the best seed: 1 for the first, lower after. */
  score: number;
}

/** Tuning read by the signals and the fusion (from the `retrieve` config section). */
export interface RetrievalSettings {
  /** Signal id -> weight in the fused score; a missing id weighs 0. */
  weights: Readonly<Record<string, number>>;
  bm25: Bm25Parameters;
  /** How many of the best direct hits expansion signals spread from. */
  seedCount: number;
  /** Share of a seed's score passed to its imports and importers. */
  graphDecay: number;
  /** Factor on the scores of files inside a package the task names (1: no scoping). */
  packageBoost: number;
}

/** Everything a signal may read. Built once per query. */
export interface RetrievalState {
  query: TaskQuery;
  settings: RetrievalSettings;
  corpus: Corpus;
  graph: GraphView;
  tests: TestMap;
  /** Centrality of each file, 0..1 (the context's ranking score). */
  centrality: ReadonlyMap<string, number>;
  /** Entrypoint paths with why each is one. */
  entrypoints: ReadonlyMap<string, string>;
  history?: ChangeHistory;
  /** The fused ranking of the direct signals; set for expansion signals only. */
  seeds: readonly Seed[];
}

export type SignalPhase = 'direct' | 'expansion';

/**
 * A signal: one small module scoring files with reasons. `direct` signals read the task;
 * `expansion` signals spread from the best direct hits (`state.seeds`).
 */
export interface RetrievalSignal {
  id: string;
  phase: SignalPhase;
  /** One sentence for docs and `--help`. */
  description: string;
  score(state: RetrievalState): SignalScores;
}

/** One file of a ranking, with the signals that put it there. */
export interface RankedFile {
  path: string;
  score: number;
  kind: IndexedFile['kind'];
  reasons: string[];
  /** Signal id -> weighted contribution to `score` (before the kind prior). */
  signals: Record<string, number>;
}
