/**
 * The fast scanner below the top level: statements inside function bodies and blocks, object and
 * array literals, argument lists, template substitutions and class bodies. Nothing here becomes a
 * fact except class methods (through `onMethod`) and the shape of assigned values; the walk is
 * what lets the scanner decline files with syntax errors anywhere, which oxc reports best.
 */

import type { AssignedProperty, AssignedValue } from '../typescript-outline.js';
import {
  HERITAGE,
  STOP_AT_ARROW,
  STOP_AT_BRACE,
  STOP_AT_COLON,
  STOP_AT_COMMA,
  TokenWalker,
} from './token-walk.js';
import { IDENT, NUMBER, PRIVATE, PUNCT, STRING, TEMPLATE_HEAD, TEMPLATE_MIDDLE } from './tokenizer.js';

const NOT_IDENTIFIERS = new Set(['this', 'null', 'true', 'false', 'super']);

/** Declarations that cannot be the body of an `if` or loop (a `var` can). */
const SINGLE_STATEMENT_DECLARATIONS = [
  'const',
  'let',
  'class',
  'function',
  'async',
  'enum',
  'interface',
  'abstract',
];

const PARAMETER_MODIFIERS = new Set(['public', 'private', 'protected', 'readonly', 'override']);

const CLASS_MODIFIERS = new Set([
  'static',
  'public',
  'private',
  'protected',
  'readonly',
  'abstract',
  'override',
  'declare',
  'async',
  'accessor',
  'get',
  'set',
]);

/** A method found in a class body: its name, span and where its body starts. */
export type MethodVisitor = (name: string, start: number, end: number, bodyStart: number | undefined) => void;

export abstract class BodyWalker extends TokenWalker {
  /** How many function bodies enclose the statement being walked (`return` needs one). */
  private functionDepth = 0;

  /** A function's body: a block in which `return` is allowed. */
  protected walkFunctionBody(open: number): number {
    this.functionDepth++;
    const next = this.walkBlock(this.expectPunct(open, '{'));
    this.functionDepth--;
    return next;
  }
  // ---------------------------------------------------------------- statements

  /** Walks the statements of the block whose `{` is at `open`; returns the index after its `}`. */
  protected walkBlock(open: number): number {
    const close = this.match[open]!;
    let index = open + 1;
    while (index < close) index = this.walkStatement(index);
    if (index !== close) this.decline('block does not end where expected', index);
    return close + 1;
  }

  /** One statement inside a function body or block. */
  protected walkStatement(index: number): number {
    if (this.kind[index] === PUNCT) {
      if (this.isPunct(index, '{')) return this.walkBlock(index);
      if (this.isPunct(index, ';')) return index + 1;
      return this.finishStatement(this.walkExpression(index, 0));
    }
    if (this.kind[index] !== IDENT) return this.finishStatement(this.walkExpression(index, 0));
    const length = this.end[index]! - this.start[index]!;
    const keyword = length >= 2 && length <= 9 ? this.walkKeywordStatement(index) : -1;
    if (keyword >= 0) return keyword;
    if (this.isPunct(index + 1, ':')) return this.walkSubStatement(index + 2);
    return this.finishStatement(this.walkExpression(index, 0));
  }

  /** The body of an `if`, loop or label: a statement, but not a declaration. */
  protected walkSubStatement(index: number): number {
    if (SINGLE_STATEMENT_DECLARATIONS.some((word) => this.isWord(index, word)) && this.sameLine(index + 1))
      if (this.isIdentifier(index + 1) || this.isPunct(index + 1, '{') || this.isPunct(index + 1, '['))
        this.decline('declaration as the body of a statement', index);
    return this.walkStatement(index);
  }

  /** A statement that starts with a keyword, or -1 when the word at `index` starts an expression. */
  private walkKeywordStatement(index: number): number {
    switch (this.word(index)) {
      case 'const':
        if (this.isWord(index + 1, 'enum')) return this.skipEnum(index + 1);
        return this.walkVariables(index + 1, true);
      case 'var':
        return this.walkVariables(index + 1, false);
      case 'let':
        if (
          this.sameLine(index + 1) &&
          (this.isIdentifier(index + 1) || this.isPunct(index + 1, '[') || this.isPunct(index + 1, '{'))
        )
          return this.walkVariables(index + 1, false);
        return this.decline('`let` as an identifier', index);
      case 'function':
        return this.walkFunctionDeclaration(index);
      case 'async':
        return this.isWord(index + 1, 'function') && this.sameLine(index + 1)
          ? this.walkFunctionDeclaration(index)
          : -1;
      case 'class':
        return this.walkClass(index, undefined);
      case 'if':
      case 'for':
      case 'while':
      case 'do':
      case 'try':
      case 'switch':
        return this.walkControlStatement(index);
      case 'return':
        if (this.functionDepth === 0) this.decline('`return` outside a function', index);
        if (this.isPunct(index + 1, ';') || this.isPunct(index + 1, '}') || this.newlineBefore(index + 1))
          return this.finishStatement(index + 1);
        return this.finishStatement(this.walkExpression(index + 1, 0));
      case 'throw':
        if (this.newlineBefore(index + 1)) this.decline('line break after `throw`', index);
        return this.finishStatement(this.walkExpression(index + 1, 0));
      case 'break':
      case 'continue':
        return this.finishStatement(
          this.isIdentifier(index + 1) && this.sameLine(index + 1) ? index + 2 : index + 1,
        );
      case 'debugger':
        return this.finishStatement(index + 1);
      case 'import':
        if (this.isPunct(index + 1, '(') || this.isPunct(index + 1, '.')) return -1;
        return this.decline('import declaration inside a block', index);
      case 'type':
      case 'interface':
      case 'enum':
      case 'abstract':
      case 'declare':
      case 'namespace':
      case 'module':
      case 'using':
      case 'export':
        return this.walkLocalDeclaration(index);
      case 'with':
        return this.decline('`with` statement', index);
      default:
        return -1;
    }
  }

  /** TypeScript declarations allowed in a block (type, interface, enum, abstract class); others decline. */
  private walkLocalDeclaration(index: number): number {
    const next = index + 1;
    if (!this.sameLine(next) || !this.isIdentifier(next)) return -1;
    if (!this.typescript) return this.decline('TypeScript declaration in a JavaScript file', index);
    if (this.isWord(index, 'type') && (this.isPunct(next + 1, '=') || this.isPunct(next + 1, '<'))) {
      const equals = this.isPunct(next + 1, '<') ? this.skipAngles(next + 1) : next + 1;
      return this.finishStatement(this.walkType(this.expectPunct(equals, '=') + 1, 0));
    }
    if (this.isWord(index, 'interface')) {
      let cursor = next + 1;
      if (this.isPunct(cursor, '<')) cursor = this.skipAngles(cursor);
      if (this.isWord(cursor, 'extends')) cursor = this.walkType(cursor + 1, STOP_AT_BRACE | HERITAGE);
      return this.walkTypeMembers(this.expectPunct(cursor, '{'));
    }
    if (this.isWord(index, 'enum')) return this.skipEnum(index);
    if (this.isWord(index, 'abstract') && this.isWord(next, 'class')) return this.walkClass(next, undefined);
    if (this.isWord(index, 'type')) return -1;
    return this.decline(`\`${this.word(index)}\` inside a block`, index);
  }

  private skipEnum(index: number): number {
    if (!this.isIdentifier(index + 1)) this.decline('enum without a name', index);
    return this.after(this.expectPunct(index + 2, '{'));
  }

  /** Declarators after `const`/`let`/`var`: bindings, types and values. */
  /** Declarators after `const`/`let`/`var`; `ambient`: only a `const` may have a value, and needs none. */
  private walkVariables(index: number, constant: boolean, ambient = false): number {
    let cursor = index;
    for (;;) {
      const pattern = this.isPunct(cursor, '{') || this.isPunct(cursor, '[');
      cursor = this.walkBinding(cursor);
      if (this.isPunct(cursor, '=')) {
        if (ambient && !constant) this.decline('initializer in an ambient context', cursor);
        cursor = this.walkExpression(cursor + 1, STOP_AT_COMMA);
      } else if ((constant && !ambient) || pattern) this.decline('declaration without a value', cursor);
      if (!this.isPunct(cursor, ',')) return this.finishStatement(cursor);
      cursor++;
    }
  }

  // ---------------------------------------------------------------- namespaces

  /**
   * The body of `namespace N { ... }`: declarations (exported or not), `import a = N.b`, nested
   * namespaces and, unless `ambient`, statements.
   */
  protected walkNamespaceBody(open: number, ambient: boolean): number {
    const close = this.match[open]!;
    let index = open + 1;
    while (index < close) index = this.namespaceMember(index, ambient);
    return close + 1;
  }

  private namespaceMember(index: number, ambient: boolean): number {
    let cursor = index;
    if (this.isWord(cursor, 'export')) {
      cursor++;
      // `export { a as b }` / `export type { T }` re-export names of the namespace.
      const list = this.isWord(cursor, 'type') && this.isPunct(cursor + 1, '{') ? cursor + 1 : cursor;
      if (this.isPunct(list, '{')) return this.finishStatement(this.after(list));
      if (!this.isIdentifier(cursor) || this.isWord(cursor, 'default'))
        this.decline('unrecognised export in a namespace', cursor);
    }
    if (this.isWord(cursor, 'declare') && this.sameLine(cursor + 1)) {
      cursor++;
      ambient = true;
    }
    const declaration = this.namespaceMemberDeclaration(cursor, ambient);
    if (declaration >= 0) return declaration;
    if (cursor !== index) this.decline('`export` or `declare` before a statement', cursor);
    if (ambient) this.decline('statement in an ambient context', cursor);
    return this.walkStatement(index);
  }

  /** A declaration inside a namespace at `index`, or -1 when a statement starts there. */
  private namespaceMemberDeclaration(index: number, ambient: boolean): number {
    const next = index + 1;
    if (this.isWord(index, 'import') && this.isIdentifier(next) && this.isPunct(next + 1, '=')) {
      this.bindingName(next);
      return this.finishStatement(this.walkExpression(next + 2, 0));
    }
    if (this.isWord(index, 'import') && !this.isPunct(next, '(') && !this.isPunct(next, '.'))
      this.decline('import declaration in a namespace', index);
    if (
      (this.isWord(index, 'namespace') || this.isWord(index, 'module')) &&
      this.isIdentifier(next) &&
      this.sameLine(next)
    ) {
      let cursor = next + 1;
      while (this.isPunct(cursor, '.') && this.isIdentifier(cursor + 1)) cursor += 2;
      return this.walkNamespaceBody(this.expectPunct(cursor, '{'), ambient);
    }
    if (this.isWord(index, 'function') || (this.isWord(index, 'async') && this.isWord(next, 'function'))) {
      const header = this.functionHeader(index).next;
      if (!this.isPunct(header, '{')) return this.finishStatement(header);
      if (ambient) this.decline('function body in an ambient context', header);
      return this.walkFunctionBody(header);
    }
    if (this.isWord(index, 'class')) return this.walkClass(index, undefined, ambient);
    if (this.isWord(index, 'abstract') && this.isWord(next, 'class'))
      return this.walkClass(next, undefined, ambient);
    if (this.isWord(index, 'const') && !this.isWord(next, 'enum'))
      return this.walkVariables(next, true, ambient);
    if (this.isWord(index, 'var') || this.startsLetDeclaration(index))
      return this.walkVariables(next, false, ambient);
    if (this.isWord(index, 'const')) return this.skipEnum(next);
    return this.isIdentifier(index) && this.sameLine(next) && this.isIdentifier(next)
      ? this.walkLocalDeclaration(index)
      : -1;
  }

  private walkFunctionDeclaration(index: number): number {
    const { name, next } = this.functionHeader(index);
    if (name === undefined) this.decline('function without a name', index);
    return this.walkFunctionBody(next);
  }

  protected walkControlStatement(index: number): number {
    switch (this.word(index)) {
      case 'if': {
        let next = this.walkSubStatement(this.walkCondition(index + 1));
        if (this.isWord(next, 'else')) next = this.walkSubStatement(next + 1);
        return next;
      }
      case 'for': {
        const open = this.isWord(index + 1, 'await') ? index + 2 : index + 1;
        return this.walkSubStatement(this.walkForHead(this.expectPunct(open, '(')));
      }
      case 'while':
        return this.walkSubStatement(this.walkCondition(index + 1));
      case 'do': {
        const next = this.walkSubStatement(index + 1);
        if (!this.isWord(next, 'while')) this.decline('expected `while`', next);
        const after = this.walkCondition(next + 1);
        return this.isPunct(after, ';') ? after + 1 : after;
      }
      case 'try':
        return this.walkTry(index);
      default:
        return this.walkSwitchBody(this.walkCondition(index + 1));
    }
  }

  /** `for (init; test; update)`, `for (x of y)`, `for (x in y)`: the index after the `)`. */
  private walkForHead(open: number): number {
    const close = this.match[open]!;
    let index = open + 1;
    if (this.isWord(index, 'const') || this.isWord(index, 'var') || this.startsLetDeclaration(index)) {
      index++;
      for (;;) {
        index = this.walkBinding(index);
        if (this.isWord(index, 'of') || this.isWord(index, 'in')) return this.walkForOf(index, close);
        if (this.isPunct(index, '=')) index = this.walkExpression(index + 1, STOP_AT_COMMA);
        if (!this.isPunct(index, ',')) break;
        index++;
      }
    } else if (!this.isPunct(index, ';')) {
      const target = this.isIdentifier(index)
        ? index + 1
        : this.isPunct(index, '[') || this.isPunct(index, '{')
          ? this.after(index)
          : -1;
      if (target >= 0 && this.isWord(target, 'of')) return this.walkForOf(target, close);
      index = this.walkExpression(index, 0);
      if (index === close) return close + 1;
    }
    index = this.expectPunct(index, ';') + 1;
    if (!this.isPunct(index, ';')) index = this.walkExpression(index, 0);
    index = this.expectPunct(index, ';') + 1;
    if (index < close) index = this.walkExpression(index, 0);
    if (index !== close) this.decline('unexpected token in a for loop', index);
    return close + 1;
  }

  private walkForOf(keyword: number, close: number): number {
    if (this.walkExpression(keyword + 1, 0) !== close)
      this.decline('unexpected token in a for loop', keyword);
    return close + 1;
  }

  private startsLetDeclaration(index: number): boolean {
    const next = index + 1;
    return (
      this.isWord(index, 'let') &&
      (this.isIdentifier(next) || this.isPunct(next, '[') || this.isPunct(next, '{'))
    );
  }

  /** A binding (a name or a destructuring pattern) with its optional `!` and type. */
  private walkBinding(index: number): number {
    if (this.isIdentifier(index) && !this.isReservedWord(index)) index++;
    else if (this.isPunct(index, '{')) index = this.walkObject(index);
    else if (this.isPunct(index, '[')) index = this.walkList(index, true);
    else this.decline('unrecognised variable declaration', index);
    if (this.isPunct(index, '!')) index++;
    return this.isPunct(index, ':') ? this.walkType(index + 1, 0) : index;
  }

  /** Parameters: `[modifiers] [...]binding[?][: type][= value]`, separated by commas. */
  protected walkParameters(open: number): number {
    const close = this.match[open]!;
    let index = open + 1;
    while (index < close) {
      index = this.skipDecorators(index);
      while (this.isAnyParameterModifier(index)) index++;
      if (this.isPunct(index, '...')) index++;
      // TypeScript's `this` parameter types the receiver.
      if (this.isIdentifier(index) && (!this.isReservedWord(index) || this.isWord(index, 'this'))) index++;
      else if (this.isPunct(index, '{')) index = this.walkObject(index);
      else if (this.isPunct(index, '[')) index = this.walkList(index, true);
      else this.decline('unrecognised parameter', index);
      if (this.isPunct(index, '?')) index++;
      if (this.isPunct(index, ':')) index = this.walkType(index + 1, 0);
      if (this.isPunct(index, '=')) index = this.walkExpression(index + 1, STOP_AT_COMMA);
      if (index < close) index = this.expectPunct(index, ',') + 1;
    }
    return close + 1;
  }

  /** `constructor(private readonly x: X)`: a modifier followed by the parameter on the same line. */
  private isAnyParameterModifier(index: number): boolean {
    if (!this.isIdentifier(index) || !PARAMETER_MODIFIERS.has(this.word(index))) return false;
    const next = index + 1;
    return (
      this.sameLine(next) && (this.isIdentifier(next) || this.isPunct(next, '{') || this.isPunct(next, '['))
    );
  }

  /** `( expression )` after `if`, `while`, `switch`: the index after the `)`. */
  private walkCondition(open: number): number {
    const close = this.match[this.expectPunct(open, '(')]!;
    if (this.walkExpression(open + 1, 0) !== close) this.decline('unexpected token in a condition', open);
    return close + 1;
  }

  private walkTry(index: number): number {
    let next = this.walkBlock(this.expectPunct(index + 1, '{'));
    const handled = this.isWord(next, 'catch') || this.isWord(next, 'finally');
    if (!handled) this.decline('`try` without `catch` or `finally`', index);
    if (this.isWord(next, 'catch')) {
      next++;
      if (this.isPunct(next, '(')) next = this.walkParameters(next);
      next = this.walkBlock(this.expectPunct(next, '{'));
    }
    if (this.isWord(next, 'finally')) next = this.walkBlock(this.expectPunct(next + 1, '{'));
    return next;
  }

  private walkSwitchBody(open: number): number {
    const close = this.match[this.expectPunct(open, '{')]!;
    let index = open + 1;
    while (index < close) {
      if (this.isWord(index, 'case'))
        index = this.expectPunct(this.walkExpression(index + 1, STOP_AT_COLON), ':') + 1;
      else if (this.isWord(index, 'default') && this.isPunct(index + 1, ':')) index += 2;
      else index = this.walkStatement(index);
    }
    return close + 1;
  }

  // ---------------------------------------------------------------- expressions' contents

  protected walkFunctionExpression(index: number): number {
    return this.walkFunctionBody(this.functionHeader(index).next);
  }

  protected walkClassExpression(index: number): number {
    return this.walkClass(index, undefined);
  }

  /** `(` ... `)`: arrow parameters (not walked), else a grouping or argument list. */
  protected walkArguments(open: number): number {
    return this.walkElements(open, this.match[open]!, false);
  }

  protected walkGroup(open: number): number {
    const close = this.match[open]!;
    const next = close + 1;
    if (this.isPunct(next, '=>')) return this.walkParameters(open);
    if (this.typescript && this.isPunct(next, ':')) {
      const arrow = this.arrowAfterReturnType(next + 1);
      if (arrow >= 0) {
        this.walkParameters(open);
        return arrow;
      }
    }
    return this.walkElements(open, close, false);
  }

  /**
   * `(a): T => ...`: the index of the `=>` when the tokens from `index` are a return type followed
   * by one, or -1 (then the `:` belongs to `? :`). The return type itself is not walked.
   */
  private arrowAfterReturnType(index: number): number {
    let angles = 0;
    for (let cursor = index; cursor < this.count; cursor++) {
      const kind = this.kind[cursor];
      if (
        kind === TEMPLATE_HEAD ||
        this.isPunct(cursor, '(') ||
        this.isPunct(cursor, '[') ||
        this.isPunct(cursor, '{')
      ) {
        cursor = this.after(cursor) - 1;
        continue;
      }
      if (kind !== PUNCT) continue;
      if (this.isPunct(cursor, '=>')) return cursor;
      if (this.isPunct(cursor, '<')) angles++;
      else if (this.isPunct(cursor, '>')) angles = Math.max(0, angles - 1);
      else if (this.isPunct(cursor, '>>')) angles = Math.max(0, angles - 2);
      else if (this.isPunct(cursor, ',') && angles > 0) continue;
      else if (this.isPunct(cursor, ';') || this.isPunct(cursor, ',') || this.isPunct(cursor, ')')) return -1;
      else if (this.isPunct(cursor, ']') || this.isPunct(cursor, '}') || this.isPunct(cursor, '=')) return -1;
    }
    return -1;
  }

  protected walkList(open: number, holes: boolean): number {
    return this.walkElements(open, this.match[open]!, holes);
  }

  private walkElements(open: number, close: number, holes: boolean): number {
    let index = open + 1;
    while (index < close) {
      if (holes && this.isPunct(index, ',')) {
        index++;
        continue;
      }
      if (this.isPunct(index, '...')) index++;
      index = this.walkExpression(index, STOP_AT_COMMA);
      if (index < close) index = this.expectPunct(index, ',') + 1;
    }
    return close + 1;
  }

  protected walkTemplate(head: number): number {
    let piece = head;
    for (;;) {
      const next = this.match[piece]!;
      if (this.walkExpression(piece + 1, 0) !== next) this.decline('unexpected token in a template', piece);
      if (this.kind[next] !== TEMPLATE_MIDDLE) return next + 1;
      piece = next;
    }
  }

  protected walkObject(open: number): number {
    const close = this.match[open]!;
    let index = open + 1;
    while (index < close) {
      index = this.objectProperty(index, false).next;
      if (index < close) index = this.expectPunct(index, ',') + 1;
    }
    return close + 1;
  }

  // ---------------------------------------------------------------- classes

  /**
   * A class declaration or expression at `index` (`class`); its methods go to `onMethod`.
   * `ambient` (`declare class`, declaration files): bodies and initializers are errors.
   */
  protected walkClass(index: number, onMethod: MethodVisitor | undefined, ambient = false): number {
    const { body } = this.classHeader(index);
    const close = this.match[body]!;
    let cursor = body + 1;
    while (cursor < close) {
      if (this.isPunct(cursor, ';')) cursor++;
      else if (this.isWord(cursor, 'static') && this.isPunct(cursor + 1, '{'))
        cursor = this.walkBlock(cursor + 1);
      else cursor = this.classMember(cursor, close, onMethod, ambient);
    }
    return close + 1;
  }

  private classMember(
    index: number,
    close: number,
    onMethod: MethodVisitor | undefined,
    ambient: boolean,
  ): number {
    const start = this.start[index]!;
    let cursor = this.skipDecorators(index);
    let readonly = false;
    while (
      this.isIdentifier(cursor) &&
      CLASS_MODIFIERS.has(this.word(cursor)) &&
      this.startsMemberName(cursor + 1)
    ) {
      if (!this.sameLine(cursor + 1)) this.decline('line break after a member modifier', cursor);
      readonly ||= this.isWord(cursor, 'readonly');
      cursor++;
    }
    if (this.isPunct(cursor, '*')) cursor++;
    let name: string | undefined;
    const kind = this.kind[cursor];
    if (kind === IDENT || kind === PRIVATE) name = this.word(cursor++);
    else if (kind === STRING || kind === NUMBER) cursor++;
    else if (this.isPunct(cursor, '[')) {
      if (this.match[cursor] === cursor + 2 && this.isIdentifier(cursor + 1)) name = this.word(cursor + 1);
      cursor = this.after(cursor);
    } else this.decline('unrecognised class member', cursor);
    if (this.isPunct(cursor, '?') || this.isPunct(cursor, '!')) cursor++;
    if (this.isPunct(cursor, '(') || this.isPunct(cursor, '<'))
      return this.method(start, cursor, close, name, onMethod, ambient);
    if (this.isPunct(cursor, ':')) cursor = this.walkType(cursor + 1, 0);
    if (this.isPunct(cursor, '=')) {
      // oxc accepts initializers of readonly properties in ambient classes.
      if (ambient && !readonly) this.decline('initializer in an ambient context', cursor);
      cursor = this.walkExpression(cursor + 1, 0);
    }
    if (this.isPunct(cursor, ';')) return cursor + 1;
    if (cursor === close || this.newlineBefore(cursor)) return cursor;
    return this.decline('class property does not end where expected', cursor);
  }

  private startsMemberName(index: number): boolean {
    const kind = this.kind[index];
    return (
      kind === IDENT ||
      kind === PRIVATE ||
      kind === STRING ||
      kind === NUMBER ||
      this.isPunct(index, '[') ||
      this.isPunct(index, '*')
    );
  }

  private method(
    start: number,
    index: number,
    close: number,
    name: string | undefined,
    onMethod: MethodVisitor | undefined,
    ambient: boolean,
  ): number {
    let cursor = this.isPunct(index, '<') ? this.skipAngles(index) : index;
    cursor = this.walkParameters(this.expectPunct(cursor, '('));
    if (this.isPunct(cursor, ':')) cursor = this.walkType(cursor + 1, STOP_AT_BRACE);
    let end: number;
    let bodyStart: number | undefined;
    if (this.isPunct(cursor, '{')) {
      if (ambient) this.decline('method body in an ambient context', cursor);
      bodyStart = this.start[cursor];
      cursor = this.walkFunctionBody(cursor);
      end = this.end[cursor - 1]!;
    } else if (!this.typescript) this.decline('method without a body in a JavaScript file', cursor);
    else if (this.isPunct(cursor, ';')) end = this.end[cursor++]!;
    else if (cursor === close || this.newlineBefore(cursor)) end = this.end[cursor - 1]!;
    else this.decline('method does not end where expected', cursor);
    if (name !== undefined && onMethod) onMethod(name, start, end, bodyStart);
    return cursor;
  }

  /**
   * The index after the decorators at `index` (`@a`, `@a.b(...)`, `@(expr)`), walked; `index`
   * itself when there are none. TypeScript files only.
   */
  protected skipDecorators(index: number): number {
    while (this.isPunct(index, '@')) {
      if (!this.typescript) this.decline('decorator in a JavaScript file', index);
      let cursor = index + 1;
      if (this.isPunct(cursor, '(')) cursor = this.walkArguments(cursor);
      else {
        if (!this.isIdentifier(cursor)) this.decline('unrecognised decorator', index);
        cursor++;
        while (this.isPunct(cursor, '.') && this.isIdentifier(cursor + 1)) cursor += 2;
        if (this.isPunct(cursor, '(') && this.sameLine(cursor)) cursor = this.walkArguments(cursor);
      }
      index = cursor;
    }
    return index;
  }

  // ---------------------------------------------------------------- values

  /** What the expression in tokens [first, last) is, as oxc's AST would show it (parentheses dropped). */
  protected assignedValue(first: number, last: number, withProperties: boolean): AssignedValue {
    [first, last] = this.unwrapParentheses(first, last);
    if (first >= last) this.decline('empty expression', first);
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
      if (bodyFirst >= bodyLast) this.decline('empty arrow body', arrowBody);
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
        this.decline('function type as an arrow return type', type);
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
      const property = this.objectProperty(index, true);
      if (property.value) properties.push(property.value);
      index = property.next;
      if (index < close) index = this.expectPunct(index, ',') + 1;
    }
    return properties;
  }

  /** One property of an object literal; `named`: read its key as CommonJS exports do. */
  private objectProperty(
    index: number,
    named: boolean,
  ): { value: AssignedProperty | undefined; next: number } {
    const start = this.start[index]!;
    if (this.isPunct(index, '...'))
      return { value: undefined, next: this.walkExpression(index + 1, STOP_AT_COMMA) };
    let key = index;
    while (
      (this.isWord(key, 'async') ||
        this.isWord(key, 'get') ||
        this.isWord(key, 'set') ||
        this.isPunct(key, '*')) &&
      this.startsPropertyKey(key + 1)
    )
      key++;
    const name = named ? this.propertyKey(key) : undefined;
    const after = this.propertyKeyEnd(key);
    if (this.isPunct(after, ':')) {
      const end = this.walkExpression(after + 1, STOP_AT_COMMA);
      return {
        value: { start, name, local: named ? this.singleIdentifier(after + 1, end) : undefined },
        next: end,
      };
    }
    if (this.isPunct(after, '(') || this.isPunct(after, '<')) {
      let next = this.isPunct(after, '<') ? this.skipAngles(after) : after;
      next = this.walkParameters(this.expectPunct(next, '('));
      if (this.isPunct(next, ':')) next = this.walkType(next + 1, STOP_AT_BRACE);
      return { value: { start, name, local: undefined }, next: this.walkFunctionBody(next) };
    }
    if (key !== index || this.kind[key] !== IDENT) this.decline('unexpected object property', index);
    // `{ a = 1 }` is only valid as a destructuring target, which oxc reads as a pattern.
    if (this.isPunct(after, '='))
      return { value: undefined, next: this.walkExpression(after + 1, STOP_AT_COMMA) };
    if (this.isReservedWord(key)) this.decline('reserved word as a shorthand property', key);
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

  /** The index after a property key; computed keys are walked. */
  private propertyKeyEnd(index: number): number {
    const kind = this.kind[index];
    if (kind === IDENT || kind === STRING || kind === NUMBER) return index + 1;
    if (!this.isPunct(index, '[')) return this.decline('unexpected property key', index);
    const close = this.match[index]!;
    if (this.walkExpression(index + 1, 0) !== close)
      this.decline('unexpected token in a computed key', index);
    return close + 1;
  }

  /** The name of a property key (identifier, string, computed identifier or string), else undefined. */
  private propertyKey(index: number): string | undefined {
    const kind = this.kind[index];
    if (kind === IDENT) return this.word(index);
    if (kind === STRING) return this.stringValue(index);
    if (kind === NUMBER || !this.isPunct(index, '[')) return undefined;
    const close = this.match[index]!;
    if (close === index + 2 && this.kind[index + 1] === STRING) return this.stringValue(index + 1);
    return close === index + 2 && this.kind[index + 1] === IDENT ? this.word(index + 1) : undefined;
  }
}
