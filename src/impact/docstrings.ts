/**
 * Where a text's docstrings are, by syntax: documentation written as a string literal rather
 * than a comment. A docstring changes no behaviour any more than a comment does, so test selection
 * reads no words from it. Python: a string literal that is the whole first statement of the
 * module, a class or a `def` body. Elixir: the `@moduledoc`, `@doc` and `@typedoc` attributes.
 */
import { languageOf } from '../scan/classify.js';
import { pythonStatements } from './python-statements.js';

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
