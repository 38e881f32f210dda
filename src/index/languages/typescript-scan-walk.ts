/**
 * Token-level walking for the fast scanner: where an expression or a type ends (brackets are
 * skipped in one step through `Tokens.match`; automatic semicolon insertion is decided from the
 * tokens around a line break), the headers of functions and classes, and what an initializer is
 * (a function, a class, an object literal, an identifier). Anything it cannot decide for sure
 * throws `Decline`.
 */

import {
  Decline,
  IDENT,
  NEWLINE_BEFORE,
  NUMBER,
  PRIVATE,
  PUNCT,
  STRING,
  TEMPLATE,
  TEMPLATE_HEAD,
  TEMPLATE_MIDDLE,
  type Tokens,
} from './typescript-lexer.js';
import type { AssignedProperty, AssignedValue } from './typescript-outline.js';

/** Walking state: an operand is expected, an operand just ended, or an arrow's block body just ended. */
const NEEDS = 0;
const DONE = 1;
const ARROW_DONE = 2;

/** `walkType` options. */
export const STOP_AT_BRACE = 1;
export const STOP_AT_ARROW = 2;
/** `extends A, B implements C` lists: commas, `implements` and calls continue the type. */
export const HERITAGE = 4;

/** Words before an operand: `new x`, `typeof x`; in TypeScript `keyof T` (types follow `as`). */
const PREFIX_WORDS = ['new', 'typeof', 'void', 'delete', 'await'];
const TYPE_PREFIX_WORDS = ['keyof', 'typeof', 'readonly', 'unique', 'infer', 'asserts', 'new', 'abstract'];
const TYPE_INFIX_WORDS = ['extends', 'is', 'implements'];
const NOT_IDENTIFIERS = new Set(['this', 'null', 'true', 'false', 'super']);

/** A punctuator as a number (its char codes packed), so the walkers compare without slicing. */
export function punctKey(punct: string): number {
  let key = 0;
  for (let index = 0; index < punct.length; index++) key = key * 128 + punct.charCodeAt(index);
  return key;
}

const SEMICOLON = punctKey(';');
const COMMA = punctKey(',');
const DOT = punctKey('.');
const EQUALS = punctKey('=');
const ARROW = punctKey('=>');
const LESS = punctKey('<');
const OPEN_PAREN = punctKey('(');
const CLOSE_PAREN = punctKey(')');
const OPEN_BRACKET = punctKey('[');
const CLOSE_BRACKET = punctKey(']');
const OPEN_BRACE = punctKey('{');
const CLOSE_BRACE = punctKey('}');
const GREATER = [punctKey('>'), punctKey('>>'), punctKey('>>>')];
const TYPE_CONTINUATIONS = new Set(['|', '&', '.', '?', ':'].map(punctKey));
const TYPE_CONTINUATIONS_ON_LINE = new Set(['[', '<', '(', '=>'].map(punctKey));

export class TokenWalker {
  protected readonly kind: Uint8Array;
  protected readonly start: Int32Array;
  protected readonly end: Int32Array;
  protected readonly flags: Uint8Array;
  protected readonly match: Int32Array;
  protected readonly count: number;

  constructor(
    protected readonly text: string,
    tokens: Tokens,
    protected readonly typescript: boolean,
  ) {
    this.kind = tokens.kind;
    this.start = tokens.start;
    this.end = tokens.end;
    this.flags = tokens.flags;
    this.match = tokens.match;
    this.count = tokens.count;
  }

  // ---------------------------------------------------------------- token predicates

  protected isWord(index: number, word: string): boolean {
    return (
      index < this.count &&
      this.kind[index] === IDENT &&
      this.end[index]! - this.start[index]! === word.length &&
      this.text.startsWith(word, this.start[index]!)
    );
  }

  protected isIdentifier(index: number): boolean {
    return index < this.count && this.kind[index] === IDENT;
  }

  /** A punctuator spelled exactly `punct` (`;`, `=>`, `...`). */
  protected isPunct(index: number, punct: string): boolean {
    return (
      index < this.count &&
      this.kind[index] === PUNCT &&
      this.end[index]! - this.start[index]! === punct.length &&
      this.text.startsWith(punct, this.start[index]!)
    );
  }

  protected word(index: number): string {
    return this.text.slice(this.start[index]!, this.end[index]!);
  }

  /** The punctuator at `index` as `punctKey` packs it; 0 for any other token. */
  protected punctAt(index: number): number {
    if (index >= this.count || this.kind[index] !== PUNCT) return 0;
    const start = this.start[index]!;
    const end = this.end[index]!;
    let key = 0;
    for (let cursor = start; cursor < end; cursor++) key = key * 128 + this.text.charCodeAt(cursor);
    return key;
  }

  /** How many `>` the punctuator closes (`>`, `>>`, `>>>`); 0 for anything else. */
  private angleCloses(key: number): number {
    return GREATER.indexOf(key) + 1;
  }

  private isAnyWord(index: number, words: readonly string[]): boolean {
    const length = this.end[index]! - this.start[index]!;
    for (const word of words) if (word.length === length && this.isWord(index, word)) return true;
    return false;
  }

  /** A line break before the token; the end of the file counts as one. */
  protected newlineBefore(index: number): boolean {
    return index >= this.count || (this.flags[index]! & NEWLINE_BEFORE) !== 0;
  }

  protected sameLine(index: number): boolean {
    return index < this.count && (this.flags[index]! & NEWLINE_BEFORE) === 0;
  }

  protected decline(reason: string): never {
    throw new Decline(reason);
  }

  protected expectPunct(index: number, punct: string): number {
    if (!this.isPunct(index, punct)) this.decline(`expected \`${punct}\``);
    return index;
  }

  /** The index after the bracket group (or template) starting at `index`. */
  protected after(index: number): number {
    let close = this.match[index]!;
    while (this.kind[close] === TEMPLATE_MIDDLE) close = this.match[close]!;
    return close + 1;
  }

  /** The value of a string literal token; declines on escapes rather than decode them. */
  protected stringValue(index: number): string {
    const raw = this.text.slice(this.start[index]! + 1, this.end[index]! - 1);
    if (raw.includes('\\')) this.decline('escape sequence in a string the facts use');
    return raw;
  }

  /** End offset of the statement `finishStatement` last finished. */
  protected statementEnd = 0;

  /**
   * Finishes the statement whose tokens end before `index`: consumes its `;`, or accepts a line
   * break or the end of the enclosing block. Returns the index after it; sets `statementEnd`.
   */
  protected finishStatement(index: number): number {
    if (this.isPunct(index, ';')) {
      this.statementEnd = this.end[index]!;
      return index + 1;
    }
    if (!this.newlineBefore(index) && !this.isPunct(index, '}'))
      this.decline('statement does not end where expected');
    this.statementEnd = this.end[index - 1]!;
    return index;
  }

  // ---------------------------------------------------------------- expressions

  /**
   * The index of the first token after the expression starting at `index`: a `;`, a closing
   * bracket, a `,` (with `stopAtComma`) or, at a line break where no operator continues it, the
   * next statement.
   */
  protected walkExpression(index: number, stopAtComma: boolean): number {
    const first = index;
    let state = NEEDS;
    while (index < this.count) {
      if (this.kind[index] === PUNCT && this.endsExpression(index, stopAtComma)) return index;
      if (index > first && state !== NEEDS) {
        const newline = this.newlineBefore(index);
        const continues = this.continuesExpression(index, newline);
        if (state === ARROW_DONE) {
          if (continues || !newline) this.decline('token after an arrow function body');
          return index;
        }
        if (!continues) {
          if (newline) return index;
          this.decline(`unexpected \`${this.word(index)}\` after an expression`);
        }
      }
      if (state === NEEDS) {
        index = this.operand(index);
        state = this.lastState;
      } else {
        index = this.operator(index);
        state = this.lastState;
      }
    }
    return index;
  }

  private lastState = NEEDS;

  private endsExpression(index: number, stopAtComma: boolean): boolean {
    if (this.end[index]! - this.start[index]! !== 1) return false;
    const code = this.text.charCodeAt(this.start[index]!);
    return code === 59 || code === 41 || code === 93 || code === 125 || (code === 44 && stopAtComma);
  }

  /** Whether the token at `index` continues an expression that could end before it. */
  private continuesExpression(index: number, newline: boolean): boolean {
    const kind = this.kind[index];
    if (kind === TEMPLATE || kind === TEMPLATE_HEAD) return true;
    if (kind === IDENT) {
      if (this.isWord(index, 'in') || this.isWord(index, 'instanceof')) return true;
      if (!this.typescript) return false;
      if (this.isWord(index, 'as') || this.isWord(index, 'satisfies')) {
        if (newline) this.decline('line break before `as`');
        return true;
      }
      return !newline && (this.isWord(index, 'is') || this.isWord(index, 'extends'));
    }
    if (kind !== PUNCT) return false;
    const length = this.end[index]! - this.start[index]!;
    const code = this.text.charCodeAt(this.start[index]!);
    if (length === 1) {
      if (code === 123 || code === 126 || code === 64) return false; // { ~ @
      if (code === 33) {
        if (newline) return false;
        if (!this.typescript) this.decline('unexpected `!`');
        return true;
      }
      return true;
    }
    if (this.isPunct(index, '=>')) {
      if (newline) this.decline('line break before `=>`');
      return true;
    }
    if (this.isPunct(index, '++') || this.isPunct(index, '--')) return !newline;
    return !this.isPunct(index, '...');
  }

  /** Consumes an operand (or a prefix) at `index`; sets `lastState`. */
  private operand(index: number): number {
    const kind = this.kind[index]!;
    this.lastState = DONE;
    if (kind === IDENT) return this.wordOperand(index);
    if (kind === TEMPLATE_HEAD) return this.after(index);
    if (kind !== PUNCT) return index + 1;
    const length = this.end[index]! - this.start[index]!;
    const code = this.text.charCodeAt(this.start[index]!);
    if (length === 1 && (code === 40 || code === 91)) return this.after(index);
    if (length === 1 && code === 123) {
      if (index > 0 && this.isPunct(index - 1, '=>')) this.lastState = ARROW_DONE;
      return this.after(index);
    }
    this.lastState = NEEDS;
    if (length === 1 && code === 60) {
      if (!this.typescript) this.decline('JSX');
      return this.skipAngles(index);
    }
    if (
      (length === 1 && (code === 33 || code === 126 || code === 43 || code === 45)) ||
      this.isPunct(index, '++') ||
      this.isPunct(index, '--') ||
      this.isPunct(index, '...')
    )
      return index + 1;
    return this.decline(`unexpected \`${this.word(index)}\` where an expression starts`);
  }

  private wordOperand(index: number): number {
    const length = this.end[index]! - this.start[index]!;
    if (length < 3 || length > 8) return index + 1;
    if (this.isWord(index, 'function')) return this.skipFunctionExpression(index);
    if (this.isWord(index, 'class')) return this.skipClassExpression(index);
    if (this.isWord(index, 'async') && this.sameLine(index + 1)) {
      if (this.isWord(index + 1, 'function')) return this.skipFunctionExpression(index);
      if (this.isIdentifier(index + 1)) this.lastState = NEEDS;
      return index + 1;
    }
    const prefix = this.isAnyWord(index, PREFIX_WORDS) || (this.typescript && this.isWord(index, 'keyof'));
    // `void` as a type (`(): void => x`) is followed by what cannot start an operand.
    if (
      prefix &&
      !(this.kind[index + 1] === PUNCT && !EXPRESSION_START_PUNCTUATION.has(this.punctAt(index + 1)))
    )
      this.lastState = NEEDS;
    return index + 1;
  }

  /** Consumes an operator (or a call, member access, postfix) after an operand; sets `lastState`. */
  private operator(index: number): number {
    const kind = this.kind[index]!;
    this.lastState = DONE;
    if (kind === TEMPLATE) return index + 1;
    if (kind === TEMPLATE_HEAD) return this.after(index);
    this.lastState = NEEDS;
    if (kind !== PUNCT) return index + 1; // in, instanceof, as, satisfies, is, extends
    const length = this.end[index]! - this.start[index]!;
    const code = this.text.charCodeAt(this.start[index]!);
    if (length === 1) {
      if (code === 40 || code === 91) {
        this.lastState = DONE;
        return this.after(index);
      }
      if (code === 46) return this.memberName(index + 1);
      if (code === 33) {
        this.lastState = DONE;
        return index + 1;
      }
      if (code === 60 && this.typescript) {
        const close = this.typeArgumentsAt(index);
        if (close >= 0) {
          this.lastState = DONE;
          return close + 1;
        }
      }
      return index + 1;
    }
    if (this.isPunct(index, '?.')) {
      if (this.isPunct(index + 1, '(') || this.isPunct(index + 1, '[')) {
        this.lastState = DONE;
        return this.after(index + 1);
      }
      return this.memberName(index + 1);
    }
    if (this.isPunct(index, '++') || this.isPunct(index, '--')) this.lastState = DONE;
    return index + 1;
  }

  private memberName(index: number): number {
    const kind = this.kind[index];
    if (index >= this.count || (kind !== IDENT && kind !== PRIVATE)) this.decline('expected a property name');
    this.lastState = DONE;
    return index + 1;
  }

  /**
   * The closing `>` of type arguments at `index` (`f<T>(x)`, `new Map<K, V>()`), or -1 when the
   * `<` is a comparison. Follows TypeScript's rule for what may come after type arguments.
   */
  private typeArgumentsAt(index: number): number {
    let depth = 1;
    let cursor = index + 1;
    for (; cursor < this.count; cursor++) {
      const kind = this.kind[cursor];
      if (kind === IDENT || kind === STRING || kind === NUMBER || kind === TEMPLATE) continue;
      if (kind === TEMPLATE_HEAD) {
        cursor = this.after(cursor) - 1;
        continue;
      }
      if (kind !== PUNCT) return -1;
      const punct = this.punctAt(cursor);
      const closes = this.angleCloses(punct);
      if (punct === LESS) depth++;
      else if (closes > 0) {
        depth -= closes;
        if (depth < 0) return -1;
        if (depth === 0) break;
      } else if (punct === OPEN_PAREN || punct === OPEN_BRACKET || punct === OPEN_BRACE)
        cursor = this.after(cursor) - 1;
      else if (!TYPE_ARGUMENT_PUNCTUATION.has(punct)) return -1;
    }
    if (cursor >= this.count) return -1;
    return this.canFollowTypeArguments(cursor + 1) ? cursor : -1;
  }

  private closesAngles(index: number): boolean {
    return this.angleCloses(this.punctAt(index)) > 0;
  }

  private canFollowTypeArguments(index: number): boolean {
    if (index >= this.count) return true;
    if (this.isPunct(index, '.') || this.isPunct(index, '?.'))
      this.decline('member access after type arguments');
    const kind = this.kind[index];
    if (kind === TEMPLATE || kind === TEMPLATE_HEAD || this.isPunct(index, '(')) return true;
    if (
      this.isPunct(index, '<') ||
      this.isPunct(index, '>') ||
      this.isPunct(index, '+') ||
      this.isPunct(index, '-')
    )
      return false;
    if (this.newlineBefore(index)) return true;
    if (kind === IDENT)
      return ['in', 'instanceof', 'as', 'satisfies'].some((word) => this.isWord(index, word));
    if (kind !== PUNCT) return false;
    return !EXPRESSION_START_PUNCTUATION.has(this.punctAt(index));
  }

  /** The index after a `<...>` list (type parameters, a type assertion). */
  protected skipAngles(index: number): number {
    let depth = 0;
    for (let cursor = index; cursor < this.count; cursor++) {
      if (this.kind[cursor] === TEMPLATE_HEAD) {
        cursor = this.after(cursor) - 1;
        continue;
      }
      if (this.kind[cursor] !== PUNCT) continue;
      const punct = this.punctAt(cursor);
      const closes = this.angleCloses(punct);
      if (punct === LESS) depth++;
      else if (closes > 0) {
        depth -= closes;
        if (depth < 0) this.decline('unbalanced `>`');
        if (depth === 0) return cursor + 1;
      } else if (punct === OPEN_PAREN || punct === OPEN_BRACKET || punct === OPEN_BRACE)
        cursor = this.after(cursor) - 1;
      else if (punct === SEMICOLON || this.word(cursor).endsWith('>='))
        this.decline('unexpected token in type parameters');
    }
    return this.decline('unterminated type parameters');
  }

  // ---------------------------------------------------------------- types

  /**
   * The index of the first token after the type starting at `index`: a `;`, `,`, `=`, closing
   * bracket, a `{` after a complete type (`STOP_AT_BRACE`: a body), `=>` (`STOP_AT_ARROW`), or
   * the next statement after a line break.
   */
  protected walkType(index: number, options: number): number {
    const first = index;
    let angles = 0;
    let state = NEEDS;
    while (index < this.count) {
      if (angles === 0) {
        if (this.endsType(index, state, options)) return index;
        if (index > first && state === DONE) {
          const newline = this.newlineBefore(index);
          if (!this.continuesType(index, newline, options)) {
            if (newline) return index;
            this.decline(`unexpected \`${this.word(index)}\` in a type`);
          }
        }
      }
      const kind = this.kind[index]!;
      if (kind === IDENT) {
        const operator = state === NEEDS ? TYPE_PREFIX_WORDS : TYPE_INFIX_WORDS;
        state = this.isAnyWord(index, operator) ? NEEDS : DONE;
        index++;
        continue;
      }
      if (kind === STRING || kind === NUMBER || kind === TEMPLATE) {
        state = DONE;
        index++;
        continue;
      }
      if (kind === TEMPLATE_HEAD) {
        state = DONE;
        index = this.after(index);
        continue;
      }
      if (kind !== PUNCT) this.decline('unexpected token in a type');
      const punct = this.punctAt(index);
      const closes = this.angleCloses(punct);
      if (punct === OPEN_PAREN || punct === OPEN_BRACKET || punct === OPEN_BRACE) {
        state = DONE;
        index = this.after(index);
      } else if (punct === LESS) {
        angles++;
        state = NEEDS;
        index++;
      } else if (closes > 0) {
        angles -= closes;
        if (angles < 0) this.decline('unbalanced `>` in a type');
        state = DONE;
        index++;
      } else if (TYPE_OPERATORS.has(punct)) {
        if (punct === DOT && this.closesAngles(index - 1)) this.decline('member access after type arguments');
        state = NEEDS;
        index++;
      } else this.decline(`unexpected \`${this.word(index)}\` in a type`);
    }
    return index;
  }

  private endsType(index: number, state: number, options: number): boolean {
    const punct = this.punctAt(index);
    if (punct === 0) return false;
    if (
      punct === SEMICOLON ||
      punct === CLOSE_PAREN ||
      punct === CLOSE_BRACKET ||
      punct === CLOSE_BRACE ||
      punct === EQUALS
    )
      return true;
    if (punct === COMMA) return (options & HERITAGE) === 0;
    if (punct === OPEN_BRACE) return state === DONE;
    return punct === ARROW && state === DONE && (options & STOP_AT_ARROW) !== 0;
  }

  private continuesType(index: number, newline: boolean, options: number): boolean {
    const kind = this.kind[index];
    if (kind === IDENT) {
      const heritage = (options & HERITAGE) !== 0 && this.isWord(index, 'implements');
      if (newline && (heritage || this.isWord(index, 'extends'))) this.decline('line break in a type');
      return !newline && (heritage || this.isWord(index, 'extends') || this.isWord(index, 'is'));
    }
    if (kind !== PUNCT) return false;
    const punct = this.punctAt(index);
    if (TYPE_CONTINUATIONS.has(punct)) return true;
    if (TYPE_CONTINUATIONS_ON_LINE.has(punct)) {
      if (newline) this.decline('line break in a type');
      return true;
    }
    return punct === COMMA && (options & HERITAGE) !== 0;
  }

  // ---------------------------------------------------------------- functions and classes

  /** `[async] function [*] [name] [<T>] (params) [: type]`: the name and the index after it. */
  protected functionHeader(index: number): { name: string | undefined; next: number } {
    if (this.isWord(index, 'async')) index++;
    if (!this.isWord(index, 'function')) this.decline('expected `function`');
    index++;
    if (this.isPunct(index, '*')) index++;
    let name: string | undefined;
    if (this.isIdentifier(index)) name = this.word(index++);
    if (this.isPunct(index, '<')) index = this.skipAngles(index);
    index = this.after(this.expectPunct(index, '('));
    if (this.isPunct(index, ':')) index = this.walkType(index + 1, STOP_AT_BRACE);
    return { name, next: index };
  }

  /** `class [name] [<T>] [extends ...] [implements ...]`: the name and the index of the body's `{`. */
  protected classHeader(index: number): { name: string | undefined; body: number } {
    index++;
    let name: string | undefined;
    if (this.isIdentifier(index) && !this.isWord(index, 'extends') && !this.isWord(index, 'implements'))
      name = this.word(index++);
    if (this.isPunct(index, '<')) index = this.skipAngles(index);
    if (this.isWord(index, 'extends') || this.isWord(index, 'implements'))
      index = this.walkType(index + 1, STOP_AT_BRACE | HERITAGE);
    return { name, body: this.expectPunct(index, '{') };
  }

  private skipFunctionExpression(index: number): number {
    const { next } = this.functionHeader(index);
    this.lastState = DONE;
    return this.after(this.expectPunct(next, '{'));
  }

  private skipClassExpression(index: number): number {
    const { body } = this.classHeader(index);
    this.lastState = DONE;
    return this.after(body);
  }

  // ---------------------------------------------------------------- values

  /** What the expression in tokens [first, last) is, as oxc's AST would show it (parentheses dropped). */
  protected assignedValue(first: number, last: number, withProperties: boolean): AssignedValue {
    [first, last] = this.unwrapParentheses(first, last);
    if (first >= last) this.decline('empty expression');
    if (
      this.isWord(first, 'function') ||
      (this.isWord(first, 'async') && this.isWord(first + 1, 'function'))
    ) {
      const { name, next } = this.functionHeader(first);
      if (this.isPunct(next, '{') && this.match[next] === last - 1)
        return { kind: 'function', id: name, bodyStart: this.start[next] };
      return { kind: 'other' };
    }
    if (this.isWord(first, 'class')) {
      const { name, body } = this.classHeader(first);
      return this.match[body] === last - 1
        ? { kind: 'class', id: name, bodyStart: this.start[body] }
        : { kind: 'other' };
    }
    const arrowBody = this.arrowBody(first, last);
    if (arrowBody >= 0) {
      const [bodyFirst, bodyLast] = this.unwrapParentheses(arrowBody, last);
      if (bodyFirst >= bodyLast) this.decline('empty arrow body');
      return { kind: 'function', id: undefined, bodyStart: this.start[bodyFirst] };
    }
    if (this.isPunct(first, '{') && this.match[first] === last - 1)
      return { kind: 'object', properties: withProperties ? this.objectProperties(first) : [] };
    const identifier = this.singleIdentifier(first, last);
    return identifier === undefined ? { kind: 'other' } : { kind: 'identifier', name: identifier };
  }

  protected unwrapParentheses(first: number, last: number): [number, number] {
    while (last - first >= 2 && this.isPunct(first, '(') && this.match[first] === last - 1) {
      first++;
      last--;
    }
    return [first, last];
  }

  /** The identifier that tokens [first, last) consist of (parentheses dropped), if they are one. */
  protected singleIdentifier(first: number, last: number): string | undefined {
    [first, last] = this.unwrapParentheses(first, last);
    if (last !== first + 1 || !this.isIdentifier(first)) return undefined;
    const word = this.word(first);
    return NOT_IDENTIFIERS.has(word) ? undefined : word;
  }

  /** The index where the body of the arrow function starting at `first` begins, or -1. */
  private arrowBody(first: number, last: number): number {
    let index = first;
    if (this.isIdentifier(index) && this.isPunct(index + 1, '=>') && this.sameLine(index + 1))
      return index + 2;
    if (this.isWord(index, 'async') && this.sameLine(index + 1)) {
      if (this.isIdentifier(index + 1) && this.isPunct(index + 2, '=>')) return index + 3;
      if (this.isPunct(index + 1, '(') || this.isPunct(index + 1, '<')) index++;
    }
    if (this.typescript && this.isPunct(index, '<')) index = this.skipAngles(index);
    if (!this.isPunct(index, '(')) return -1;
    index = this.after(index);
    if (this.isPunct(index, ':')) {
      const type = index + 1;
      if (
        this.isPunct(type, '(') ||
        this.isPunct(type, '<') ||
        this.isWord(type, 'new') ||
        this.isWord(type, 'abstract')
      )
        this.decline('function type as an arrow return type');
      index = this.walkType(type, STOP_AT_ARROW);
    }
    return index < last && this.isPunct(index, '=>') ? index + 1 : -1;
  }

  /** Properties of the object literal whose `{` is at `open`, as CommonJS exports read them. */
  private objectProperties(open: number): AssignedProperty[] {
    const close = this.match[open]!;
    const properties: AssignedProperty[] = [];
    let index = open + 1;
    while (index < close) {
      const property = this.objectProperty(index);
      if (property.value) properties.push(property.value);
      index = property.next;
      if (index < close) index = this.expectPunct(index, ',') + 1;
    }
    return properties;
  }

  private objectProperty(index: number): { value: AssignedProperty | undefined; next: number } {
    const start = this.start[index]!;
    if (this.isPunct(index, '...')) return { value: undefined, next: this.walkExpression(index + 1, true) };
    let key = index;
    while (
      (this.isWord(key, 'async') ||
        this.isWord(key, 'get') ||
        this.isWord(key, 'set') ||
        this.isPunct(key, '*')) &&
      this.startsPropertyKey(key + 1)
    )
      key++;
    const name = this.propertyKey(key);
    const after = this.kind[key] === PUNCT ? this.after(key) : key + 1;
    if (this.isPunct(after, ':')) {
      const end = this.walkExpression(after + 1, true);
      return { value: { start, name, local: this.singleIdentifier(after + 1, end) }, next: end };
    }
    if (this.isPunct(after, '(') || this.isPunct(after, '<')) {
      let next = this.isPunct(after, '<') ? this.skipAngles(after) : after;
      next = this.after(this.expectPunct(next, '('));
      if (this.isPunct(next, ':')) next = this.walkType(next + 1, STOP_AT_BRACE);
      return { value: { start, name, local: undefined }, next: this.after(this.expectPunct(next, '{')) };
    }
    if (key !== index || this.kind[key] !== IDENT) this.decline('unexpected object property');
    return { value: { start, name, local: name }, next: after };
  }

  private startsPropertyKey(index: number): boolean {
    const kind = this.kind[index];
    if (!this.sameLine(index)) return false;
    return (
      kind === IDENT ||
      kind === STRING ||
      kind === NUMBER ||
      this.isPunct(index, '[') ||
      this.isPunct(index, '*')
    );
  }

  /** The name of a property key (identifier, string, computed identifier or string), else undefined. */
  private propertyKey(index: number): string | undefined {
    const kind = this.kind[index];
    if (kind === IDENT) return this.word(index);
    if (kind === STRING) return this.stringValue(index);
    if (kind === NUMBER) return undefined;
    if (!this.isPunct(index, '[')) return this.decline('unexpected property key');
    const close = this.match[index]!;
    if (close === index + 2 && this.kind[index + 1] === STRING) return this.stringValue(index + 1);
    return close === index + 2 && this.kind[index + 1] === IDENT ? this.word(index + 1) : undefined;
  }
}

const TYPE_ARGUMENT_PUNCTUATION = new Set([',', '.', '|', '&', '?', ':', '=>', '...', '-'].map(punctKey));
const TYPE_OPERATORS = new Set(['|', '&', '?', ':', '=>', ',', '.', '...', '-', '='].map(punctKey));
const EXPRESSION_START_PUNCTUATION = new Set(
  ['(', '[', '{', '!', '~', '+', '-', '++', '--', '...', '<', '/', '/=', '@'].map(punctKey),
);
