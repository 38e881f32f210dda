/**
 * Similar past changes (as in BugLocator): the commits of the history whose messages read most
 * like the task, each with the files it changed. Messages are compared by the cosine of their
 * TF-IDF vectors over the same stemmed terms as the code, with pivoted length normalisation; a
 * commit's subject counts twice, as a task's title does. The index is built once per history and reused by every query on it.
 */
import type { ChangeHistory } from './history.js';
import { countTerms } from './text/tokenize.js';

export interface SimilarCommit {
  /** Position in the history: 0 is HEAD, higher is older. */
  age: number;
  sha: string;
  subject: string;
  files: readonly string[];
  /** Similarity of the commit's message with the task (pivoted cosine), 0..1. */
  similarity: number;
}

interface MessageVector {
  /** Term -> TF-IDF weight. */
  weights: Map<string, number>;
  norm: number;
}

interface MessageIndex {
  idf: Map<string, number>;
  vectors: MessageVector[];
  /** Mean norm of the message vectors: the pivot of the length normalisation. */
  averageNorm: number;
  /** Term -> the messages holding it, so a query only visits messages sharing a term. */
  postings: Map<string, number[]>;
}

const SUBJECT_REPEAT = 2;
const indexes = new WeakMap<ChangeHistory, MessageIndex>();

/** The `limit` past commits most similar to the query terms (stemmed term -> weight), best first. */
export function similarCommits(
  history: ChangeHistory,
  terms: ReadonlyMap<string, number>,
  limit: number,
): SimilarCommit[] {
  const index = indexOf(history);
  const query = new Map<string, number>();
  for (const [term, weight] of terms) {
    const idf = index.idf.get(term);
    if (idf !== undefined) query.set(term, weight * idf);
  }
  const queryNorm = Math.sqrt([...query.values()].reduce((sum, value) => sum + value * value, 0));
  if (queryNorm === 0) return [];
  const dots = new Map<number, number>();
  for (const [term, weight] of query) {
    for (const position of index.postings.get(term) ?? []) {
      const value = index.vectors[position]!.weights.get(term)!;
      dots.set(position, (dots.get(position) ?? 0) + weight * value);
    }
  }
  return [...dots]
    .map(([age, dot]) => ({
      age,
      sha: history.messages[age]!.sha,
      subject: history.messages[age]!.subject,
      files: history.commits[age]!,
      similarity: Math.min(1, dot / (queryNorm * pivotedNorm(index.vectors[age]!.norm, index.averageNorm))),
    }))
    .sort((a, b) => b.similarity - a.similarity || a.age - b.age)
    .slice(0, limit);
}

/**
 * Pivoted length normalisation (Singhal et al.): a message is normalised halfway between its own
 * norm and the mean, so a one-word message ("ignore-0.4.27") sharing the task's one common word
 * no longer reads as a perfect match, and a long one is not diluted to nothing.
 */
const PIVOT_SLOPE = 0.5;

function pivotedNorm(norm: number, averageNorm: number): number {
  return PIVOT_SLOPE * norm + (1 - PIVOT_SLOPE) * averageNorm;
}

function indexOf(history: ChangeHistory): MessageIndex {
  const cached = indexes.get(history);
  if (cached) return cached;
  const counts = history.messages.map((message) => {
    const subject = countTerms(message.subject).counts;
    const all = countTerms(message.body).counts;
    for (const [term, count] of subject) all.set(term, (all.get(term) ?? 0) + SUBJECT_REPEAT * count);
    return all;
  });
  const frequency = new Map<string, number>();
  for (const message of counts)
    for (const term of message.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [term, df] of frequency) idf.set(term, Math.log(1 + counts.length / df));
  const postings = new Map<string, number[]>();
  const vectors = counts.map((message, position): MessageVector => {
    const weights = new Map<string, number>();
    let squares = 0;
    for (const [term, count] of message) {
      const weight = (1 + Math.log(count)) * idf.get(term)!;
      weights.set(term, weight);
      squares += weight * weight;
      const list = postings.get(term) ?? [];
      list.push(position);
      postings.set(term, list);
    }
    return { weights, norm: Math.sqrt(squares) || 1 };
  });
  const averageNorm = vectors.reduce((sum, vector) => sum + vector.norm, 0) / Math.max(1, vectors.length);
  const index = { idf, vectors, postings, averageNorm: averageNorm || 1 };
  indexes.set(history, index);
  return index;
}
