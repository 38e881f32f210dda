/**
 * The settings of one retrieval: the `retrieve` section of the config with the call's own
 * overrides on top (benchmarks and tuning turn one signal or field off for a single call).
 */
import { DEFAULT_BM25 } from './bm25.js';
import { FIELD_NAMES, type FieldName } from './corpus.js';
import type { RetrievalSettings } from './types.js';

/** The parts of the config's `retrieve` section the ranking reads. */
export interface RetrieveSection {
  weights: Readonly<Record<string, number>>;
  fields: Readonly<Record<FieldName, number>>;
  seeds: number;
  graphDecay: number;
  packageBoost: number;
}

/** Overrides for one call. */
export interface RetrievalTuning {
  /** Weights of signals from stages above retrieve (e.g. lessons from memory), by signal id. */
  extraWeights?: Readonly<Record<string, number>>;
  /** Signal weights for this call only, over the config's (`{ cochange: 0 }` turns one off). */
  weights?: Readonly<Record<string, number>>;
  /** BM25F field weights for this call only, over the config's. */
  fields?: Readonly<Partial<Record<FieldName, number>>>;
  /** Length normalisation (b) per BM25F field for this call only: for benchmarks and tuning. */
  lengthNormalization?: Readonly<Partial<Record<FieldName, number>>>;
  /** Factor on files of the packages the task names, for this call only (1 turns scoping off). */
  packageBoost?: number;
}

/**
 * BM25F length normalisation per field, from `DEFAULT_BM25`: long files are not penalised as much
 * as long prose would be.
 */
const DEFAULT_LENGTH_NORMALIZATION = Object.fromEntries(
  FIELD_NAMES.map((field) => [field, DEFAULT_BM25.fields[field].b]),
) as Record<FieldName, number>;

export function retrievalSettings(section: RetrieveSection, tuning: RetrievalTuning = {}): RetrievalSettings {
  const weights = { ...section.fields, ...tuning.fields };
  const b = { ...DEFAULT_LENGTH_NORMALIZATION, ...tuning.lengthNormalization };
  return {
    weights: { ...tuning.extraWeights, ...section.weights, ...tuning.weights },
    bm25: {
      k1: 1.2,
      fields: {
        path: { weight: weights.path, b: b.path },
        symbols: { weight: weights.symbols, b: b.symbols },
        doc: { weight: weights.doc, b: b.doc },
        body: { weight: weights.body, b: b.body },
        folder: { weight: weights.folder, b: b.folder },
      },
    },
    seedCount: section.seeds,
    graphDecay: section.graphDecay,
    packageBoost: tuning.packageBoost ?? section.packageBoost,
  };
}
