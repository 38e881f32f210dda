/**
 * A char-code tokenizer for TypeScript and JavaScript, the first half of the fast scanner. It
 * writes tokens into reused typed arrays (kind, span, flags, and for every bracket the index of
 * its partner, so the scanner can step over a group in one move) and collects comments. It throws
 * `Decline` rather than guess: a `/` whose meaning depends on more than the previous token, JSX,
 * unterminated literals, unbalanced brackets, escapes in identifiers.
 */
import type { SourceComment } from '../typescript-comments.js';

/** The scanner cannot be certain of this file; the reason is for measurements and tests. */
export class Decline extends Error {
  constructor(
    reason: string,
    /** Offset in the text where the scanner stopped, when known. */
    readonly offset?: number,
  ) {
    super(reason);
  }
}

export const IDENT = 1;
export const PRIVATE = 2;
export const NUMBER = 3;
export const STRING = 4;
/** A template without substitutions. */
export const TEMPLATE = 5;
/** `` `...${ ``, `}...${` and `` }...` `` of a template with substitutions. */
export const TEMPLATE_HEAD = 6;
export const TEMPLATE_MIDDLE = 7;
export const TEMPLATE_TAIL = 8;
export const REGEX = 9;
export const PUNCT = 10;
/** Written after the last token (not counted). */
export const END_OF_FILE = 0;
const SENTINELS = 4;

/** A line terminator (or a comment containing one) precedes the token. */
export const NEWLINE_BEFORE = 1;
/** On a `)` or `!`: a `/` right after it starts a regular expression (`if (x) /re/`, not `x! / y`). */
const REGEX_AFTER = 2;
/** On a `(` that follows `if`, `for`, `while` or `with`. */
const CONDITION_PAREN = 4;
/** No whitespace or comment between the previous token and this one. */
export const ADJACENT = 8;

export interface Tokens {
  count: number;
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  flags: Uint8Array;
  /** For brackets and template pieces: the index of the partner (the closer, or the next piece). */
  match: Int32Array;
  comments: SourceComment[];
}

type Buffers = Omit<Tokens, 'count' | 'comments'>;

// Reused between files: tokenizing is synchronous and the scanner finishes with the tokens first.
let shared: Buffers = allocate(4096);

function allocate(size: number): Buffers {
  return {
    kind: new Uint8Array(size),
    start: new Int32Array(size),
    end: new Int32Array(size),
    flags: new Uint8Array(size),
    match: new Int32Array(size),
  };
}

function grown(buffers: Buffers): Buffers {
  const next = allocate(buffers.kind.length * 2);
  next.kind.set(buffers.kind);
  next.start.set(buffers.start);
  next.end.set(buffers.end);
  next.flags.set(buffers.flags);
  next.match.set(buffers.match);
  return next;
}

// ASCII character classes.
const ID_START = 1;
const ID_PART = 2;
const DIGIT = 4;
const charClass = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  if (/[A-Za-z_$]/.test(char)) charClass[code] = ID_START | ID_PART;
  else if (/[0-9]/.test(char)) charClass[code] = ID_PART | DIGIT;
}

function isLineTerminator(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

/** `dgimsuvy`, each at most once, not both `u` and `v`. */
const VALID_FLAGS = /^(?!.*(.).*\1)(?!.*u.*v|.*v.*u)[dgimsuvy]*$/;
const IDENTIFIER_PART = /^[\p{ID_Continue}\u200c\u200d]$/u;

function isDigit(code: number, base: number): boolean {
  if (code >= 48 && code <= 57) return code - 48 < base;
  const letter = code | 32;
  return base === 16 && letter >= 97 && letter <= 102;
}

function isWideSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Keywords after which an expression (so a regular expression) may start. */
function expressionFollows(text: string, start: number, length: number): boolean {
  switch (length) {
    case 2:
      return text.startsWith('in', start) || text.startsWith('of', start) || text.startsWith('do', start);
    case 3:
      return text.startsWith('new', start);
    case 4:
      return (
        text.startsWith('void', start) || text.startsWith('case', start) || text.startsWith('else', start)
      );
    case 5:
      return (
        text.startsWith('throw', start) || text.startsWith('yield', start) || text.startsWith('await', start)
      );
    case 6:
      return (
        text.startsWith('return', start) ||
        text.startsWith('typeof', start) ||
        text.startsWith('delete', start)
      );
    case 10:
      return text.startsWith('instanceof', start);
    default:
      return false;
  }
}

function isConditionKeyword(text: string, start: number, length: number): boolean {
  if (length === 2) return text.startsWith('if', start);
  if (length === 3) return text.startsWith('for', start);
  if (length === 4) return text.startsWith('with', start);
  return length === 5 && text.startsWith('while', start);
}

/**
 * Tokens of `text`. In JavaScript files (`javascript`), a `<` where an expression starts is JSX
 * (declined), and a hashbang line is listed as a comment, as oxc does for them.
 */
export function tokenize(text: string, javascript: boolean): Tokens {
  return new Lexer(text, javascript).run();
}

class Lexer {
  private pos = 0;
  private count = 0;
  private newline = false;
  private gapStart = 0;
  private readonly comments: SourceComment[] = [];
  /** Open brackets and template pieces, as token indexes. */
  private readonly stack: number[] = [];
  private kinds = shared.kind;
  private starts = shared.start;
  private ends = shared.end;
  private flags = shared.flags;
  private matches = shared.match;

  constructor(
    private readonly text: string,
    private readonly javascript: boolean,
  ) {}

  run(): Tokens {
    const { text } = this;
    // A hashbang only at the very start: after a byte order mark oxc reports it as an error.
    if (text.charCodeAt(0) === 35 && text.charCodeAt(1) === 33) this.hashbang();
    else if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
    for (;;) {
      this.skipTrivia();
      if (this.pos >= text.length) break;
      this.token();
    }
    if (this.stack.length > 0) throw new Decline('unbalanced brackets at end of file');
    this.endSentinels();
    const { kinds: kind, starts: start, ends: end, flags, matches: match, count, comments } = this;
    return { kind, start, end, flags, match, count, comments };
  }

  /** Lookahead past the last token reads "end of file", never a token of an earlier file. */
  private endSentinels(): void {
    while (this.count + SENTINELS > this.kinds.length) this.grow();
    for (let index = this.count; index < this.count + SENTINELS; index++) {
      this.kinds[index] = END_OF_FILE;
      this.starts[index] = this.text.length;
      this.ends[index] = this.text.length;
      this.flags[index] = NEWLINE_BEFORE;
      this.matches[index] = -1;
    }
  }

  private hashbang(): void {
    const start = this.pos;
    while (this.pos < this.text.length && !isLineTerminator(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.javascript) this.comments.push({ type: 'Line', start, end: this.pos });
  }

  private skipTrivia(): void {
    const { text } = this;
    const length = text.length;
    this.gapStart = this.pos;
    while (this.pos < length) {
      const code = text.charCodeAt(this.pos);
      if (code === 32 || code === 9 || code === 11 || code === 12) this.pos++;
      else if (code === 10 || code === 13) {
        this.newline = true;
        this.pos++;
      } else if (code === 47) {
        const next = text.charCodeAt(this.pos + 1);
        if (next === 47) this.lineComment();
        else if (next === 42) this.blockComment();
        else return;
      } else if (code < 128) return;
      else if (code === 0x2028 || code === 0x2029) {
        this.newline = true;
        this.pos++;
      } else if (isWideSpace(code)) this.pos++;
      else return;
    }
  }

  private lineComment(): void {
    const { text } = this;
    const start = this.pos;
    this.pos += 2;
    while (this.pos < text.length && !isLineTerminator(text.charCodeAt(this.pos))) this.pos++;
    this.comments.push({ type: 'Line', start, end: this.pos });
  }

  private blockComment(): void {
    const { text } = this;
    const start = this.pos;
    const close = text.indexOf('*/', start + 2);
    if (close === -1) throw new Decline('unterminated comment');
    for (let index = start + 2; index < close; index++) {
      if (isLineTerminator(text.charCodeAt(index))) {
        this.newline = true;
        break;
      }
    }
    this.pos = close + 2;
    this.comments.push({ type: 'Block', start, end: this.pos });
  }

  /** Records token `count` and returns its index. */
  private emit(kind: number, start: number, end: number, flags: number): number {
    const index = this.count;
    if (index === this.kinds.length) this.grow();
    this.kinds[index] = kind;
    this.starts[index] = start;
    this.ends[index] = end;
    this.flags[index] =
      flags | (this.newline ? NEWLINE_BEFORE : 0) | (this.gapStart === start ? ADJACENT : 0);
    this.newline = false;
    this.count = index + 1;
    return index;
  }

  private grow(): void {
    shared = grown({
      kind: this.kinds,
      start: this.starts,
      end: this.ends,
      flags: this.flags,
      match: this.matches,
    });
    this.kinds = shared.kind;
    this.starts = shared.start;
    this.ends = shared.end;
    this.flags = shared.flags;
    this.matches = shared.match;
  }

  /** Whether an expression (so a regular expression, or JSX) may start here, judged by the previous token. */
  private expressionMayStart(): boolean {
    const last = this.count - 1;
    if (last < 0) return true;
    const kind = this.kinds[last];
    if (kind === IDENT) {
      const start = this.starts[last]!;
      return !this.followsDot(last) && expressionFollows(this.text, start, this.ends[last]! - start);
    }
    if (kind === TEMPLATE_HEAD || kind === TEMPLATE_MIDDLE) return true;
    if (kind !== PUNCT) return false;
    const code = this.text.charCodeAt(this.starts[last]!);
    const length = this.ends[last]! - this.starts[last]!;
    if (code === 41 || code === 33) return length === 1 ? (this.flags[last]! & REGEX_AFTER) !== 0 : true;
    if (code === 93) return false;
    if (code === 125) throw new Decline('`/` or `<` after `}`: regular expression, division or comparison');
    return !(
      length === 2 &&
      (code === 43 || code === 45) &&
      this.text.charCodeAt(this.starts[last]! + 1) === code
    );
  }

  /** Whether the token before `index` is `.` or `?.` (so the word at `index` is a property name). */
  private followsDot(index: number): boolean {
    const previous = index - 1;
    if (previous < 0 || this.kinds[previous] !== PUNCT) return false;
    const end = this.ends[previous]!;
    return this.text.charCodeAt(end - 1) === 46 && end - this.starts[previous]! < 3;
  }

  private token(): void {
    const { text } = this;
    const start = this.pos;
    const code = text.charCodeAt(start);
    if (code >= 128 || (charClass[code]! & ID_START) !== 0) this.identifier(start);
    else if ((charClass[code]! & DIGIT) !== 0) this.number(start);
    else if (code === 39 || code === 34) this.string(start, code);
    else if (code === 96) this.template(start + 1, start, true);
    else if (code === 47) this.slash(start);
    else if (code === 46 && (charClass[text.charCodeAt(start + 1)]! & DIGIT) !== 0) this.number(start);
    else if (code === 35) this.privateName(start);
    else if (code === 92) throw new Decline('escape sequence in an identifier');
    else if (code === 60 && this.javascript && this.expressionMayStart()) throw new Decline('JSX');
    else this.punct(start);
  }

  private slash(start: number): void {
    if (this.expressionMayStart()) this.regex(start);
    else this.punct(start);
  }

  private identifier(start: number): void {
    this.emit(IDENT, start, this.identifierEnd(start + 1), 0);
  }

  private identifierEnd(pos: number): number {
    const { text } = this;
    while (pos < text.length) {
      const code = text.charCodeAt(pos);
      if (code < 128) {
        if (charClass[code]! & ID_PART) pos++;
        else if (code === 92) throw new Decline('escape sequence in an identifier');
        else break;
      } else if (isLineTerminator(code) || isWideSpace(code)) break;
      else pos = this.wideIdentifierPart(pos);
    }
    this.pos = pos;
    return pos;
  }

  /** A non-ASCII character inside an identifier must be one Unicode allows there. */
  private wideIdentifierPart(pos: number): number {
    const character = String.fromCodePoint(this.text.codePointAt(pos)!);
    if (!IDENTIFIER_PART.test(character)) throw new Decline('character not allowed in an identifier');
    return pos + character.length;
  }

  private privateName(start: number): void {
    const code = this.text.charCodeAt(start + 1);
    if (!(code >= 128 || charClass[code]! & ID_START)) throw new Decline('`#` outside a private name');
    this.emit(PRIVATE, start, this.identifierEnd(start + 2), 0);
  }

  /**
   * A numeric literal, as strictly as oxc reads it: separators only between digits, digits that fit
   * the base, an exponent with digits, `n` only on integers; anything else declines.
   */
  private number(start: number): void {
    const { text } = this;
    const prefix = text.charCodeAt(start + 1) | 32;
    let pos: number;
    let integer = true;
    if (text.charCodeAt(start) === 48 && (prefix === 120 || prefix === 111 || prefix === 98)) {
      pos = this.digits(start + 2, prefix === 120 ? 16 : prefix === 111 ? 8 : 2, true);
    } else {
      pos = text.charCodeAt(start) === 46 ? start : this.digits(start, 10, true);
      // `0_1` and `01n`: a leading zero takes neither a separator nor a bigint suffix.
      const leadingZero = text.charCodeAt(start) === 48 && pos > start + 1;
      if (leadingZero && text.slice(start, pos).includes('_'))
        throw new Decline('separator after a leading zero');
      if (leadingZero) integer = false;
      if (text.charCodeAt(pos) === 46) {
        integer = false;
        pos = this.digits(pos + 1, 10, text.charCodeAt(start) === 46);
      }
      if ((text.charCodeAt(pos) | 32) === 101) {
        integer = false;
        pos++;
        const sign = text.charCodeAt(pos);
        if (sign === 43 || sign === 45) pos++;
        pos = this.digits(pos, 10, true);
      }
    }
    if (text.charCodeAt(pos) === 110) {
      if (!integer) throw new Decline('bigint suffix on a number that is not an integer');
      pos++;
    }
    const after = text.charCodeAt(pos);
    if (after >= 128 || (charClass[after]! & ID_PART) !== 0 || after === 92)
      throw new Decline('identifier right after a number');
    this.pos = pos;
    this.emit(NUMBER, start, pos, 0);
  }

  /** Digits of `base` from `pos`, `_` only between two of them; `required`: at least one. */
  private digits(pos: number, base: number, required: boolean): number {
    const { text } = this;
    const first = pos;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (isDigit(code, base)) pos++;
      else if (code === 95 && pos > first && isDigit(text.charCodeAt(pos + 1), base)) pos++;
      else if (code === 95) throw new Decline('numeric separator not between digits');
      else break;
    }
    if (required && pos === first) throw new Decline('number without digits');
    return pos;
  }

  private string(start: number, quote: number): void {
    const { text } = this;
    let pos = start + 1;
    for (;;) {
      if (pos >= text.length) throw new Decline('unterminated string');
      const code = text.charCodeAt(pos);
      if (code === quote) break;
      if (code === 92) pos = this.escape(pos);
      else if (code === 10 || code === 13) throw new Decline('line break in a string');
      else pos++;
    }
    this.pos = pos + 1;
    this.emit(STRING, start, pos + 1, 0);
  }

  /** The index after the escape sequence at `pos` (a `\`); `\x` and `\u` must be complete. */
  private escape(pos: number): number {
    const { text } = this;
    const kind = text.charCodeAt(pos + 1);
    if (kind === 13 && text.charCodeAt(pos + 2) === 10) return pos + 3;
    if (kind === 120) return this.hexDigits(pos + 2, 2);
    if (kind !== 117) return pos + 2;
    if (text.charCodeAt(pos + 2) !== 123) return this.hexDigits(pos + 2, 4);
    const close = text.indexOf('}', pos + 3);
    const digits = close === -1 ? '' : text.slice(pos + 3, close);
    if (!/^[0-9a-fA-F]+$/.test(digits) || Number.parseInt(digits, 16) > 0x10ffff)
      throw new Decline('invalid escape sequence');
    return close + 1;
  }

  private hexDigits(pos: number, count: number): number {
    for (let index = pos; index < pos + count; index++)
      if (!isDigit(this.text.charCodeAt(index), 16)) throw new Decline('invalid escape sequence');
    return pos + count;
  }

  /** Scans template text from `pos`; `start` is the token start (the backtick or the `}`). */
  private template(pos: number, start: number, opening: boolean): void {
    const { text } = this;
    for (;;) {
      if (pos >= text.length) throw new Decline('unterminated template');
      const code = text.charCodeAt(pos);
      if (code === 96) {
        this.pos = pos + 1;
        this.emitTemplateEnd(start, opening);
        return;
      }
      if (code === 36 && text.charCodeAt(pos + 1) === 123) {
        this.pos = pos + 2;
        this.emitTemplateOpen(start, opening);
        return;
      }
      // A tagged template may hold any escape; an untagged one may not, and which it is needs more
      // than this token, so an invalid escape in any template declines.
      pos = code === 92 ? this.escape(pos) : pos + 1;
    }
  }

  private emitTemplateEnd(start: number, opening: boolean): void {
    if (opening) {
      this.emit(TEMPLATE, start, this.pos, 0);
      return;
    }
    const open = this.stack.pop()!;
    const index = this.emit(TEMPLATE_TAIL, start, this.pos, 0);
    this.matches[open] = index;
    this.matches[index] = open;
  }

  private emitTemplateOpen(start: number, opening: boolean): void {
    if (opening) {
      this.stack.push(this.emit(TEMPLATE_HEAD, start, this.pos, 0));
      return;
    }
    const open = this.stack.pop()!;
    const index = this.emit(TEMPLATE_MIDDLE, start, this.pos, 0);
    this.matches[open] = index;
    this.stack.push(index);
  }

  private regex(start: number): void {
    const { text } = this;
    let pos = start + 1;
    let inClass = false;
    for (;;) {
      if (pos >= text.length) throw new Decline('unterminated regular expression');
      const code = text.charCodeAt(pos);
      if (isLineTerminator(code)) throw new Decline('line break in a regular expression');
      if (code === 92) {
        if (isLineTerminator(text.charCodeAt(pos + 1)))
          throw new Decline('line break in a regular expression');
        pos += 2;
        continue;
      }
      if (code === 91) inClass = true;
      else if (code === 93) inClass = false;
      else if (code === 47 && !inClass) break;
      pos++;
    }
    pos++;
    const flags = pos;
    while (pos < text.length) {
      const code = text.charCodeAt(pos);
      if (code < 128 && charClass[code]! & ID_PART) pos++;
      else if (code === 92 || code >= 128) throw new Decline('unusual regular expression flags');
      else break;
    }
    if (!VALID_FLAGS.test(text.slice(flags, pos))) throw new Decline('invalid regular expression flags');
    this.pos = pos;
    this.emit(REGEX, start, pos, 0);
  }

  private punct(start: number): void {
    const { text } = this;
    const code = text.charCodeAt(start);
    const length = punctLength(text, start, code);
    this.pos = start + length;
    if (length === 1) {
      if (code === 40 || code === 91 || code === 123) {
        this.open(start, code);
        return;
      }
      if (code === 41 || code === 93 || code === 125) {
        this.close(start, code);
        return;
      }
      if (code === 33 && !this.isNonNullAssertion(start)) {
        this.emit(PUNCT, start, start + 1, REGEX_AFTER);
        return;
      }
    }
    this.emit(PUNCT, start, start + length, 0);
  }

  /** `x!` in TypeScript: a `!` glued to the end of an operand. */
  private isNonNullAssertion(start: number): boolean {
    const previous = this.count - 1;
    if (previous < 0 || this.gapStart !== start) return false;
    const kind = this.kinds[previous]!;
    if (kind === IDENT) return !(this.followsDot(previous) === false && this.isExpressionKeyword(previous));
    if (kind !== PUNCT) return kind !== REGEX && kind !== TEMPLATE_HEAD && kind !== TEMPLATE_MIDDLE;
    const code = this.text.charCodeAt(this.starts[previous]!);
    return code === 41 || code === 93;
  }

  private isExpressionKeyword(index: number): boolean {
    const start = this.starts[index]!;
    return expressionFollows(this.text, start, this.ends[index]! - start);
  }

  private open(start: number, code: number): void {
    let flags = 0;
    const previous = this.count - 1;
    if (code === 40 && previous >= 0 && this.kinds[previous] === IDENT && !this.followsDot(previous)) {
      const wordStart = this.starts[previous]!;
      if (isConditionKeyword(this.text, wordStart, this.ends[previous]! - wordStart)) flags = CONDITION_PAREN;
    }
    this.stack.push(this.emit(PUNCT, start, start + 1, flags));
  }

  private close(start: number, code: number): void {
    const open = this.stack.pop();
    if (open === undefined) throw new Decline('unbalanced brackets');
    const openKind = this.kinds[open]!;
    if (code === 125 && (openKind === TEMPLATE_HEAD || openKind === TEMPLATE_MIDDLE)) {
      this.stack.push(open);
      this.template(start + 1, start, false);
      return;
    }
    const openCode = this.text.charCodeAt(this.starts[open]!);
    if (openKind !== PUNCT || openCode !== (code === 41 ? 40 : code - 2))
      throw new Decline('unbalanced brackets');
    const flags = code === 41 && (this.flags[open]! & CONDITION_PAREN) !== 0 ? REGEX_AFTER : 0;
    const index = this.emit(PUNCT, start, start + 1, flags);
    this.matches[open] = index;
    this.matches[index] = open;
  }
}

/** Length of the punctuator at `start` (longest match). */
function punctLength(text: string, start: number, code: number): number {
  const next = text.charCodeAt(start + 1);
  const third = text.charCodeAt(start + 2);
  switch (code) {
    case 46: // .
      return next === 46 && third === 46 ? 3 : 1;
    case 63: // ?
      if (next === 63) return third === 61 ? 3 : 2;
      if (next === 46 && !(third >= 48 && third <= 57)) return 2;
      return 1;
    case 61: // =
      if (next === 61) return third === 61 ? 3 : 2;
      return next === 62 ? 2 : 1;
    case 33: // !
      if (next === 61) return third === 61 ? 3 : 2;
      return 1;
    case 60: // <
      if (next === 60) return third === 61 ? 3 : 2;
      return next === 61 ? 2 : 1;
    case 62: // >
      if (next === 62) {
        if (third === 62) return text.charCodeAt(start + 3) === 61 ? 4 : 3;
        return third === 61 ? 3 : 2;
      }
      return next === 61 ? 2 : 1;
    case 42: // *
      if (next === 42) return third === 61 ? 3 : 2;
      return next === 61 ? 2 : 1;
    case 38: // &
    case 124: // |
      if (next === code) return third === 61 ? 3 : 2;
      return next === 61 ? 2 : 1;
    case 43: // +
    case 45: // -
      return next === code || next === 61 ? 2 : 1;
    case 37: // %
    case 94: // ^
    case 47: // /
      return next === 61 ? 2 : 1;
    case 40:
    case 41:
    case 91:
    case 93:
    case 123:
    case 125:
    case 59:
    case 44:
    case 126:
    case 58:
    case 64:
      return 1;
    default:
      throw new Decline(`unexpected character ${JSON.stringify(String.fromCharCode(code))}`);
  }
}
