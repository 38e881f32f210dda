/**
 * Which cases of a selected test file the change's evidence points at: each case is scored by the
 * words of the change its own lines hold (a changed symbol's name, a removed name or a module whose
 * import changed three times a word of a changed line or message, a part of a changed identifier
 * twice), each word by how few of the file's cases hold it.
 * When no case holds any, or all of them qualify, the file is run whole.
 */
import {
  type ChangedFileTerms,
  identifierParts,
  moduleWords,
  normalizeWord,
  wordsOf,
} from '../change-terms.js';
import type { TestCase } from './test-case.js';

/** A case is kept when its score is at least this share of the best case's. */
const CASE_BAR = 0.25;
/** A word more than this share of the file's cases hold tells them apart no better than the file does. */
const COMMON_IN_FILE = 0.5;
const WEIGHT = { symbol: 3, line: 1, part: 2 } as const;

export interface ChosenCases {
  cases: TestCase[];
  /** The words that chose them, strongest first (at most a few). */
  words: string[];
}

export function chooseCases(
  cases: readonly TestCase[],
  text: string,
  terms: readonly ChangedFileTerms[],
): ChosenCases | undefined {
  if (cases.length < 2) return undefined;
  const wanted = wantedWords(terms);
  const lines = text.split('\n');
  const held = cases.map((testCase) => wordsHeld(testCase, lines, wanted));
  const frequency = new Map<string, number>();
  for (const words of held) for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const weightOf = (word: string) => {
    const count = frequency.get(word)!;
    return count > COMMON_IN_FILE * cases.length ? 0 : wanted.get(word)! * Math.log(cases.length / count);
  };
  const scores = held.map((words) => [...words].reduce((sum, word) => sum + weightOf(word), 0));
  const best = Math.max(...scores);
  if (best <= 0) return undefined;
  const chosen = cases.filter((_, index) => scores[index]! >= CASE_BAR * best);
  if (chosen.length === cases.length) return undefined;
  const words = [...frequency.keys()]
    .filter(
      (word) =>
        weightOf(word) > 0 &&
        held.some((words, index) => words.has(word) && scores[index]! >= CASE_BAR * best),
    )
    .sort((a, b) => weightOf(b) - weightOf(a) || (a < b ? -1 : 1));
  return { cases: chosen, words: words.slice(0, 3) };
}

/** The change's words and their weights (a word that is both a symbol and on a changed line counts as the symbol). */
function wantedWords(terms: readonly ChangedFileTerms[]): Map<string, number> {
  const wanted = new Map<string, number>();
  const offer = (word: string | undefined, weight: number) => {
    if (word && (wanted.get(word) ?? 0) < weight) wanted.set(word, weight);
  };
  for (const file of terms) {
    for (const part of file.parts) offer(part, WEIGHT.part);
    for (const word of [...file.words, ...(file.said ?? [])]) offer(word, WEIGHT.line);
    for (const name of [...file.symbols, ...(file.gone ?? [])]) offer(normalizeWord(name), WEIGHT.symbol);
    for (const word of (file.modules ?? []).flatMap(moduleWords)) offer(word, WEIGHT.symbol);
  }
  return wanted;
}

/** The wanted words a case's lines hold: its identifiers, and the parts of its identifiers and title words. */
function wordsHeld(testCase: TestCase, lines: readonly string[], wanted: Map<string, number>): Set<string> {
  const body = [...lines.slice(testCase.line - 1, testCase.endLine), ...testCase.titles].join('\n');
  const found = new Set<string>();
  for (const word of wordsOf(body)) if (wanted.has(word)) found.add(word);
  for (const identifier of body.match(/[A-Za-z_$][\w$]*/g) ?? [])
    for (const part of identifierParts(identifier)) if (wanted.has(part)) found.add(part);
  return found;
}
