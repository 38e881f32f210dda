/**
 * What a change touched, in words: per changed source file, the symbols whose lines changed
 * (the innermost function, method or class around each hunk, from the index's symbol ranges)
 * and the identifiers on the changed lines, added and removed. Test selection ranks the tests
 * that reach a change by how many of these words they mention.
 */
import { languageOf } from '../scan/classify.js';
import { runGit } from '../shared/git.js';

/** A symbol as the index records it, with its line range. */
export interface RangedSymbol {
  name: string;
  kind: string;
  line: number;
  endLine: number;
  container?: string;
}

export interface ChangedFileTerms {
  path: string;
  /** Names of the symbols whose lines changed, innermost first per hunk, sorted. */
  symbols: string[];
  /** Identifiers on the added and removed lines of code (normalised, see `normalizeWord`), sorted. */
  words: string[];
  /**
   * The parts of those identifiers and of the changed symbols' names (`handleInputOptions` ->
   * `handle`, `input`, `options`), lower-cased, of at least four letters, sorted: a test named
   * after one (`test/io/input-option.js`) tests the concept the change touched.
   */
  parts: string[];
}

/** One file's hunks from `git diff -U0`: the new side's changed ranges and the changed lines' text. */
export interface FileHunks {
  /** `[first, last]` lines of the new text; a pure deletion is the line before it and the one after. */
  ranges: Array<[number, number]>;
  lines: string[];
}

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;
const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/** Splits `git diff -U0` output into hunks per new path (paths relative to where git ran). */
export function parseUnifiedDiff(text: string): Map<string, FileHunks> {
  const files = new Map<string, FileHunks>();
  let current: FileHunks | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('+++ ')) {
      const path = line.slice(4).replace(/^b\//, '');
      current = path === '/dev/null' ? undefined : { ranges: [], lines: [] };
      if (current) files.set(path, current);
      continue;
    }
    if (!current || line.startsWith('--- ')) continue;
    const hunk = HUNK.exec(line);
    if (hunk) {
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      current.ranges.push(count === 0 ? [start, start + 1] : [start, start + count - 1]);
    } else if (line.startsWith('+') || line.startsWith('-')) current.lines.push(line.slice(1));
  }
  return files;
}

/** An identifier as selection compares it: case and leading `_`/`$` dropped; short ones are noise. */
export function normalizeWord(word: string): string | undefined {
  const bare = word.replace(/^[_$]+/, '').toLowerCase();
  return bare.length >= 3 ? bare : undefined;
}

/** The normalised identifiers of a text, once each. */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const match of text.matchAll(IDENTIFIER)) {
    const word = normalizeWord(match[0]);
    if (word) words.add(word);
  }
  return words;
}

/** The parts of an identifier: split at case changes, digits and `_`, lower-cased, four letters or more. */
export function identifierParts(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .map((part) => part.toLowerCase())
    .filter((part) => part.length >= 4);
}

/** Where a line comment starts, by language: a changed comment changes no behaviour, so its words rank nothing. */
const HASH_COMMENT = new Set([
  'python',
  'ruby',
  'shell',
  'yaml',
  'toml',
  'perl',
  'r',
  'elixir',
  'powershell',
]);

function isCommentOrBlank(path: string, line: string): boolean {
  const text = line.trim();
  if (text === '') return true;
  if (HASH_COMMENT.has(languageOf(path))) return text.startsWith('#');
  return /^(?:\/\/|\/\*|\*)/.test(text) || (languageOf(path) === 'lua' && text.startsWith('--'));
}

/**
 * The terms of one changed file from its hunks and the symbols the index found in its new text.
 * Lines that are only a comment or blank say nothing of what to test: a change of nothing else
 * has no terms at all (not even the symbol around it).
 */
export function changedFileTerms(
  path: string,
  hunks: FileHunks,
  symbols: readonly RangedSymbol[],
): ChangedFileTerms {
  const code = hunks.lines.filter((line) => !isCommentOrBlank(path, line));
  if (code.length === 0 && hunks.lines.length > 0) return { path, symbols: [], words: [], parts: [] };
  const names = new Set<string>();
  for (const [first, last] of hunks.ranges) {
    const innermost = symbols
      .filter((symbol) => symbol.line <= last && symbol.endLine >= first)
      .sort((a, b) => a.endLine - a.line - (b.endLine - b.line))[0];
    if (innermost) names.add(innermost.name);
  }
  const text = code.join('\n');
  const parts = new Set<string>();
  for (const identifier of [...(text.match(IDENTIFIER) ?? []), ...names])
    for (const part of identifierParts(identifier)) parts.add(part);
  return { path, symbols: [...names].sort(), words: [...wordsOf(text)].sort(), parts: [...parts].sort() };
}

/** A file that is new to git: every line is a changed line. */
export function wholeFileHunks(text: string): FileHunks {
  const lines = text.split('\n');
  return { ranges: [[1, lines.length]], lines };
}

/** A changed source file as the reader needs it, with the symbols the index found in its new text. */
export interface TermSource {
  path: string;
  symbols: readonly RangedSymbol[];
}

/**
 * The terms of every changed source file, from `git diff -U0` against the base commit; a file
 * the diff does not show (untracked: all of it is new) counts with its whole text.
 */
export async function readChangeTerms(
  root: string,
  baseCommit: string,
  sources: readonly TermSource[],
  readFile: (path: string) => string | undefined,
): Promise<ChangedFileTerms[]> {
  if (sources.length === 0) return [];
  const paths = sources.map((source) => source.path);
  const diff = await runGit(
    ['diff', '-U0', '--no-color', '--no-ext-diff', '--no-renames', '--relative', baseCommit, '--', ...paths],
    root,
  );
  const hunks = diff.exitCode === 0 ? parseUnifiedDiff(diff.stdout) : new Map<string, FileHunks>();
  const terms: ChangedFileTerms[] = [];
  for (const source of [...sources].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const text = hunks.has(source.path) ? undefined : readFile(source.path);
    const found = hunks.get(source.path) ?? (text === undefined ? undefined : wholeFileHunks(text));
    if (found) terms.push(changedFileTerms(source.path, found, source.symbols));
  }
  return terms;
}
