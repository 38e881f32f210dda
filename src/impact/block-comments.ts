/**
 * The lines of a text that lie wholly inside a block comment (`/* … *\/`). A line-based look at a
 * hunk cannot tell them: documentation written without a leading `*` on each line (`@returns A
 * promise that…`) reads as code, and its prose would rank tests as if behaviour had changed.
 */
import { languageOf } from '../scan/classify.js';
import { type Lexis, lineFinder, skipLiteral } from './cases/blocks.js';

/** Languages with `/* … *\/` comments, by the lexis that finds their strings and comments. */
export const COMMENT_LEXIS: Readonly<Record<string, Lexis>> = {
  javascript: 'js',
  typescript: 'js',
  go: 'go',
  rust: 'rust',
  java: 'go',
  kotlin: 'go',
  c: 'go',
  cpp: 'go',
  csharp: 'go',
};

/** Whether the file's language has block comments (so its changed lines must be looked at in the whole text). */
export function hasBlockComments(path: string): boolean {
  return languageOf(path) in COMMENT_LEXIS;
}

/** The 1-based lines of `text` that hold nothing but block comment (and spaces). */
export function blockCommentLines(path: string, text: string): Set<number> {
  const lexis = COMMENT_LEXIS[languageOf(path)];
  const lines = new Set<number>();
  if (!lexis) return lines;
  const lineOf = lineFinder(text);
  for (let index = 0; index < text.length; index++) {
    const end = skipLiteral(text, index, lexis);
    if (end <= index) continue;
    if (text.startsWith('/*', index)) markWholeLines(text, index, end, lineOf, lines);
    index = end - 1;
  }
  return lines;
}

/** Marks the lines of the comment from `start` to `end` that hold no code before or after it. */
function markWholeLines(
  text: string,
  start: number,
  end: number,
  lineOf: (index: number) => number,
  lines: Set<number>,
): void {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  const first = lineOf(start) + (text.slice(lineStart, start).trim() === '' ? 0 : 1);
  const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim();
  const last = lineOf(Math.max(start, end - 1)) - (rest === '' || rest.startsWith('//') ? 0 : 1);
  for (let line = first; line <= last; line++) lines.add(line);
}
