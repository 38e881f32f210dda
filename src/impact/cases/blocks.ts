/**
 * Where a bracketed block ends, skipping strings and comments: enough of each language's lexis to
 * find the extent of a test's body. When the text does not balance, the block is unknown and
 * the file's cases are not singled out.
 */

export type Lexis = 'js' | 'go' | 'rust';

const CLOSE: Record<string, string> = { '(': ')', '{': '}', '[': ']' };

/** The index of the bracket closing the one at `open`, or -1 when the text does not balance. */
export function closingBracket(text: string, open: number, lexis: Lexis): number {
  const stack: string[] = [];
  for (let index = open; index < text.length; index++) {
    const char = text[index]!;
    const skipped = skipLiteral(text, index, lexis);
    if (skipped > index) {
      index = skipped - 1;
      continue;
    }
    if (char in CLOSE) stack.push(CLOSE[char]!);
    else if (char === ')' || char === '}' || char === ']') {
      if (stack.pop() !== char) return -1;
      if (stack.length === 0) return index;
    }
  }
  return -1;
}

/** The index just past a comment or string literal starting at `index` (`index` itself when none starts there). */
export function skipLiteral(text: string, index: number, lexis: Lexis): number {
  const char = text[index];
  const next = text[index + 1];
  if (char === '/' && next === '/') return lineEnd(text, index);
  if (char === '/' && next === '*') return endOf(text, index + 2, '*/');
  if (char === '"') return quoted(text, index, '"');
  if (char === '`' && lexis !== 'rust')
    return lexis === 'js' ? template(text, index) : endOf(text, index + 1, '`');
  if (char === "'" && lexis === 'js') return quoted(text, index, "'");
  if (char === '/' && lexis === 'js' && startsRegex(text, index)) return regexLiteral(text, index);
  if (char === "'" && lexis !== 'js') return charLiteral(text, index);
  if (char === 'r' && lexis === 'rust' && /^r#*"/.test(text.slice(index, index + 8)))
    return rawString(text, index);
  return index;
}

/** A `/` starts a regular expression after an operator, a bracket, a comma or a keyword such as `return`; else it divides. */
function startsRegex(text: string, index: number): boolean {
  let at = index - 1;
  while (at >= 0 && /\s/.test(text[at]!)) at--;
  if (at < 0 || /[(,=:[!&|?{};+\-*%<>~^]/.test(text[at]!)) return true;
  return /(?:^|[^\w$])(?:return|typeof|case|in|of|void|delete|throw|new|else|do|yield|await)$/.test(
    text.slice(Math.max(0, at - 10), at + 1),
  );
}

function regexLiteral(text: string, index: number): number {
  let inClass = false;
  for (let at = index + 1; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '\n') return index + 1;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return at + 1;
  }
  return index + 1;
}

function lineEnd(text: string, index: number): number {
  const end = text.indexOf('\n', index);
  return end < 0 ? text.length : end;
}

function endOf(text: string, from: number, marker: string): number {
  const end = text.indexOf(marker, from);
  return end < 0 ? text.length : end + marker.length;
}

function quoted(text: string, index: number, quote: string): number {
  for (let at = index + 1; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === quote) return at + 1;
  }
  return text.length;
}

/** A JavaScript template literal, its `${…}` parts included. */
function template(text: string, index: number): number {
  for (let at = index + 1; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '`') return at + 1;
    else if (text[at] === '$' && text[at + 1] === '{') {
      const close = closingBracket(text, at + 1, 'js');
      if (close < 0) return text.length;
      at = close;
    }
  }
  return text.length;
}

/** A Go rune or Rust char (`'a'`, `'\n'`); a Rust lifetime (`'a`) is not a literal. */
function charLiteral(text: string, index: number): number {
  const match = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'/u.exec(
    text.slice(index, index + 12),
  );
  return match ? index + match[0].length : index;
}

function rawString(text: string, index: number): number {
  const hashes = /^r(#*)"/.exec(text.slice(index))![1]!;
  return endOf(text, index + 2 + hashes.length, `"${hashes}`);
}

/** The 1-based line of a character index, by binary search over the line starts. */
export function lineFinder(text: string): (index: number) => number {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
