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
  TEMPLATE_TAIL,
  type Tokens,
} from './tokenizer.js';

/** Walking state: an operand is expected, an operand just ended, or an arrow's block body just ended. */
const NEEDS = 0;
const DONE = 1;
const ARROW_DONE = 2;

/** `walkType` options. */
export const STOP_AT_BRACE = 1;
export const STOP_AT_ARROW = 2;
/** `extends A, B implements C` lists: commas, `implements` and calls continue the type. */
export const HERITAGE = 4;
/** A type after `as` or `satisfies`: it ends at the first token that cannot continue it. */
const IN_EXPRESSION = 8;

/** `walkExpression` options. */
export const STOP_AT_COMMA = 1;
export const STOP_AT_COLON = 2;

/** Words before an operand: `new x`, `typeof x`; in TypeScript `keyof T` (types follow `as`). */
const PREFIX_WORDS = ['new', 'typeof', 'void', 'delete', 'await'];
const TYPE_PREFIX_WORDS = ['keyof', 'typeof', 'readonly', 'unique', 'infer', 'asserts', 'new', 'abstract'];
const TYPE_INFIX_WORDS = ['extends', 'is', 'implements'];
const EXPRESSION_TYPE_OPERATORS = ['keyof', 'readonly', 'unique'];

const RESERVED_WORDS = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with'.split(
    ' ',
  ),
);

/** Reserved words that may start an operand. */
const OPERAND_KEYWORDS = new Set([
  'this',
  'null',
  'true',
  'false',
  'super',
  'new',
  'typeof',
  'void',
  'delete',
  'function',
  'class',
  'import',
]);

/** Words no binding may be named. */
export function isReservedWord(name: string): boolean {
  return RESERVED_WORDS.has(name);
}

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
const BANG = punctKey('!');
const QUESTION = punctKey('?');
const COLON = punctKey(':');
const INCREMENT = punctKey('++');
const DECREMENT = punctKey('--');
const OPTIONAL_CHAIN = punctKey('?.');
const PREFIX_OPERATORS = new Set(['!', '~', '+', '-', '++', '--', '...'].map(punctKey));
const TYPE_CONTINUATIONS = new Set(['|', '&', '.', '?', ':'].map(punctKey));
const TYPE_CONTINUATIONS_ON_LINE = new Set(['[', '<', '(', '=>'].map(punctKey));

export abstract class TokenWalker {
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
    return this.isSpelled(index, IDENT, word);
  }

  protected isIdentifier(index: number): boolean {
    return index < this.count && this.kind[index] === IDENT;
  }

  /** A punctuator spelled exactly `punct` (`;`, `=>`, `...`). */
  protected isPunct(index: number, punct: string): boolean {
    return this.isSpelled(index, PUNCT, punct);
  }

  /** A token of `kind` whose text is exactly `spelling`. */
  private isSpelled(index: number, kind: number, spelling: string): boolean {
    return (
      index < this.count &&
      this.kind[index] === kind &&
      this.end[index]! - this.start[index]! === spelling.length &&
      this.text.startsWith(spelling, this.start[index]!)
    );
  }

  protected word(index: number): string {
    return this.text.slice(this.start[index]!, this.end[index]!);
  }

  /** Whether the identifier at `index` is a reserved word, which no binding may be named. */
  protected isReservedWord(index: number): boolean {
    const length = this.end[index]! - this.start[index]!;
    if (length < 2 || length > 10 || this.kind[index] !== IDENT) return false;
    const first = this.text.charCodeAt(this.start[index]!);
    return first >= 97 && first <= 119 && isReservedWord(this.word(index));
  }

  /** The binding name at `index`; a reserved word declines. */
  protected bindingName(index: number): string {
    if (!this.isIdentifier(index) || this.isReservedWord(index))
      this.decline('expected a binding name', index);
    return this.word(index);
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

  /** Declines the file; `index` (a token) says where, for measurements and debugging. */
  protected decline(reason: string, index?: number): never {
    throw new Decline(reason, index === undefined ? undefined : this.start[index]);
  }

  protected expectPunct(index: number, punct: string): number {
    if (!this.isPunct(index, punct)) this.decline(`expected \`${punct}\``, index);
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
    if (raw.includes('\\')) this.decline('escape sequence in a string the facts use', index);
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
      this.decline('statement does not end where expected', index);
    this.statementEnd = this.end[index - 1]!;
    return index;
  }

  // ---------------------------------------------------------------- expressions

  /**
   * The index of the first token after the expression starting at `index`: a `;`, a closing
   * bracket or template piece, a `,` (`STOP_AT_COMMA`), a `:` outside `? :` (`STOP_AT_COLON`) or,
   * at a line break where no operator continues it, the next statement. Function bodies, object
   * and array literals and argument lists inside it are walked too, so what it accepts is valid.
   */
  protected walkExpression(index: number, options: number): number {
    const first = index;
    let state = NEEDS;
    let conditionals = 0;
    while (index < this.count) {
      if (this.endsExpression(index, options)) {
        if (!this.isPunct(index, ':') || conditionals === 0) break;
        conditionals--;
      } else if (index > first && state !== NEEDS) {
        const newline = this.newlineBefore(index);
        const continues = this.continuesExpression(index, newline);
        if (state === ARROW_DONE && !this.isPunct(index, ':') && !this.isPunct(index, ',')) {
          // Only `:` (`c ? () => {} : d`) or `,` (a sequence) may follow an arrow's block body.
          if (continues || !newline) this.decline('token after an arrow function body', index);
          break;
        }
        if (!continues) {
          if (newline) break;
          this.decline(`unexpected \`${this.word(index)}\` after an expression`, index);
        }
        if (this.isPunct(index, '?')) conditionals++;
        else if (this.isPunct(index, ':') && conditionals-- === 0) this.decline('`:` without `?`', index);
      }
      index = state === NEEDS ? this.operand(index) : this.operator(index);
      state = this.lastState;
    }
    if (state === NEEDS) this.decline('incomplete expression', index);
    if (conditionals > 0) this.decline('`?` without `:`', index);
    return index;
  }

  private lastState = NEEDS;

  private endsExpression(index: number, options: number): boolean {
    const kind = this.kind[index];
    if (kind === TEMPLATE_MIDDLE || kind === TEMPLATE_TAIL) return true;
    if (kind !== PUNCT || this.end[index]! - this.start[index]! !== 1) return false;
    const code = this.text.charCodeAt(this.start[index]!);
    if (code === 59 || code === 41 || code === 93 || code === 125) return true;
    if (code === 44) return (options & STOP_AT_COMMA) !== 0;
    return code === 58 && (options & STOP_AT_COLON) !== 0;
  }

  /** Whether the token at `index` continues an expression that could end before it. */
  private continuesExpression(index: number, newline: boolean): boolean {
    const kind = this.kind[index];
    if (kind === TEMPLATE || kind === TEMPLATE_HEAD) return true;
    if (kind === IDENT) {
      if (this.isWord(index, 'in') || this.isWord(index, 'instanceof')) return true;
      if (!this.typescript) return false;
      if (this.isWord(index, 'as') || this.isWord(index, 'satisfies')) {
        if (newline) this.decline('line break before `as`', index);
        return true;
      }
      return false;
    }
    if (kind !== PUNCT) return false;
    const length = this.end[index]! - this.start[index]!;
    const code = this.text.charCodeAt(this.start[index]!);
    if (length === 1) {
      if (code === 123 || code === 126 || code === 64) return false; // { ~ @
      if (code === 33) {
        if (newline) return false;
        if (!this.typescript) this.decline('unexpected `!`', index);
        return true;
      }
      return true;
    }
    if (this.isPunct(index, '=>')) {
      if (newline) this.decline('line break before `=>`', index);
      return true;
    }
    if (this.isPunct(index, '++') || this.isPunct(index, '--')) return !newline;
    return !this.isPunct(index, '...');
  }

  /**
   * Consumes an operand (or a prefix) at `index`; sets `lastState` last, since walking what the
   * operand contains (a function body, a nested expression) sets it too.
   */
  private operand(index: number): number {
    const kind = this.kind[index]!;
    let next: number;
    let state = DONE;
    if (kind === IDENT) return this.wordOperand(index);
    if (kind === TEMPLATE_HEAD) next = this.walkTemplate(index);
    else if (kind !== PUNCT) next = index + 1;
    else {
      const punct = this.punctAt(index);
      if (punct === OPEN_PAREN) next = this.walkGroup(index);
      else if (punct === OPEN_BRACKET) next = this.walkList(index, true);
      else if (punct === OPEN_BRACE && index > 0 && this.isPunct(index - 1, '=>')) {
        next = this.walkFunctionBody(index);
        state = ARROW_DONE;
      } else if (punct === OPEN_BRACE) next = this.walkObject(index);
      else if (punct === LESS) {
        if (!this.typescript) this.decline('JSX', index);
        next = this.skipAngles(index);
        state = NEEDS;
      } else if (PREFIX_OPERATORS.has(punct)) {
        next = index + 1;
        state = NEEDS;
      } else return this.decline(`unexpected \`${this.word(index)}\` where an expression starts`, index);
    }
    this.lastState = state;
    return next;
  }

  private wordOperand(index: number): number {
    const length = this.end[index]! - this.start[index]!;
    if (this.isReservedWord(index) && !OPERAND_KEYWORDS.has(this.word(index)))
      this.decline(`\`${this.word(index)}\` where an expression starts`, index);
    let next = index + 1;
    let state = DONE;
    if (length < 3 || length > 8) next = index + 1;
    else if (this.isWord(index, 'function')) next = this.walkFunctionExpression(index);
    else if (this.isWord(index, 'class')) next = this.walkClassExpression(index);
    else if (this.isWord(index, 'async') && this.sameLine(index + 1) && this.isWord(index + 1, 'function'))
      next = this.walkFunctionExpression(index);
    else if (this.isWord(index, 'async') && this.sameLine(index + 1) && this.startsAsyncArrow(index + 1))
      state = NEEDS;
    else if (this.isWord(index, 'yield')) return this.yieldOperand(index);
    else if (this.isWord(index, 'new') && this.isPunct(index + 1, '.')) state = DONE;
    else if (this.isAnyWord(index, PREFIX_WORDS) || this.isTypeOperatorInExpression(index)) {
      // `void` as a type (`(): void => x`) is followed by what cannot start an operand.
      const following = this.punctAt(index + 1);
      if (!(following !== 0 && !EXPRESSION_START_PUNCTUATION.has(following))) state = NEEDS;
    }
    this.lastState = state;
    return next;
  }

  /** After `async`: `x =>`, `(x) =>`, `<T>(x) =>` (or a call of a function named `async`, walked alike). */
  private startsAsyncArrow(index: number): boolean {
    return (
      this.isIdentifier(index) || this.isPunct(index, '(') || (this.typescript && this.isPunct(index, '<'))
    );
  }

  /** `yield`, `yield x`, `yield* x`: an operand may follow only on the same line. */
  private yieldOperand(index: number): number {
    const next = index + 1;
    if (this.isPunct(next, '*')) {
      this.lastState = NEEDS;
      return next + 1;
    }
    if (this.sameLine(next) && this.startsOperand(next)) this.lastState = NEEDS;
    return next;
  }

  private startsOperand(index: number): boolean {
    const kind = this.kind[index];
    if (kind === PUNCT) return EXPRESSION_START_PUNCTUATION.has(this.punctAt(index));
    if (kind !== IDENT) return kind !== 0 && kind !== TEMPLATE_MIDDLE && kind !== TEMPLATE_TAIL;
    return !this.isWord(index, 'in') && !this.isWord(index, 'instanceof') && !this.isWord(index, 'as');
  }

  /** `keyof T`, `readonly T[]`, `unique symbol` in a type after `as` or `satisfies`. */
  private isTypeOperatorInExpression(index: number): boolean {
    if (!this.typescript || !this.isAnyWord(index, EXPRESSION_TYPE_OPERATORS)) return false;
    const next = index + 1;
    return (
      this.sameLine(next) && (this.isIdentifier(next) || this.isPunct(next, '(') || this.isPunct(next, '['))
    );
  }

  /** Consumes an operator (or a call, member access, postfix) after an operand; sets `lastState` last. */
  private operator(index: number): number {
    const kind = this.kind[index]!;
    let next = index + 1;
    let state = DONE;
    if (kind === TEMPLATE_HEAD) next = this.walkTemplate(index);
    else if (kind === IDENT) {
      // `as T`, `satisfies T`: the type ends where a type cannot continue; `in`, `instanceof`: binary.
      if (this.isWord(index, 'as') || this.isWord(index, 'satisfies'))
        next = this.walkType(index + 1, IN_EXPRESSION);
      else state = NEEDS;
    } else if (kind === PUNCT) {
      const punct = this.punctAt(index);
      if (punct === OPEN_PAREN) next = this.walkArguments(index);
      else if (punct === OPEN_BRACKET) next = this.walkIndex(index);
      else if (punct === DOT) next = this.memberName(index + 1);
      else if (punct === OPTIONAL_CHAIN && this.isPunct(index + 1, '(')) next = this.walkArguments(index + 1);
      else if (punct === OPTIONAL_CHAIN && this.isPunct(index + 1, '[')) next = this.walkIndex(index + 1);
      else if (punct === OPTIONAL_CHAIN) next = this.memberName(index + 1);
      else if (punct === LESS && this.typescript && this.typeArgumentsAt(index) >= 0)
        next = this.typeArgumentsAt(index) + 1;
      else if (punct !== BANG && punct !== INCREMENT && punct !== DECREMENT) state = NEEDS;
    }
    this.lastState = state;
    return next;
  }

  /** `a[b]`; in TypeScript also `T[]` (an array type after `as`). */
  private walkIndex(open: number): number {
    const close = this.match[open]!;
    if (close === open + 1 && this.typescript) return close + 1;
    if (this.walkExpression(open + 1, 0) !== close) this.decline('unexpected token in brackets', open);
    return close + 1;
  }

  // Walking what an expression contains: implemented by `BodyWalker`.
  protected abstract walkFunctionBody(open: number): number;
  protected abstract walkObject(open: number): number;
  /** An array literal or argument list: elements separated by commas (`holes`: `[a, , b]`). */
  protected abstract walkList(open: number, holes: boolean): number;
  /** `(` as a grouping, argument list or arrow parameters. */
  protected abstract walkGroup(open: number): number;
  /** The argument list of a call. */
  protected abstract walkArguments(open: number): number;
  protected abstract walkTemplate(head: number): number;
  /** A parameter list at `open`; returns the index after its `)`. */
  protected abstract walkParameters(open: number): number;
  protected abstract walkFunctionExpression(index: number): number;
  protected abstract walkClassExpression(index: number): number;

  private memberName(index: number): number {
    const kind = this.kind[index];
    if (index >= this.count || (kind !== IDENT && kind !== PRIVATE))
      this.decline('expected a property name', index);
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
      this.decline('member access after type arguments', index);
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
    let conditionals = 0;
    let state = NEEDS;
    while (index < this.count) {
      if (angles === 0) {
        if (this.endsType(index, state, options)) return index;
        if (index > first && state === DONE) {
          const newline = this.newlineBefore(index);
          if (this.isPunct(index, ':') && conditionals === 0) {
            if (newline || (options & IN_EXPRESSION) !== 0) return index;
            this.decline('`:` in a type without `?`', index);
          }
          if (!this.continuesType(index, newline, options)) {
            if (newline || (options & IN_EXPRESSION) !== 0) return index;
            this.decline(`unexpected \`${this.word(index)}\` in a type`, index);
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
      if (kind !== PUNCT) this.decline('unexpected token in a type', index);
      const punct = this.punctAt(index);
      const closes = this.angleCloses(punct);
      if (punct === OPEN_BRACE && state === NEEDS) {
        state = DONE;
        index = this.walkTypeMembers(index);
      } else if (punct === OPEN_PAREN || punct === OPEN_BRACKET || punct === OPEN_BRACE) {
        state = DONE;
        index = this.after(index);
      } else if (punct === LESS) {
        angles++;
        state = NEEDS;
        index++;
      } else if (closes > 0) {
        angles -= closes;
        if (angles < 0) this.decline('unbalanced `>` in a type', index);
        state = DONE;
        index++;
      } else if (TYPE_OPERATORS.has(punct)) {
        if (punct === DOT && this.closesAngles(index - 1))
          this.decline('member access after type arguments', index);
        if (punct === QUESTION) conditionals++;
        else if (punct === COLON && conditionals > 0) conditionals--;
        state = NEEDS;
        index++;
      } else this.decline(`unexpected \`${this.word(index)}\` in a type`, index);
    }
    if (angles > 0) this.decline('unterminated type arguments', index);
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
      if (newline && (heritage || this.isWord(index, 'extends'))) this.decline('line break in a type', index);
      return !newline && (heritage || this.isWord(index, 'extends') || this.isWord(index, 'is'));
    }
    if (kind !== PUNCT) return false;
    const punct = this.punctAt(index);
    if ((options & IN_EXPRESSION) !== 0 && (punct === QUESTION || punct === COLON)) return false;
    if (TYPE_CONTINUATIONS.has(punct)) return true;
    if (punct === ARROW && newline) this.decline('line break before `=>` in a type', index);
    // After a line break, `[`, `<` and `(` start something new (TypeScript ends the type there).
    if (TYPE_CONTINUATIONS_ON_LINE.has(punct)) return !newline;
    return punct === COMMA && (options & HERITAGE) !== 0;
  }

  /**
   * The members of an interface body or object type at `open`: properties, methods, call, construct
   * and index signatures, mapped types. Returns the index after the `}`.
   */
  protected walkTypeMembers(open: number): number {
    const close = this.match[open]!;
    let index = open + 1;
    while (index < close) {
      index = this.typeMember(index);
      if (this.isPunct(index, ';') || this.isPunct(index, ',')) index++;
      else if (index < close && !this.newlineBefore(index))
        this.decline('type member does not end where expected', index);
    }
    return close + 1;
  }

  private typeMember(index: number): number {
    let cursor = index;
    if (this.isPunct(cursor, '+') || this.isPunct(cursor, '-')) cursor++;
    while (
      (this.isWord(cursor, 'readonly') || this.isWord(cursor, 'get') || this.isWord(cursor, 'set')) &&
      this.sameLine(cursor + 1) &&
      (this.isIdentifier(cursor + 1) || this.kind[cursor + 1] === STRING || this.isPunct(cursor + 1, '['))
    )
      cursor++;
    if (this.isWord(cursor, 'new') && (this.isPunct(cursor + 1, '(') || this.isPunct(cursor + 1, '<')))
      cursor++;
    else if (this.isPunct(cursor, '[')) cursor = this.after(cursor);
    else if (this.isIdentifier(cursor) || this.kind[cursor] === STRING || this.kind[cursor] === NUMBER)
      cursor++;
    else if (!this.isPunct(cursor, '(') && !this.isPunct(cursor, '<'))
      this.decline('unrecognised type member', cursor);
    if (this.isPunct(cursor, '+') || this.isPunct(cursor, '-')) cursor++;
    if (this.isPunct(cursor, '?')) cursor++;
    if (this.isPunct(cursor, '<')) cursor = this.skipAngles(cursor);
    if (this.isPunct(cursor, '(')) cursor = this.after(cursor);
    return this.isPunct(cursor, ':') ? this.walkType(cursor + 1, 0) : cursor;
  }

  // ---------------------------------------------------------------- functions and classes

  /** `[async] function [*] [name] [<T>] (params) [: type]`: the name and the index after it. */
  protected functionHeader(index: number): { name: string | undefined; next: number } {
    if (this.isWord(index, 'async')) index++;
    if (!this.isWord(index, 'function')) this.decline('expected `function`', index);
    index++;
    if (this.isPunct(index, '*')) index++;
    let name: string | undefined;
    if (this.isIdentifier(index)) name = this.bindingName(index++);
    if (this.isPunct(index, '<')) index = this.skipAngles(index);
    index = this.walkParameters(this.expectPunct(index, '('));
    if (this.isPunct(index, ':')) index = this.walkType(index + 1, STOP_AT_BRACE);
    return { name, next: index };
  }

  /** `class [name] [<T>] [extends ...] [implements ...]`: the name and the index of the body's `{`. */
  protected classHeader(index: number): { name: string | undefined; body: number } {
    index++;
    let name: string | undefined;
    if (this.isIdentifier(index) && !this.isWord(index, 'extends') && !this.isWord(index, 'implements'))
      name = this.bindingName(index++);
    if (this.isPunct(index, '<')) index = this.skipAngles(index);
    if (this.isWord(index, 'extends') || this.isWord(index, 'implements'))
      index = this.walkType(index + 1, STOP_AT_BRACE | HERITAGE);
    return { name, body: this.expectPunct(index, '{') };
  }
}

const TYPE_ARGUMENT_PUNCTUATION = new Set([',', '.', '|', '&', '?', ':', '=>', '...', '-'].map(punctKey));
const TYPE_OPERATORS = new Set(['|', '&', '?', ':', '=>', ',', '.', '...', '-', '='].map(punctKey));
const EXPRESSION_START_PUNCTUATION = new Set(
  ['(', '[', '{', '!', '~', '+', '-', '++', '--', '...', '<', '/', '/=', '@'].map(punctKey),
);
