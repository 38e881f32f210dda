/**
 * What a change touched, in words: per changed source file, the symbols whose lines changed
 * (the innermost function, method or class around each hunk, from the index's symbol ranges)
 * and the identifiers on the changed lines, added and removed. Test selection ranks the tests
 * that reach a change by how many of these words they mention.
 */
import { languageOf } from '../scan/classify.js';
import { type DiffHunk, diffHunks } from '../shared/git.js';
import { blockCommentLines, hasBlockComments } from './block-comments.js';
import { allModules, changedModules, type ImportsOf } from './change-imports.js';
import { gitContentReader } from './changes.js';
import { docstringLines, hasDocstrings } from './docstrings.js';
import { splitProse } from './message-prose.js';

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
  /**
   * Names on the removed lines of code that no changed file's new text holds any more, as the
   * change spelled them, sorted (absent when none): a test that still names one must change or fail.
   */
  gone?: string[];
  /**
   * Words only the messages on the changed lines hold (string literals of several words: an error's
   * text, help), normalised, sorted (absent when none): prose the program prints, not names it uses.
   */
  said?: string[];
  /** The outside modules whose import statements the change added or removed (see change-imports.ts), sorted (absent when none). */
  modules?: string[];
}

/** One file's hunks from `git diff -U0`: the new side's changed ranges and the changed lines' text. */
export interface FileHunks {
  /** `[first, last]` lines of the new text; a pure deletion is the line before it and the one after. */
  ranges: Array<[number, number]>;
  lines: string[];
}

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/**
 * A file's hunks as selection reads them: a pure deletion touches the line before it and the one
 * after, so the symbol the deleted lines sat in (or just before) counts as changed.
 */
export function fileHunks(hunks: readonly DiffHunk[]): FileHunks {
  return {
    ranges: hunks.map(({ start, count }): [number, number] =>
      count === 0 ? [start, start + 1] : [start, start + count - 1],
    ),
    lines: hunks.flatMap((hunk) => hunk.lines),
  };
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

/** The code of changed lines, their messages' prose apart (see message-prose.ts). */
function codeAndProse(path: string, lines: readonly string[]): { code: string; prose: string } {
  const split = lines.map((line) => splitProse(path, line));
  return {
    code: split.map((line) => line.code).join('\n'),
    prose: split.map((line) => line.prose).join('\n'),
  };
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
  modules: readonly string[] = [],
): ChangedFileTerms {
  const lines = hunks.lines.filter((line) => !isCommentOrBlank(path, line));
  if (lines.length === 0 && hunks.lines.length > 0) return { path, symbols: [], words: [], parts: [] };
  const names = new Set<string>();
  for (const [first, last] of hunks.ranges) {
    const innermost = symbols
      .filter((symbol) => symbol.line <= last && symbol.endLine >= first)
      .sort((a, b) => a.endLine - a.line - (b.endLine - b.line))[0];
    if (innermost) names.add(innermost.name);
  }
  const { code, prose } = codeAndProse(path, lines);
  const parts = new Set<string>();
  for (const identifier of [...(code.match(IDENTIFIER) ?? []), ...names])
    for (const part of identifierParts(identifier)) parts.add(part);
  const words = wordsOf(code);
  const said = [...wordsOf(prose)].filter((word) => !words.has(word)).sort();
  return {
    path,
    symbols: [...names].sort(),
    words: [...words].sort(),
    parts: [...parts].sort(),
    ...(said.length > 0 ? { said } : {}),
    ...(modules.length > 0 ? { modules: [...modules] } : {}),
  };
}

/** The words of a module's name as a test would spell it (`collections.abc` -> `collections`, `abc`). */
export function moduleWords(module: string): string[] {
  return [...wordsOf(module)];
}

/** The lines of a text that are documentation, not code: docstrings, and lines wholly inside a block comment. */
function proseLines(path: string, text: string): Set<number> {
  const lines = docstringLines(path, text);
  for (const line of blockCommentLines(path, text)) lines.add(line);
  return lines;
}

/**
 * The hunks with their docstring and block-comment lines left out (the base's for removed lines,
 * the working tree's for added ones); a hunk of such lines alone is left out whole, so the
 * function whose documentation changed does not count as changed either.
 */
function withoutDocstrings(path: string, hunks: readonly DiffHunk[], texts: BaseAndNew): DiffHunk[] {
  if (!(hasDocstrings(path) || hasBlockComments(path)) || hunks.length === 0) return [...hunks];
  const before = proseLines(path, texts.before ?? '');
  const after = proseLines(path, texts.after ?? '');
  const kept: DiffHunk[] = [];
  for (const hunk of hunks) {
    const removed = hunk.removed.filter((_, offset) => !before.has(hunk.oldStart + offset));
    const added = hunk.added.filter((_, offset) => !after.has(hunk.start + offset));
    if (removed.length + added.length > 0)
      kept.push({ ...hunk, removed, added, lines: [...removed, ...added] });
  }
  return kept;
}

/** A changed file's text at the base commit and in the working tree (undefined where it is not there, or not needed). */
interface BaseAndNew {
  before: string | undefined;
  after: string | undefined;
}

/** A changed file's text at the base commit (undefined where it was not there). */
export type BaseText = (path: string) => Promise<string | undefined>;

/** The base's text of a changed file, read only when something needs it: its docstrings, block comments or imports. */
async function baseAndNew(
  path: string,
  baseText: BaseText,
  readFile: (path: string) => string | undefined,
  importsOf: ImportsOf | undefined,
): Promise<BaseAndNew> {
  if (!(importsOf || hasDocstrings(path) || hasBlockComments(path)))
    return { before: undefined, after: undefined };
  return { before: await baseText(path), after: readFile(path) };
}

/** A file that is new to git: every line is a changed line, but for its docstrings and block comments. */
export function wholeFileHunks(text: string, path = ''): FileHunks {
  const lines = text.split('\n');
  const docs = proseLines(path, text);
  return { ranges: [[1, lines.length]], lines: lines.filter((_, index) => !docs.has(index + 1)) };
}

/** A changed source file as the reader needs it, with the symbols the index found in its new text. */
export interface TermSource {
  path: string;
  symbols: readonly RangedSymbol[];
}

/**
 * The terms of every changed source file, from `git diff -U0` against the base commit; a file
 * the diff does not show (untracked: all of it is new) counts with its whole text. `importsOf`
 * (the index's reading of a text's import statements) tells which changed lines import a module;
 * `baseText` is the change's reader of base texts when the caller holds one (cached, see changes.ts).
 */
export async function readChangeTerms(
  root: string,
  baseCommit: string,
  sources: readonly TermSource[],
  readFile: (path: string) => string | undefined,
  importsOf?: ImportsOf,
  baseText: BaseText = gitContentReader(root, baseCommit).before,
): Promise<ChangedFileTerms[]> {
  if (sources.length === 0) return [];
  const paths = sources.map((source) => source.path);
  const diff = await diffHunks(root, baseCommit, paths, ['--no-renames', '--relative']);
  const hunks = new Map<string, { found: FileHunks; modules: string[] }>();
  const removed = new Map<string, string[]>();
  for (const [path, found] of diff) {
    const texts = await baseAndNew(path, baseText, readFile, importsOf);
    const kept = withoutDocstrings(path, found, texts);
    const modules = importsOf ? changedModules(path, kept, texts, importsOf) : [];
    hunks.set(path, { found: fileHunks(kept), modules });
    removed.set(
      path,
      kept.flatMap((hunk) => hunk.removed).filter((line) => !isCommentOrBlank(path, line)),
    );
  }
  const terms: ChangedFileTerms[] = [];
  for (const source of [...sources].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const diffed = hunks.get(source.path);
    const text = diffed ? undefined : readFile(source.path);
    if (diffed) terms.push(changedFileTerms(source.path, diffed.found, source.symbols, diffed.modules));
    else if (text !== undefined) {
      const modules = importsOf ? allModules(source.path, text, importsOf) : [];
      terms.push(changedFileTerms(source.path, wholeFileHunks(text, source.path), source.symbols, modules));
    }
  }
  return withGoneNames(terms, removed, sources, readFile);
}

/** Adds to each file's terms the names its removed lines held that no changed file's new text holds. */
function withGoneNames(
  terms: ChangedFileTerms[],
  removed: ReadonlyMap<string, readonly string[]>,
  sources: readonly TermSource[],
  readFile: (path: string) => string | undefined,
): ChangedFileTerms[] {
  if (![...removed.values()].some((lines) => lines.length > 0)) return terms;
  const remaining = new Set<string>();
  for (const source of sources) for (const word of wordsOf(readFile(source.path) ?? '')) remaining.add(word);
  return terms.map((file) => {
    const spelled = new Map<string, string>();
    const { code } = codeAndProse(file.path, removed.get(file.path) ?? []);
    for (const identifier of code.match(IDENTIFIER) ?? []) {
      const word = normalizeWord(identifier);
      if (word && !remaining.has(word) && !spelled.has(word)) spelled.set(word, identifier);
    }
    return spelled.size > 0 ? { ...file, gone: [...spelled.values()].sort() } : file;
  });
}

/** A changed file as the change model reports it: only source files that still exist have terms. */
export interface ChangedFileKind {
  path: string;
  kind?: string;
  status: string;
}

/**
 * The terms of the change's source files (deleted ones have none to read), each with the symbols
 * the index found in its new text.
 */
export function readSourceChangeTerms(
  root: string,
  baseCommit: string,
  changed: readonly ChangedFileKind[],
  indexed: readonly TermSource[],
  readFile: (path: string) => string | undefined,
  importsOf?: ImportsOf,
  baseText?: BaseText,
): Promise<ChangedFileTerms[]> {
  const symbols = new Map(indexed.map((file) => [file.path, file.symbols]));
  const sources = changed
    .filter((file) => file.kind === 'source' && file.status !== 'deleted')
    .map((file) => ({ path: file.path, symbols: symbols.get(file.path) ?? [] }));
  return readChangeTerms(root, baseCommit, sources, readFile, importsOf, baseText);
}
