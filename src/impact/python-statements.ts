/**
 * Python source as logical statements, reading strings, comments, brackets and line continuations:
 * where a statement starts and ends though a string or a bracket spans lines. One home for how
 * Python is split: docstrings (docstrings.ts) and test cases (cases/python.ts) both ask it.
 */

/** A logical Python statement: its lines, whether it is string literals alone, and whether it opens a def/class body. */
export interface PythonStatement {
  first: number;
  last: number;
  stringsOnly: boolean;
  opensBody: boolean;
}

const STRING_START = /^(?:[rRbBuU]{0,2})("""|'''|"|')/;
const BODY_HEADER = /^(?:async\s+def|def|class)\b[\s\S]*:\s*$/;

/** Splits Python source into logical statements, reading strings, comments, brackets and line continuations. */
export function pythonStatements(text: string): PythonStatement[] {
  const statements: PythonStatement[] = [];
  let current: { first: number; stringsOnly: boolean; code: string } | undefined;
  let depth = 0;
  let line = 1;
  const end = (last: number) => {
    if (current)
      statements.push({
        first: current.first,
        last,
        stringsOnly: current.stringsOnly,
        opensBody: BODY_HEADER.test(current.code.trim()),
      });
    current = undefined;
  };
  for (let at = 0; at < text.length; ) {
    const char = text[at]!;
    if (char === '\n') {
      if (depth === 0) end(line);
      line++;
      at++;
    } else if (char === '#') {
      while (at < text.length && text[at] !== '\n') at++;
    } else if (char === '\\' && text[at + 1] === '\n') {
      line++;
      at += 2;
    } else if (char === ' ' || char === '\t' || char === '\r' || char === '\f') {
      at++;
    } else {
      current ??= { first: line, stringsOnly: true, code: '' };
      const quote = STRING_START.exec(text.slice(at, at + 5));
      if (quote) {
        const close = stringEnd(text, at + quote[0].length, quote[1]!);
        line += countNewlines(text, at, close);
        current.code += ' "" ';
        at = close;
        continue;
      }
      const word = /^[A-Za-z0-9_]+/.exec(text.slice(at, at + 200))?.[0] ?? char;
      if ('([{'.includes(char)) depth++;
      else if (')]}'.includes(char)) depth = Math.max(0, depth - 1);
      current.stringsOnly = false;
      current.code += `${word} `;
      at += word.length;
    }
  }
  end(line);
  return statements;
}

/** The index just after the string that opened with `quote` and whose text starts at `from`. */
function stringEnd(text: string, from: number, quote: string): number {
  for (let at = from; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text.startsWith(quote, at)) return at + quote.length;
    else if (quote.length === 1 && text[at] === '\n') return at;
  }
  return text.length;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at++) if (text[at] === '\n') count++;
  return count;
}

/** The lines that continue a statement begun above them (inside a multi-line string or bracket, after a `\\`): no statement starts there. */
export function continuationLines(statements: readonly PythonStatement[]): Set<number> {
  const lines = new Set<number>();
  for (const statement of statements)
    for (let line = statement.first + 1; line <= statement.last; line++) lines.add(line);
  return lines;
}
