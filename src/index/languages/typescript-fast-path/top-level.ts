/**
 * The fast path of the TypeScript adapter: a single pass over the tokens of a file that reads its
 * top-level statements (imports, exports, declarations, class members, CommonJS assignments) and
 * every `import('x')` into the same `ModuleOutline` the oxc path builds, without building an AST,
 * and checks the syntax of the rest (`bodies.ts`, `token-walk.ts`; tokens from `tokenizer.ts`). It
 * answers only when it is certain; on anything it does not recognise, or a syntax error, it
 * declines and the file goes to oxc. docs/languages.md ("TypeScript and JavaScript") lists what
 * it declines.
 */

import type {
  AssignmentRecord,
  DeclarationRecord,
  DynamicImportRecord,
  ExportEntry,
  ExportStatement,
  ImportRecord,
  ModuleOutline,
} from '../typescript-outline.js';
import { stringLiteral } from '../typescript-outline.js';
import { BodyWalker } from './bodies.js';
import { HERITAGE, isReservedWord, STOP_AT_BRACE, STOP_AT_COMMA, type TokenWalker } from './token-walk.js';
import { Decline, IDENT, PUNCT, STRING, TEMPLATE, tokenize } from './tokenizer.js';

export type ScanResult = { outline: ModuleOutline } | { declined: string; offset?: number };

/** The outline of a file, or why the scanner will not answer for it. */
export function scanModule(path: string, text: string): ScanResult {
  if (/\.[jt]sx$/.test(path)) return { declined: 'JSX file' };
  const typescript = /\.[cm]?ts$/.test(path);
  try {
    const tokens = tokenize(text, !typescript);
    const scanner = new ModuleScanner(text, tokens, typescript, {
      script: path.endsWith('.cjs'),
      ambient: /\.d\.[cm]?ts$/.test(path),
    });
    return { outline: scanner.scan(tokens.comments) };
  } catch (error) {
    if (error instanceof Decline) return { declined: error.message, offset: error.offset };
    // Walking is recursive: very deep nesting is left to oxc.
    if (error instanceof RangeError) return { declined: 'nesting too deep' };
    throw error;
  }
}

/** The outline when the scanner is certain of it, else undefined (parse with oxc). */
export function scanTypeScript(path: string, text: string): ModuleOutline | undefined {
  const result = scanModule(path, text);
  return 'outline' in result ? result.outline : undefined;
}

interface Declarator {
  name: string | undefined;
  start: number;
  end: number;
  /** Tokens of the value, [first, last). */
  init: [number, number] | undefined;
  next: number;
}

/** Where a declaration sits: its statement, whether it is exported, and how. */
interface Placement {
  /** Token index of the statement (`export`, `declare` or the keyword). */
  statement: number;
  /** Token index the export entry starts at (after `export` / `export default`). */
  entry: number;
  exported: boolean;
  isDefault: boolean;
  declare: boolean;
}

const DECLARE_FOLLOWERS = new Set([
  'const',
  'let',
  'var',
  'function',
  'async',
  'class',
  'abstract',
  'enum',
  'namespace',
  'module',
  'global',
  'interface',
  'type',
]);

const EXPORTS_PROPERTY = /^(module\.)?exports\.[\w$]+$/;

interface ImportBinding {
  local: string;
  /** `default`, `*` or the imported name. */
  imported: string;
  isType: boolean;
}

class ModuleScanner extends BodyWalker {
  private readonly imports: ImportRecord[] = [];
  private readonly exports: ExportStatement[] = [];
  /** Bindings of each import declaration: `export { x }` of one is a re-export in oxc's module record. */
  private readonly importBindings: Array<{ record: ImportRecord; bindings: ImportBinding[] }> = [];
  /** `export { ... }` statements without `from`. */
  private readonly localExportLists = new Set<ExportStatement>();
  private readonly declarations: DeclarationRecord[] = [];
  private readonly assignments: AssignmentRecord[] = [];
  private defaultExports = 0;
  /** Where the statement being scanned starts (after decorators of `@d export class`, as in oxc). */
  private statementStart = 0;
  /** Whether the statement just scanned counts as declaring (not an import or expression statement). */
  private declares = true;

  constructor(
    text: string,
    tokens: ConstructorParameters<typeof TokenWalker>[1],
    typescript: boolean,
    /** `script`: CommonJS, no import or export declarations; `ambient`: a declaration file. */
    private readonly file: { script: boolean; ambient: boolean },
  ) {
    super(text, tokens, typescript);
  }

  scan(comments: ModuleOutline['comments']): ModuleOutline {
    let firstStatement: ModuleOutline['firstStatement'];
    for (let index = 0; index < this.count; ) {
      this.statementStart = this.start[index]!;
      this.declares = true;
      index = this.statement(index);
      firstStatement ??= { start: this.statementStart, declares: this.declares };
    }
    return {
      comments,
      imports: this.imports,
      exports: this.moduleRecordExports(),
      dynamicImports: this.dynamicImports(),
      declarations: this.declarations,
      assignments: this.assignments,
      firstStatement,
    };
  }

  // ---------------------------------------------------------------- statements

  private statement(index: number): number {
    if (this.kind[index] === PUNCT) {
      if (this.isPunct(index, '{')) return this.plainStatement(index);
      if (this.isPunct(index, ';')) return this.plainStatement(index);
      if (this.isPunct(index, '@')) return this.decoratedStatement(index);
      if (this.isPunct(index, '(') && (this.isWord(index + 1, 'module') || this.isWord(index + 1, 'exports')))
        this.decline('parenthesized assignment target');
      return this.expressionStatement(index);
    }
    if (this.kind[index] !== IDENT) return this.expressionStatement(index);
    const placement = { statement: index, entry: index, exported: false, isDefault: false, declare: false };
    switch (this.word(index)) {
      case 'import':
        if (this.isPunct(index + 1, '(') || this.isPunct(index + 1, '.'))
          return this.expressionStatement(index);
        return this.importDeclaration(index);
      case 'export':
        return this.exportStatement(index);
      case 'function':
      case 'class':
      case 'const':
      case 'var':
      case 'enum':
        return this.declaration(index, placement);
      case 'async':
        if (this.isWord(index + 1, 'function') && this.sameLine(index + 1))
          return this.declaration(index, placement);
        return this.expressionStatement(index);
      case 'let':
        if (
          !this.sameLine(index + 1) ||
          !(this.isIdentifier(index + 1) || this.isPunct(index + 1, '{') || this.isPunct(index + 1, '['))
        )
          this.decline('`let` as an identifier');
        return this.declaration(index, placement);
      case 'abstract':
      case 'interface':
      case 'type':
      case 'namespace':
      case 'module':
      case 'declare':
        return this.startsContextualDeclaration(index)
          ? this.declaration(index, placement)
          : this.expressionStatement(index);
      case 'for':
        // oxc reports `for await` at the top level of a file it reads as a script.
        if (this.isWord(index + 1, 'await')) this.decline('top-level `for await`');
        return this.plainStatement(index);
      case 'if':
      case 'while':
      case 'do':
      case 'try':
      case 'switch':
      case 'throw':
        return this.plainStatement(index);
      case 'using':
      case 'global':
        if (this.sameLine(index + 1) && !this.isPunct(index + 1, '.') && !this.isPunct(index + 1, '('))
          this.decline(`\`${this.word(index)}\` statement`);
        return this.expressionStatement(index);
      case 'return':
      case 'with':
      case 'break':
      case 'continue':
        return this.decline(`top-level \`${this.word(index)}\``);
      default:
        if (this.isPunct(index + 1, ':')) return this.plainStatement(index);
        return this.expressionStatement(index);
    }
  }

  /** A statement that declares nothing (a block, loop, `if`, label, `throw`): walked, not recorded. */
  private plainStatement(index: number): number {
    if (this.file.ambient) this.decline('statement in a declaration file', index);
    return this.walkStatement(index);
  }

  /**
   * `@d class C` (the statement starts at the decorator) or `@d export class C` (it starts at
   * `export`, and the decorators belong to neither the statement nor the declaration).
   */
  private decoratedStatement(index: number): number {
    const next = this.skipDecorators(index);
    const placement = { statement: index, entry: next, exported: false, isDefault: false, declare: false };
    if (this.isWord(next, 'export')) {
      const declaration = this.isWord(next + 1, 'default') ? next + 2 : next + 1;
      if (!this.isWord(declaration, 'class') && !this.isWord(declaration, 'abstract'))
        this.decline('decorator before a declaration that is not a class', index);
      this.statementStart = this.start[next]!;
      return this.exportStatement(next);
    }
    if (!this.isWord(next, 'class') && !(this.isWord(next, 'abstract') && this.isWord(next + 1, 'class')))
      this.decline('decorator before a declaration that is not a class', index);
    return this.classDeclaration(next, placement);
  }

  /** `interface X`, `type X =`, `namespace X`, `declare ...`: keywords that are also identifiers. */
  private startsContextualDeclaration(index: number): boolean {
    const next = index + 1;
    if (!this.sameLine(next)) return false;
    let declaration: boolean;
    switch (this.word(index)) {
      case 'abstract':
        declaration = this.isWord(next, 'class');
        break;
      case 'type':
        declaration = this.isIdentifier(next) && (this.isPunct(next + 1, '=') || this.isPunct(next + 1, '<'));
        break;
      case 'module':
        declaration = this.isIdentifier(next) || this.kind[next] === STRING;
        break;
      case 'declare':
        declaration = this.isIdentifier(next) && DECLARE_FOLLOWERS.has(this.word(next));
        break;
      default:
        declaration = this.isIdentifier(next);
    }
    if (declaration && !this.typescript) this.decline('TypeScript declaration in a JavaScript file');
    return declaration;
  }

  private expressionStatement(index: number): number {
    this.declares = false;
    if (this.file.ambient) this.decline('statement in a declaration file', index);
    const target = this.assignmentTarget(index);
    if (!target) return this.finishStatement(this.walkExpression(index, 0));
    const valueStart = target.next;
    const valueEnd = this.walkExpression(valueStart, STOP_AT_COMMA);
    if (this.isPunct(valueEnd, ',')) return this.finishStatement(this.walkExpression(valueEnd + 1, 0));
    const next = this.finishStatement(valueEnd);
    const end = this.statementEnd;
    const value = this.assignedValue(valueStart, valueEnd, target.path === 'module.exports');
    this.assignments.push({ start: this.start[index]!, end, target: target.path, value });
    return next;
  }

  /** `module.exports =`, `exports.x =`, `module.exports.x =` at `index`: the path and the value's index. */
  private assignmentTarget(index: number): { path: string; next: number } | undefined {
    if (!this.isWord(index, 'module') && !this.isWord(index, 'exports')) return undefined;
    let path = this.word(index);
    let cursor = index + 1;
    while (this.isPunct(cursor, '.') && this.isIdentifier(cursor + 1)) {
      path += `.${this.word(cursor + 1)}`;
      cursor += 2;
    }
    if (path !== 'module.exports' && !EXPORTS_PROPERTY.test(path)) return undefined;
    if (this.isPunct(cursor, '=')) return { path, next: cursor + 1 };
    const operator = this.kind[cursor] === PUNCT ? this.word(cursor) : '';
    if (operator.endsWith('=') && !/^[=!]=/.test(operator)) this.decline('compound assignment to exports');
    return undefined;
  }

  // ---------------------------------------------------------------- imports and exports

  private importDeclaration(index: number): number {
    this.declares = false;
    if (this.file.script) this.decline('import declaration in a CommonJS file');
    const start = this.start[index]!;
    let cursor = index + 1;
    if (this.kind[cursor] === STRING) {
      this.imports.push({ start, specifier: this.stringValue(cursor), names: [], typeNames: 0 });
      return this.finishStatement(this.importAttributes(cursor + 1));
    }
    const typeOnly = this.isTypeModifier(cursor);
    if (typeOnly) cursor++;
    const bindings: ImportBinding[] = [];
    if (
      (this.isIdentifier(cursor) && !this.isWord(cursor, 'from')) ||
      (this.isWord(cursor, 'from') && this.isWord(cursor + 1, 'from'))
    ) {
      if (this.isPunct(cursor + 1, '=')) return this.importEquals(cursor + 2);
      bindings.push({ local: this.bindingName(cursor), imported: 'default', isType: typeOnly });
      cursor++;
      if (this.isPunct(cursor, ',')) {
        if (typeOnly) this.decline('type-only import with default and named bindings');
        cursor++;
      } else if (!this.isWord(cursor, 'from')) this.decline('expected `from`', cursor);
    }
    if (this.isPunct(cursor, '*')) {
      if (!this.isWord(cursor + 1, 'as') || !this.isIdentifier(cursor + 2))
        this.decline('expected `* as name`');
      bindings.push({ local: this.bindingName(cursor + 2), imported: '*', isType: typeOnly });
      cursor += 3;
    } else if (this.isPunct(cursor, '{')) {
      this.eachSpecifier(cursor, (name, alias, isType) =>
        bindings.push({
          local: this.importedLocal(alias ?? name),
          imported: name,
          isType: typeOnly || isType,
        }),
      );
      cursor = this.after(cursor);
    }
    if (bindings.length === 0 && !this.isPunct(cursor - 1, '}')) this.decline('unrecognised import');
    if (!this.isWord(cursor, 'from') || this.kind[cursor + 1] !== STRING) this.decline('expected `from`');
    const record: ImportRecord = {
      start,
      specifier: this.stringValue(cursor + 1),
      names: bindings.map((binding) => binding.imported),
      typeNames: bindings.filter((binding) => binding.isType).length,
    };
    this.imports.push(record);
    this.importBindings.push({ record, bindings });
    return this.finishStatement(this.importAttributes(cursor + 2));
  }

  /** A local name in an import or export list: not a reserved word (nor a string). */
  private importedLocal(name: string): string {
    if (
      isReservedWord(name) ||
      /^['"]/.test(name) ||
      !/^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(name)
    )
      this.decline('expected a binding name');
    return name;
  }

  /** `import type X`, `import type { ... }`, `import type * as ns`: the `type` at `index` is a modifier. */
  private isTypeModifier(index: number): boolean {
    if (!this.isWord(index, 'type')) return false;
    const next = index + 1;
    if (this.isPunct(next, '{') || this.isPunct(next, '*')) return true;
    if (this.isWord(next, 'from')) return this.isWord(next + 1, 'from');
    return this.isIdentifier(next);
  }

  /** `import x = require('y')` / `import x = A.B`: no module record entry (the `require` is read from the text). */
  private importEquals(index: number): number {
    this.declares = true;
    if (!this.typescript) this.decline('import-equals in a JavaScript file');
    return this.finishStatement(this.walkExpression(index, 0));
  }

  /** Calls `visit` for each `[type] name [as alias]` between the braces at `open`. */
  private eachSpecifier(
    open: number,
    visit: (name: string, alias: string | undefined, isType: boolean, start: number) => void,
  ): void {
    const close = this.match[open]!;
    let cursor = open + 1;
    while (cursor < close) {
      const start = this.start[cursor]!;
      let isType = false;
      if (
        this.isWord(cursor, 'type') &&
        (this.isIdentifier(cursor + 1) || this.kind[cursor + 1] === STRING)
      ) {
        if (this.isWord(cursor + 1, 'as')) this.decline('`type as` in a specifier');
        isType = true;
        cursor++;
      }
      const name = this.moduleExportName(cursor);
      cursor++;
      let alias: string | undefined;
      if (this.isWord(cursor, 'as')) {
        alias = this.moduleExportName(cursor + 1);
        cursor += 2;
      }
      visit(name, alias, isType, start);
      if (cursor < close) cursor = this.expectPunct(cursor, ',') + 1;
    }
  }

  private moduleExportName(index: number): string {
    if (this.isIdentifier(index)) return this.word(index);
    if (this.kind[index] === STRING) return this.stringValue(index);
    return this.decline('expected a name in an import or export list');
  }

  /** Skips `with { type: 'json' }` (or `assert { ... }`) after a module specifier. */
  private importAttributes(index: number): number {
    if (
      (this.isWord(index, 'with') || (this.isWord(index, 'assert') && this.sameLine(index))) &&
      this.isPunct(index + 1, '{')
    )
      return this.after(index + 1);
    return index;
  }

  private exportStatement(index: number): number {
    if (this.file.script) this.decline('export declaration in a CommonJS file');
    const next = index + 1;
    const placement: Placement = {
      statement: index,
      entry: next,
      exported: true,
      isDefault: false,
      declare: false,
    };
    if (this.isWord(next, 'default')) return this.exportDefault(index, next + 1);
    if (this.isPunct(next, '=')) {
      if (!this.typescript) this.decline('`export =` in a JavaScript file');
      return this.finishStatement(this.walkExpression(next + 1, 0));
    }
    if (this.isWord(next, 'as') && this.isWord(next + 1, 'namespace') && this.isIdentifier(next + 2))
      return this.finishStatement(next + 3);
    if (this.isWord(next, 'import')) return this.exportImportEquals(index, next);
    const typeOnly =
      this.isWord(next, 'type') && (this.isPunct(next + 1, '{') || this.isPunct(next + 1, '*'));
    const list = typeOnly ? next + 1 : next;
    if (this.isPunct(list, '*')) return this.exportStar(index, list, typeOnly);
    if (this.isPunct(list, '{')) return this.exportList(list, typeOnly);
    if (!this.isIdentifier(next) && !this.isPunct(next, '@')) this.decline('unrecognised export');
    return this.declaration(next, placement);
  }

  private exportImportEquals(statement: number, index: number): number {
    if (!this.typescript || !this.isIdentifier(index + 1) || !this.isPunct(index + 2, '='))
      this.decline('unrecognised `export import`');
    const name = this.bindingName(index + 1);
    this.addExport(this.start[statement]!, [this.entry(this.start[index]!, name, name, false)]);
    return this.finishStatement(this.walkExpression(index + 3, 0));
  }

  private exportStar(statement: number, star: number, typeOnly: boolean): number {
    let cursor = star + 1;
    let name = '*';
    if (this.isWord(cursor, 'as')) {
      name = this.moduleExportName(cursor + 1);
      cursor += 2;
    }
    if (!this.isWord(cursor, 'from') || this.kind[cursor + 1] !== STRING) this.decline('expected `from`');
    const from = this.stringValue(cursor + 1);
    const start = this.start[statement]!;
    this.addExport(start, [{ start, name, local: undefined, from, imported: '*', isType: typeOnly }]);
    return this.finishStatement(this.importAttributes(cursor + 2));
  }

  private exportList(open: number, typeOnly: boolean): number {
    const specifiers: Array<{ name: string; alias: string | undefined; isType: boolean; start: number }> = [];
    this.eachSpecifier(open, (name, alias, isType, start) => specifiers.push({ name, alias, isType, start }));
    let cursor = this.after(open);
    let from: string | undefined;
    if (this.isWord(cursor, 'from') && this.kind[cursor + 1] === STRING) {
      from = this.stringValue(cursor + 1);
      cursor = this.importAttributes(cursor + 2);
    }
    const entries = specifiers.map(({ name, alias, isType, start }) => {
      const exported = alias ?? name;
      if (from === undefined)
        return this.entry(start, exported, this.importedLocal(name), typeOnly || isType);
      return { start, name: exported, local: undefined, from, imported: name, isType: typeOnly || isType };
    });
    const statement = { start: this.start[open - (typeOnly ? 2 : 1)]!, entries };
    this.exports.push(statement);
    if (from === undefined) this.localExportLists.add(statement);
    return this.finishStatement(cursor);
  }

  /**
   * Export statements as oxc's module record lists them: `export { x }` of an imported binding is
   * an indirect export, grouped under its import declaration; statements sorted by start.
   */
  private moduleRecordExports(): ExportStatement[] {
    if (this.localExportLists.size === 0 || this.importBindings.length === 0) return this.exports;
    const imported = new Map<string, ImportBinding & { record: ImportRecord }>();
    for (const { record, bindings } of this.importBindings)
      for (const binding of bindings) imported.set(binding.local, { ...binding, record });
    const groups = new Map<ImportRecord, ExportStatement>();
    const statements: ExportStatement[] = [];
    for (const statement of this.exports) {
      if (!this.localExportLists.has(statement)) {
        statements.push(statement);
        continue;
      }
      const local = statement.entries.filter((entry) => {
        const binding = imported.get(entry.local!);
        if (!binding) return true;
        const group = groups.get(binding.record) ?? { start: binding.record.start, entries: [] };
        groups.set(binding.record, group);
        group.entries.push({
          start: entry.start,
          name: entry.name,
          local: undefined,
          from: binding.record.specifier,
          imported: binding.imported,
          isType: entry.isType || binding.isType,
        });
        return false;
      });
      if (local.length > 0) statements.push({ start: statement.start, entries: local });
    }
    return [...statements, ...groups.values()].sort((a, b) => a.start - b.start);
  }

  private exportDefault(statement: number, index: number): number {
    const placement: Placement = { statement, entry: index, exported: true, isDefault: true, declare: false };
    if (
      this.isWord(index, 'function') ||
      this.isWord(index, 'class') ||
      (this.isWord(index, 'async') && this.isWord(index + 1, 'function') && this.sameLine(index + 1)) ||
      (this.isWord(index, 'abstract') && this.isWord(index + 1, 'class') && this.sameLine(index + 1)) ||
      (this.isWord(index, 'interface') && this.isIdentifier(index + 1) && this.sameLine(index + 1))
    ) {
      if (!this.typescript && (this.isWord(index, 'abstract') || this.isWord(index, 'interface')))
        this.decline('TypeScript declaration in a JavaScript file');
      return this.declaration(index, placement);
    }
    if (this.isPunct(index, '@')) {
      const keyword = this.skipDecorators(index);
      if (!this.isWord(keyword, 'class') && !this.isWord(keyword, 'abstract'))
        this.decline('unrecognised decorator');
      return this.classDeclaration(keyword, placement);
    }
    const end = this.walkExpression(index, 0);
    const [first] = this.unwrapParentheses(index, end);
    const start = this.start[first]!;
    this.countDefaultExport();
    this.addExport(this.start[statement]!, [
      this.entry(start, 'default', this.singleIdentifier(index, end), false),
    ]);
    return this.finishStatement(end);
  }

  private entry(start: number, name: string, local: string | undefined, isType: boolean): ExportEntry {
    return { start, name, local, from: undefined, imported: undefined, isType };
  }

  private countDefaultExport(): void {
    if (++this.defaultExports > 1) this.decline('more than one default export');
  }

  private addExport(start: number, entries: ExportEntry[]): void {
    this.exports.push({ start, entries });
  }

  /** Records the export entry of a declaration named `name`. */
  private exportDeclared(placement: Placement, name: string | undefined, isType: boolean): void {
    if (!placement.exported) return;
    const start = this.start[placement.entry]!;
    if (placement.isDefault) this.countDefaultExport();
    this.addExport(this.start[placement.statement]!, [
      {
        start,
        name: placement.isDefault ? 'default' : name!,
        local: name,
        from: undefined,
        imported: undefined,
        isType,
      },
    ]);
  }

  // ---------------------------------------------------------------- declarations

  private declaration(index: number, placement: Placement): number {
    if (this.isPunct(index, '@')) {
      const keyword = this.skipDecorators(index);
      if (!this.isWord(keyword, 'class') && !this.isWord(keyword, 'abstract'))
        this.decline('unrecognised decorator');
      return this.classDeclaration(keyword, placement);
    }
    switch (this.word(index)) {
      case 'function':
      case 'async':
        return this.functionDeclaration(index, placement);
      case 'class':
      case 'abstract':
        return this.classDeclaration(index, placement);
      case 'interface':
        return this.interfaceDeclaration(index, placement);
      case 'type':
        return this.typeAlias(index, placement);
      case 'enum':
        return this.enumDeclaration(index, placement);
      case 'const':
        if (this.isWord(index + 1, 'enum')) return this.enumDeclaration(index + 1, placement);
        return this.variableStatement(index, placement);
      case 'let':
      case 'var':
        return this.variableStatement(index, placement);
      case 'namespace':
      case 'module':
      case 'global':
        return this.namespaceDeclaration(index, placement);
      case 'declare':
        if (placement.declare || !this.typescript || !this.sameLine(index + 1))
          this.decline('unrecognised `declare`');
        return this.declaration(index + 1, { ...placement, declare: true });
      default:
        return this.decline(`unrecognised declaration \`${this.word(index)}\``);
    }
  }

  /** Inside a declaration file or a `declare` statement: no bodies, no initializers. */
  private ambient(placement: Placement): boolean {
    return this.file.ambient || placement.declare;
  }

  private addDeclaration(
    placement: Placement,
    name: string,
    kind: DeclarationRecord['kind'],
    end: number,
    bodyStart: number | undefined,
  ): void {
    const start = this.start[placement.statement]!;
    this.declarations.push({ name, kind, start, end, bodyStart, exported: placement.exported });
  }

  private functionDeclaration(index: number, placement: Placement): number {
    const { name, next } = this.functionHeader(index);
    if (name === undefined && !placement.isDefault) this.decline('function without a name');
    let after: number;
    let end: number;
    let bodyStart: number | undefined;
    if (this.isPunct(next, '{')) {
      if (this.ambient(placement)) this.decline('function body in an ambient context', next);
      bodyStart = this.start[next];
      after = this.walkFunctionBody(next);
      end = this.end[after - 1]!;
    } else {
      if (!this.typescript) this.decline('function without a body in a JavaScript file');
      after = this.finishStatement(next);
      end = this.statementEnd;
    }
    // A default export without a body (an overload) is no symbol in the oxc path, and type-only.
    const overload = bodyStart === undefined && placement.isDefault;
    if (!overload) this.addDeclaration(placement, name ?? 'default', 'function', end, bodyStart);
    this.exportDeclared(placement, name, placement.declare || overload);
    return after;
  }

  private classDeclaration(index: number, placement: Placement): number {
    const abstract = this.isWord(index, 'abstract');
    if (abstract && !this.typescript) this.decline('abstract class in a JavaScript file');
    const keyword = abstract ? index + 1 : index;
    const { name, body } = this.classHeader(keyword);
    if (name === undefined && !placement.isDefault) this.decline('class without a name');
    const className = name ?? 'default';
    const { exported } = placement;
    this.addDeclaration(placement, className, 'class', this.end[this.match[body]!]!, this.start[body]);
    const after = this.walkClass(
      keyword,
      (method, start, end, bodyStart) =>
        this.declarations.push({
          name: method,
          kind: 'method',
          start,
          end,
          bodyStart,
          exported,
          container: className,
        }),
      this.ambient(placement),
    );
    this.exportDeclared(placement, name, placement.declare || (placement.isDefault && abstract));
    return after;
  }

  private interfaceDeclaration(index: number, placement: Placement): number {
    if (!this.isIdentifier(index + 1)) this.decline('interface without a name');
    const name = this.bindingName(index + 1);
    let cursor = index + 2;
    if (this.isPunct(cursor, '<')) cursor = this.skipAngles(cursor);
    if (this.isWord(cursor, 'extends')) cursor = this.walkType(cursor + 1, STOP_AT_BRACE | HERITAGE);
    const body = this.expectPunct(cursor, '{');
    const after = this.walkTypeMembers(body);
    if (!placement.isDefault)
      this.addDeclaration(placement, name, 'interface', this.end[after - 1]!, this.start[body]);
    this.exportDeclared(placement, name, true);
    return after;
  }

  private typeAlias(index: number, placement: Placement): number {
    const name = this.bindingName(index + 1);
    let cursor = index + 2;
    if (this.isPunct(cursor, '<')) cursor = this.skipAngles(cursor);
    const next = this.finishStatement(this.walkType(this.expectPunct(cursor, '=') + 1, 0));
    const end = this.statementEnd;
    this.addDeclaration(placement, name, 'type', end, undefined);
    this.exportDeclared(placement, name, true);
    return next;
  }

  private enumDeclaration(index: number, placement: Placement): number {
    if (!this.typescript) this.decline('enum in a JavaScript file');
    if (!this.isIdentifier(index + 1)) this.decline('enum without a name');
    const name = this.bindingName(index + 1);
    const body = this.expectPunct(index + 2, '{');
    const after = this.after(body);
    this.addDeclaration(placement, name, 'enum', this.end[after - 1]!, this.start[body]);
    this.exportDeclared(placement, name, placement.declare);
    return after;
  }

  private namespaceDeclaration(index: number, placement: Placement): number {
    if (!this.typescript) this.decline('namespace in a JavaScript file');
    let cursor = index + 1;
    let name: string | undefined;
    if (this.isWord(index, 'global')) {
      if (!placement.declare) this.decline('`global` without `declare`');
      name = 'global';
    } else if (this.kind[cursor] === STRING) {
      name = this.stringValue(cursor++);
    } else if (this.isIdentifier(cursor)) {
      name = this.word(cursor++);
      while (this.isPunct(cursor, '.') && this.isIdentifier(cursor + 1)) {
        if (placement.exported) this.decline('exported dotted namespace');
        name = undefined;
        cursor += 2;
      }
    } else this.decline('namespace without a name');
    let after: number;
    let end: number;
    let bodyStart: number | undefined;
    if (this.isPunct(cursor, '{')) {
      bodyStart = this.start[cursor];
      // A `declare module 'x'` body may import and export like a file; it is not walked.
      after =
        this.kind[index + 1] === STRING
          ? this.after(cursor)
          : this.walkNamespaceBody(cursor, this.ambient(placement));
      end = this.end[after - 1]!;
    } else {
      after = this.finishStatement(cursor);
      end = this.statementEnd;
    }
    if (name) this.addDeclaration(placement, name, 'module', end, bodyStart);
    this.exportDeclared(placement, name, placement.declare);
    return after;
  }

  private variableStatement(index: number, placement: Placement): number {
    const keyword = this.word(index);
    const declarators: Declarator[] = [];
    let cursor = index;
    do {
      const declarator = this.declarator(cursor + 1, keyword, placement);
      declarators.push(declarator);
      cursor = declarator.next;
    } while (this.isPunct(cursor, ','));
    const next = this.finishStatement(cursor);
    this.recordVariables(declarators, keyword, placement);
    return next;
  }

  /** `name[!][: type][= value]` or a destructuring pattern, up to the `,` or the statement's end. */
  private declarator(first: number, keyword: string, placement: Placement): Declarator {
    let cursor = first;
    let name: string | undefined;
    if (this.isIdentifier(cursor)) name = this.bindingName(cursor++);
    else if (this.isPunct(cursor, '{') || this.isPunct(cursor, '[')) {
      if (placement.exported) this.decline('exported destructuring', cursor);
      cursor = this.isPunct(cursor, '{') ? this.walkObject(cursor) : this.walkList(cursor, true);
    } else this.decline('unrecognised variable declaration', cursor);
    if (this.isPunct(cursor, '!')) cursor++;
    if (this.isPunct(cursor, ':')) cursor = this.walkType(cursor + 1, 0);
    let init: [number, number] | undefined;
    if (this.isPunct(cursor, '=')) {
      if (keyword !== 'const' && this.ambient(placement))
        this.decline('initializer in an ambient context', cursor);
      const end = this.walkExpression(cursor + 1, STOP_AT_COMMA);
      init = [cursor + 1, end];
      cursor = end;
    } else if ((keyword === 'const' && !this.ambient(placement)) || name === undefined)
      this.decline('declaration without a value', cursor);
    return { name, start: this.start[first]!, end: this.end[cursor - 1]!, init, next: cursor };
  }

  /**
   * Symbols of the declarators with a name (a lone declarator spans its statement, as in oxc) and,
   * when exported, one export entry each.
   */
  private recordVariables(declarators: Declarator[], keyword: string, placement: Placement): void {
    const single = declarators.length === 1;
    for (const declarator of declarators) {
      if (declarator.name === undefined) continue;
      const value = declarator.init && this.assignedValue(declarator.init[0], declarator.init[1], false);
      this.declarations.push({
        name: declarator.name,
        kind: value?.kind === 'function' ? 'function' : keyword === 'const' ? 'const' : 'variable',
        start: single ? this.start[placement.statement]! : declarator.start,
        end: single ? this.statementEnd : declarator.end,
        bodyStart: value?.kind === 'function' || value?.kind === 'class' ? value.bodyStart : undefined,
        exported: placement.exported,
      });
    }
    if (!placement.exported) return;
    const start = this.start[placement.entry]!;
    const entries = declarators.map(({ name }) => this.entry(start, name!, name, placement.declare));
    this.addExport(this.start[placement.statement]!, entries);
  }

  // ---------------------------------------------------------------- dynamic imports

  /** Every `import('x')` call, as oxc records them (not `import('x')` types in TypeScript). */
  private dynamicImports(): DynamicImportRecord[] {
    const imports: DynamicImportRecord[] = [];
    for (let index = 0; index < this.count - 1; index++) {
      if (this.kind[index] !== IDENT || this.end[index]! - this.start[index]! !== 6) continue;
      if (!this.isWord(index, 'import') || !this.isPunct(index + 1, '(')) continue;
      if (index > 0 && (this.isPunct(index - 1, '.') || this.isPunct(index - 1, '?.'))) continue;
      // Only a string-literal specifier becomes a fact, so any other `import(` (a call with a
      // computed specifier, a method named `import`) needs no decision.
      const argument = index + 2;
      if (this.isPunct(argument, '(')) this.decline('parenthesized import specifier');
      const literal =
        (this.kind[argument] === STRING || this.kind[argument] === TEMPLATE) &&
        (this.isPunct(argument + 1, ')') || this.isPunct(argument + 1, ','));
      const specifier = literal ? stringLiteral(this.word(argument)) : undefined;
      if (specifier !== undefined && this.isImportCall(index))
        imports.push({ start: this.start[index]!, specifier });
    }
    return imports;
  }

  /** Whether `import('x')` at `index` is a call rather than an `import('x')` type (TypeScript). */
  private isImportCall(index: number): boolean {
    const after = this.after(index + 1);
    const previous = index - 1;
    if (this.isPunct(after, '{')) this.decline('`import(...)` before `{`');
    if (!this.typescript) return true;
    if (this.isPunct(after, ':') && !this.isPunct(previous, '?')) this.decline('`import(...)` before `:`');
    if (this.isWord(previous, 'typeof')) return false;
    if (this.isPunct(after, '.') && this.isIdentifier(after + 1)) {
      const member = this.word(after + 1);
      if (member === 'then' || member === 'catch' || member === 'finally') return true;
      return ['await', 'return', 'void', 'yield'].some((word) => this.isWord(previous, word));
    }
    if (previous < 0) return true;
    if (
      ['<', '|', '&', ':'].some((punct) => this.isPunct(previous, punct)) ||
      ['extends', 'keyof', 'is'].some((word) => this.isWord(previous, word)) ||
      (this.isPunct(previous, '=') && (this.isPunct(previous - 1, '>') || this.isWord(previous - 2, 'type')))
    )
      this.decline('`import(...)` that may be a type');
    return true;
  }
}
