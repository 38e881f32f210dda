/**
 * Where a text's docstrings are, by syntax: documentation written as a string literal rather
 * than a comment. A docstring changes no behaviour any more than a comment does, so test selection
 * reads no words from it. Python: a string literal that is the whole first statement of the
 * module, a class or a `def` body. Elixir: the `@moduledoc`, `@doc` and `@typedoc` attributes.
 */
import { languageOf } from '../scan/classify.js';

const WITH_DOCSTRINGS = new Set(['python', 'elixir']);

/** Whether the file's language writes documentation as strings (so its docstrings must be looked for). */
export function hasDocstrings(path: string): boolean {
  return WITH_DOCSTRINGS.has(languageOf(path));
}

/** The 1-based lines of `text` that lie in a docstring; empty for a language without them. */
export function docstringLines(path: string, text: string): Set<number> {
  const language = languageOf(path);
  if (language === 'python') return pythonDocstringLines(text);
  if (language === 'elixir') return elixirDocLines(text);
  return new Set();
}

/** A logical Python statement: its lines, whether it is string literals alone, and whether it opens a def/class body. */
interface Statement {
  first: number;
  last: number;
  stringsOnly: boolean;
  opensBody: boolean;
}

function pythonDocstringLines(text: string): Set<number> {
  const lines = new Set<number>();
  const statements = pythonStatements(text);
  for (const [position, statement] of statements.entries()) {
    const before = statements[position - 1];
    if (statement.stringsOnly && (before === undefined || before.opensBody))
      for (let line = statement.first; line <= statement.last; line++) lines.add(line);
  }
  return lines;
}

const STRING_START = /^(?:[rRbBuU]{0,2})("""|'''|"|')/;
const BODY_HEADER = /^(?:async\s+def|def|class)\b[\s\S]*:\s*$/;

/** Splits Python source into logical statements, reading strings, comments, brackets and line continuations. */
function pythonStatements(text: string): Statement[] {
  const statements: Statement[] = [];
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

const ELIXIR_DOC = /^\s*@(?:moduledoc|doc|typedoc)\s+(~[sS])?("""|'''|")/;

/** Elixir's documentation attributes: from `@doc """` to the closing `"""`, or the one line of `@doc "…"`. */
function elixirDocLines(text: string): Set<number> {
  const lines = new Set<number>();
  const all = text.split('\n');
  for (let index = 0; index < all.length; index++) {
    const opening = ELIXIR_DOC.exec(all[index]!);
    if (!opening) continue;
    lines.add(index + 1);
    const quote = opening[2]!;
    if (quote.length === 1) continue;
    while (++index < all.length) {
      lines.add(index + 1);
      if (all[index]!.trim().startsWith(quote)) break;
    }
  }
  return lines;
}
