/** Lexical: BM25F over path words, symbol and export names, doc comments and signatures, and the body. */
import { type LexicalMatch, scoreBm25f } from '../bm25.js';
import type { FieldName } from '../corpus.js';
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';

const FIELD_LABEL: Record<FieldName, string> = {
  path: 'path',
  symbols: 'symbol names',
  doc: 'docs',
  body: 'code',
  folder: 'folder description',
};

export const lexicalSignal: RetrievalSignal = defineSignal({
  id: 'lexical',
  phase: 'direct',
  description: 'BM25F over path words, symbol and export names, doc comments and signatures, and the body',
  collect(state, scores) {
    const matches = scoreBm25f(state.corpus, state.query.terms, state.settings.bm25);
    const best = bestScore(matches);
    if (best === 0) return;
    for (const [path, match] of matches) {
      scores.set(path, {
        score: match.score / best,
        reasons: [`matches ${describeTerms(match, state.query.words)}`],
      });
    }
  },
});

/** The task words behind the best matching terms, each once, with the fields they matched in. */
function describeTerms(match: LexicalMatch, words: ReadonlyMap<string, string>): string {
  const fieldsByWord = new Map<string, Set<string>>();
  for (const entry of match.terms) {
    const word = words.get(entry.term) ?? entry.term;
    if (!fieldsByWord.has(word) && fieldsByWord.size >= 4) continue;
    const fields = fieldsByWord.get(word) ?? new Set<string>();
    fields.add(FIELD_LABEL[entry.field]);
    fieldsByWord.set(word, fields);
  }
  return [...fieldsByWord].map(([word, fields]) => `"${word}" (${[...fields].join(', ')})`).join(', ');
}

function bestScore(matches: ReadonlyMap<string, LexicalMatch>): number {
  let best = 0;
  for (const match of matches.values()) best = Math.max(best, match.score);
  return best;
}
