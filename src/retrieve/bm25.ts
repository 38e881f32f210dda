/**
 * BM25F: each field's term frequency is weighted and length-normalised on its own, summed into
 * one pseudo-frequency per term, then saturated once (k1) — so a word in a file's path or in a
 * symbol name counts for more than one buried in the body, without letting any field win by
 * repetition alone.
 */
import { type Corpus, type CorpusDocument, FIELD_NAMES, type FieldName } from './corpus.js';

export interface FieldParameters {
  weight: number;
  /** Length normalisation, 0 (none) .. 1 (full). */
  b: number;
}

export interface Bm25Parameters {
  k1: number;
  fields: Record<FieldName, FieldParameters>;
}

/**
 * Field weights and length normalisation (b). The body's b is 0.5 rather than the textbook 0.75:
 * a long file is more often the one a change touches (BugLocator's length prior), and on eight
 * repositories outside the dev set 0.5 ranked better (100 cases: R@5 +0.010, MRR +0.008; 30 dev
 * cases unchanged; docs/benchmarks.md).
 */
export const DEFAULT_BM25: Bm25Parameters = {
  k1: 1.2,
  fields: {
    path: { weight: 3, b: 0.3 },
    symbols: { weight: 2, b: 0.5 },
    doc: { weight: 1, b: 0.5 },
    body: { weight: 1, b: 0.5 },
    folder: { weight: 1, b: 0.5 },
  },
};

export interface LexicalMatch {
  score: number;
  /** Matched query terms with the field that contributed most to each. */
  terms: Array<{ term: string; field: FieldName; contribution: number }>;
}

export function scoreBm25f(
  corpus: Corpus,
  query: ReadonlyMap<string, number>,
  parameters: Bm25Parameters = DEFAULT_BM25,
  documents: readonly CorpusDocument[] = corpus.documents,
): Map<string, LexicalMatch> {
  const idf = inverseDocumentFrequencies(corpus, query);
  const results = new Map<string, LexicalMatch>();
  for (const document of documents) {
    const match = scoreDocument(document, corpus, query, idf, parameters);
    if (match) results.set(document.path, match);
  }
  return results;
}

/** A term a file only borrows from its folder's description does not make the file hold it. */
const OWN_FIELDS = FIELD_NAMES.filter((field) => field !== 'folder');

export function inverseDocumentFrequencies(
  corpus: Corpus,
  query: ReadonlyMap<string, number>,
): Map<string, number> {
  const frequency = documentFrequencies(corpus, query);
  const total = corpus.documents.length;
  const idf = new Map<string, number>();
  for (const term of query.keys()) {
    const count = frequency.get(term) ?? 0;
    if (count > 0) idf.set(term, Math.log(1 + (total - count + 0.5) / (count + 0.5)));
  }
  return idf;
}

const frequencies = new WeakMap<Corpus, Map<string, number>>();

/**
 * Term -> how many files hold it in a field of their own. Counted per corpus for the terms no
 * query on it asked before (one pass over the files for those only), so a warm query pays for its
 * new words alone and a first query no more than before.
 */
function documentFrequencies(corpus: Corpus, query: ReadonlyMap<string, number>): Map<string, number> {
  const known = frequencies.get(corpus) ?? new Map<string, number>();
  frequencies.set(corpus, known);
  const missing = [...query.keys()].filter((term) => !known.has(term));
  if (missing.length === 0) return known;
  for (const term of missing) known.set(term, 0);
  for (const document of corpus.documents)
    for (const term of missing)
      if (OWN_FIELDS.some((field) => document.fields[field].counts.has(term)))
        known.set(term, known.get(term)! + 1);
  return known;
}

function scoreDocument(
  document: CorpusDocument,
  corpus: Corpus,
  query: ReadonlyMap<string, number>,
  idf: Map<string, number>,
  parameters: Bm25Parameters,
): LexicalMatch | undefined {
  let score = 0;
  const terms: LexicalMatch['terms'] = [];
  for (const [term, weight] of query) {
    const termIdf = idf.get(term);
    if (termIdf === undefined) continue;
    let pseudo = 0;
    let bestField: FieldName = 'body';
    let bestPart = 0;
    for (const field of FIELD_NAMES) {
      const { weight: fieldWeight, b } = parameters.fields[field];
      if (fieldWeight === 0) continue;
      const frequency = document.fields[field].counts.get(term);
      if (!frequency) continue;
      const average = corpus.averageLength[field] || 1;
      const part = (fieldWeight * frequency) / (1 - b + (b * document.fields[field].length) / average);
      pseudo += part;
      if (part > bestPart) {
        bestPart = part;
        bestField = field;
      }
    }
    if (pseudo === 0) continue;
    const contribution = weight * termIdf * (pseudo / (parameters.k1 + pseudo));
    score += contribution;
    terms.push({ term, field: bestField, contribution });
  }
  if (score === 0) return undefined;
  terms.sort((a, b) => b.contribution - a.contribution || (a.term < b.term ? -1 : 1));
  return { score, terms };
}

/**
 * Plain Okapi BM25 over one field (body and path words together), every query term weighing
 * the same: the ablation that shows what the fields and the other signals add.
 */
export function scorePlainBm25(
  corpus: Corpus,
  terms: Iterable<string>,
  k1 = 1.2,
  b = 0.75,
): Map<string, number> {
  const query = [...new Set(terms)];
  const lengthOf = (document: CorpusDocument) => document.fields.body.length + document.fields.path.length;
  const frequencyOf = (document: CorpusDocument, term: string) =>
    (document.fields.body.counts.get(term) ?? 0) + (document.fields.path.counts.get(term) ?? 0);
  const total = corpus.documents.length;
  const average =
    corpus.documents.reduce((sum, document) => sum + lengthOf(document), 0) / Math.max(1, total);
  const idf = new Map<string, number>();
  for (const term of query) {
    const count = corpus.documents.filter((document) => frequencyOf(document, term) > 0).length;
    if (count > 0) idf.set(term, Math.log(1 + (total - count + 0.5) / (count + 0.5)));
  }
  const scores = new Map<string, number>();
  for (const document of corpus.documents) {
    const norm = k1 * (1 - b + (b * lengthOf(document)) / (average || 1));
    let score = 0;
    for (const [term, termIdf] of idf) {
      const frequency = frequencyOf(document, term);
      if (frequency > 0) score += termIdf * ((frequency * (k1 + 1)) / (frequency + norm));
    }
    if (score > 0) scores.set(document.path, score);
  }
  return scores;
}
