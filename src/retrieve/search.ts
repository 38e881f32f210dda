/**
 * `searchChunks()`: the pieces of the best files that answer a query. The file ranking narrows
 * the search to a few dozen files; their chunks (definitions, doc sections, windows) are scored
 * with BM25 against the repository's term statistics, plus a bonus when a chunk defines a name
 * the query spells out, and a little of its file's score.
 */
import { inverseDocumentFrequencies } from './bm25.js';
import { type Chunk, type ChunkKind, chunkDocument } from './chunks.js';
import type { Corpus } from './corpus.js';
import { roundScore } from './fuse.js';
import type { TaskQuery } from './query.js';
import { countTerms, termsOf } from './text/tokenize.js';

export interface ChunkMatch {
  path: string;
  kind: ChunkKind;
  name?: string;
  line: number;
  endLine: number;
  /** The line that matches best (1-based, within the file). */
  matchLine: number;
  score: number;
  /** A few lines around the best match. */
  snippet: string;
}

export interface SearchInput {
  corpus: Corpus;
  query: TaskQuery;
  /** Files to search, with their retrieval score, best first. */
  files: ReadonlyArray<{ path: string; score: number }>;
  read: (path: string) => string | undefined;
  limit: number;
}

const K1 = 1.2;
const B = 0.5;
const NAME_BONUS = 2;
const FILE_SHARE = 0.5;
const SNIPPET_LINES = 5;

export function searchChunks(input: SearchInput): ChunkMatch[] {
  const idf = inverseDocumentFrequencies(input.corpus, input.query.terms);
  const bestFile = Math.max(0, ...input.files.map((file) => file.score));
  const identifiers = new Set(input.query.identifiers.map((name) => name.toLowerCase()));
  const chunks: Array<{ chunk: Chunk; fileScore: number }> = [];
  for (const file of input.files) {
    const document = input.corpus.byPath.get(file.path);
    const text = document ? input.read(file.path) : undefined;
    if (!document || text === undefined) continue;
    const fileScore = bestFile > 0 ? file.score / bestFile : 0;
    for (const chunk of chunkDocument(document, text)) chunks.push({ chunk, fileScore });
  }
  const counted = chunks.map((entry) => ({ ...entry, terms: countTerms(entry.chunk.text) }));
  const average = counted.reduce((sum, entry) => sum + entry.terms.length, 0) / Math.max(1, counted.length);
  const matches: ChunkMatch[] = [];
  for (const { chunk, fileScore, terms } of counted) {
    let score = 0;
    for (const [term, weight] of input.query.terms) {
      const frequency = terms.counts.get(term);
      const termIdf = idf.get(term);
      if (!frequency || termIdf === undefined) continue;
      const norm = K1 * (1 - B + (B * terms.length) / (average || 1));
      score += weight * termIdf * ((frequency * (K1 + 1)) / (frequency + norm));
    }
    if (score === 0) continue;
    const named = chunk.name && identifiers.has(chunk.name.split('.').pop()!.toLowerCase());
    score += (named ? NAME_BONUS : 0) + FILE_SHARE * fileScore;
    matches.push(matchOf(chunk, roundScore(score), input.query));
  }
  return matches
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line)
    .slice(0, input.limit);
}

function matchOf(chunk: Chunk, score: number, query: TaskQuery): ChunkMatch {
  const lines = chunk.text.split('\n');
  let best = 0;
  let bestHits = -1;
  lines.forEach((line, index) => {
    const hits = termsOf(line).filter((term) => query.terms.has(term)).length;
    if (hits > bestHits) {
      best = index;
      bestHits = hits;
    }
  });
  const start = Math.max(0, Math.min(best - 1, lines.length - SNIPPET_LINES));
  const snippet = lines
    .slice(start, start + SNIPPET_LINES)
    .map((line) => (line.length > 200 ? `${line.slice(0, 199)}…` : line))
    .join('\n');
  return {
    path: chunk.path,
    kind: chunk.kind,
    ...(chunk.name ? { name: chunk.name } : {}),
    line: chunk.line,
    endLine: chunk.endLine,
    matchLine: chunk.line + best,
    score,
    snippet,
  };
}
