/**
 * Terms for lexical search. An identifier is split into its words (camelCase, PascalCase,
 * acronyms, snake_case, kebab-case, dotted paths, digits) and also kept joined, so a task that
 * says "abort retry" finds `abortRetry` and one that says `abortRetry` finds it best. Every word
 * is lower-cased and stemmed; stopwords (English and common keywords) are dropped.
 */
import { stemWord } from './stem.js';

/** Bump when the terms produced for a text change: cached term counts are rebuilt. */
export const TOKENIZER_VERSION = 4;

/**
 * Words are letters of any script, digits, `_` and `$`, so a non-English task still finds its
 * words. A Unicode-aware scan is three times slower than an ASCII one, so runs are found with a
 * byte-range pattern first and only runs holding non-ASCII characters are split properly.
 */
const RUN = /[A-Za-z0-9_$\u0080-\uffff]+/g;
const LETTERS = /[\p{L}\p{N}_$]+/gu;
const NON_ASCII = /[^\x00-\x7f]/;
const MAX_WORD = 64;

/**
 * English function words and the few keywords found in nearly every file. Keywords that are
 * also meaningful words (`default`, `protected`, `class`, `async`) stay searchable.
 */
export const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had has
have having he her here hers him his how i if in into is it its itself just me more most my no nor not
now of off on once only or other our out over own same she should so some such than that the their
them then there these they this those through to too under until up very was we were what when where
which while who whom why will with would you your let us via etc eg ie may might must shall
const var function return else elif self cls def lambda pass try catch finally except import export
require typeof instanceof void null undefined none nil true false`.split(/\s+/),
);

/** Lower-cased words of one identifier: `parseHTTPResponse2` -> parse, http, response2. */
export function splitIdentifier(word: string): string[] {
  const parts: string[] = [];
  for (const piece of word.split(/[_$.-]+/)) {
    if (!piece) continue;
    const spaced = piece
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z]+)(?![0-9])/g, '$1 $2');
    for (const part of spaced.split(' ')) if (part) parts.push(part.toLowerCase());
  }
  return parts;
}

function keep(part: string): boolean {
  return (part.length >= 2 || /[^\x00-\x7f]/.test(part)) && !/^[0-9]+$/.test(part) && !STOPWORDS.has(part);
}

const memo = new Map<string, readonly string[]>();

/** Terms of one word as it appears in text (memoised: code repeats its words a lot). */
export function termsOfWord(word: string): readonly string[] {
  const cached = memo.get(word);
  if (cached) return cached;
  const terms: string[] = [];
  if (word.length <= MAX_WORD) {
    const parts = splitIdentifier(word);
    for (const part of parts) {
      if (keep(part)) terms.push(stemWord(part));
      // `ipv4`, `cidrv6`, `utf8` are found as written and by their letters alone.
      const letters = /^([a-z]{2,})[0-9]+$/.exec(part)?.[1];
      if (letters && keep(letters)) terms.push(stemWord(letters));
    }
    if (parts.length > 1 && terms.length > 0) {
      const joined = parts.join('');
      if (keep(joined)) terms.push(stemWord(joined));
    }
  }
  if (memo.size > 200_000) memo.clear();
  memo.set(word, terms);
  return terms;
}

/** Calls `sink` for every term of `text`, in order. */
export function forEachTerm(text: string, sink: (term: string) => void): void {
  const runs = new RegExp(RUN);
  for (let match = runs.exec(text); match !== null; match = runs.exec(text)) {
    const run = match[0];
    if (!NON_ASCII.test(run)) {
      for (const term of termsOfWord(run)) sink(term);
      continue;
    }
    for (const word of run.match(LETTERS) ?? []) for (const term of termsOfWord(word)) sink(term);
  }
}

export function termsOf(text: string): string[] {
  const terms: string[] = [];
  forEachTerm(text, (term) => terms.push(term));
  return terms;
}

/** Term -> count, and the total number of terms (the document length for BM25). */
export function countTerms(text: string): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  let length = 0;
  forEachTerm(text, (term) => {
    counts.set(term, (counts.get(term) ?? 0) + 1);
    length++;
  });
  return { counts, length };
}
