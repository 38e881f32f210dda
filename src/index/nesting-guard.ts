/**
 * Parsers recurse once per level of nesting, and a native one (oxc) that runs out of stack takes
 * the whole process down with a segfault no `try` can catch: 6,000 nested parentheses, or a few
 * tens of thousands of `+` in one expression, are enough. Before any parser sees a file, one
 * linear pass estimates how deep its syntax tree would be; a file deeper than any real program is
 * read lexically instead, with low confidence and a diagnostic saying why.
 */
import { emptyFacts } from './languages/adapter.js';
import { lexicalFacts } from './languages/typescript-line-fallback.js';
import type { FileFacts } from './types.js';

/**
 * Deepest tree we hand to a parser. oxc survives about 2,000 nested parentheses on a worker
 * thread's stack and 4,000 on the main thread's; real code stays below 100.
 */
export const MAX_PARSE_DEPTH = 1000;

// Character codes the scan looks at.
const TAB = 9;
const NEWLINE = 10;
const RETURN = 13;
const SPACE = 32;
const QUOTE = 34;
const APOSTROPHE = 39;
const STAR = 42;
const SLASH = 47;
const BACKSLASH = 92;
const BACKTICK = 96;
const OPENER = 1;
const CLOSER = 2;
const SEPARATOR = 3;
/** Characters of binary, ternary, assignment and member operators: each run of them nests one level. */
const OPERATOR = 4;
const CLASS_OF = new Uint8Array(128);
for (const [characters, kind] of [
  ['([{', OPENER],
  [')]}', CLOSER],
  [';,', SEPARATOR],
  ['+-*/%&|^?:<>=.!~', OPERATOR],
] as const)
  for (const character of characters) CLASS_OF[character.charCodeAt(0)] = kind;

function classOf(code: number): number {
  return code < 128 ? CLASS_OF[code]! : 0;
}

/**
 * An upper bound on the syntax tree's depth: the bracket depth plus, on each open level, the
 * operators chained since that level's last separator. A line break separates too, unless an
 * operator ends the line or starts the next (then the expression goes on). Strings and comments
 * are skipped.
 */
export function estimatedDepth(text: string): number {
  const chains: number[] = [0];
  let depth = 0;
  let deepest = 0;
  let previous = 0; // class of the last character that was not white space
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === SPACE || code === TAB || code === RETURN) continue;
    const skipped = skipLiteral(text, index, code);
    if (skipped !== index) {
      index = skipped - 1;
      continue;
    }
    let kind = classOf(code);
    if (code === NEWLINE) {
      if (previous === OPERATOR || !endsExpression(text, index)) continue;
      kind = SEPARATOR;
    }
    if (kind === OPENER) {
      chains.push(0);
      depth++;
    } else if (kind === CLOSER) {
      if (chains.length > 1) depth -= 1 + chains.pop()!;
    } else if (kind === SEPARATOR) {
      depth -= chains[chains.length - 1]!;
      chains[chains.length - 1] = 0;
    } else if (kind === OPERATOR && previous !== OPERATOR) {
      chains[chains.length - 1]!++;
      depth++;
    }
    if (depth > deepest) deepest = depth;
    previous = kind;
  }
  return deepest;
}

/** Whether the line break at `index` ends the expression: no operator starts the next line. */
function endsExpression(text: string, index: number): boolean {
  let next = index + 1;
  let code = text.charCodeAt(next);
  while (code === SPACE || code === TAB || code === RETURN || code === NEWLINE)
    code = text.charCodeAt(++next);
  if (code === SLASH) {
    const after = text.charCodeAt(next + 1);
    if (after === SLASH || after === STAR) return true;
  }
  return classOf(code) !== OPERATOR;
}

/** The offset after a string or comment starting at `index`, or `index` when none starts there. */
function skipLiteral(text: string, index: number, code: number): number {
  if (code === SLASH) {
    const next = text.charCodeAt(index + 1);
    if (next === SLASH) return endOfLine(text, index);
    if (next === STAR) {
      const end = text.indexOf('*/', index + 2);
      return end === -1 ? text.length : end + 2;
    }
    return index;
  }
  if (code === QUOTE || code === APOSTROPHE || code === BACKTICK) return endOfString(text, index, code);
  return index;
}

function endOfLine(text: string, index: number): number {
  const end = text.indexOf('\n', index);
  return end === -1 ? text.length : end;
}

/** Quoted strings end at their closing quote; single and double quotes also at the line's end. */
function endOfString(text: string, index: number, quote: number): number {
  for (let position = index + 1; position < text.length; position++) {
    const code = text.charCodeAt(position);
    if (code === BACKSLASH) position++;
    else if (code === quote) return position + 1;
    else if (code === NEWLINE && quote !== BACKTICK) return position;
  }
  return text.length;
}

/**
 * Facts for a TypeScript or JavaScript file too deeply nested for oxc, or undefined when oxc may
 * read it: what a line scan sees (imports, declarations), with a diagnostic. (The tree-sitter
 * grammars parse without recursion and survive any depth; the fast scanner declines such files.)
 */
export function factsIfTooDeep(text: string): FileFacts | undefined {
  if (text.length <= MAX_PARSE_DEPTH) return undefined;
  const depth = estimatedDepth(text);
  if (depth <= MAX_PARSE_DEPTH) return undefined;
  const facts = emptyFacts(text, 'failed');
  lexicalFacts(text, facts);
  if (facts.imports.length + facts.symbols.length > 0) facts.confidence = 'partial';
  facts.diagnostics.push({
    line: 1,
    message: `nesting about ${depth} levels deep (over ${MAX_PARSE_DEPTH}): not parsed, read line by line`,
  });
  return facts;
}
