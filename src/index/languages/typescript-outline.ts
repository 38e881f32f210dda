/**
 * What the TypeScript adapter needs from a parse, whichever parser produced it. The oxc path
 * (`typescript-oxc.ts`) and the fast scanner (`typescript-fast-path/top-level.ts`) both produce a `ModuleOutline`
 * (offsets into the text, nothing derived); `factsFromOutline` turns it into `FileFacts`. Everything
 * that is not parsing has this one implementation, so the two paths give identical facts.
 */
import { firstSentence, LineMap, oneLine } from '../lines.js';
import { symbolFact } from '../symbol-fact.js';
import type { ExportFact, FileFacts, ImportFact, SymbolFact, SymbolKind } from '../types.js';
import { emptyFacts } from './adapter.js';
import { summarize } from './summary.js';
import { commentValue, isBlank, type SourceComment } from './typescript-comments.js';
import { moduleDocComment } from './typescript-summary.js';
import { collectCallRoutes, collectEnvironmentReads, collectRequires } from './typescript-text.js';
import { fileRoutes } from './web-routes.js';

/** `import ... from 'x'`: one per declaration. */
export interface ImportRecord {
  start: number;
  specifier: string;
  /** Imported names: `default`, `*` or the name. */
  names: string[];
  /** How many of `names` are type-only (`import type`, `{ type A }`). */
  typeNames: number;
}

/** One exported binding, as oxc's module record describes it. */
export interface ExportEntry {
  start: number;
  /** Exported name: `default`, `*` for `export * from`, or the name. */
  name: string;
  /** The local binding it exports (`export { a as b }` -> `a`; `export default foo` -> `foo`). */
  local: string | undefined;
  /** Re-exports: the module and the name imported from it (`*` for namespace forms). */
  from: string | undefined;
  imported: string | undefined;
  isType: boolean;
}

export interface ExportStatement {
  start: number;
  entries: ExportEntry[];
}

export interface DynamicImportRecord {
  start: number;
  /** The specifier when it is a plain string literal, else undefined. */
  specifier: string | undefined;
}

/** A top-level declaration or class member that becomes a symbol. */
export interface DeclarationRecord {
  name: string;
  kind: SymbolKind;
  /** The statement (with `export`), the declarator, or the class member. */
  start: number;
  end: number;
  /** Where the body starts (`{`, or an arrow's expression): the signature stops there. */
  bodyStart: number | undefined;
  exported: boolean;
  container?: string;
}

export type AssignedValue =
  | { kind: 'object'; properties: AssignedProperty[] }
  | { kind: 'function' | 'class'; id: string | undefined; bodyStart: number | undefined }
  | { kind: 'identifier'; name: string }
  | { kind: 'other' };

export interface AssignedProperty {
  start: number;
  /** Identifier or string key; undefined for numeric, computed-expression and spread entries. */
  name: string | undefined;
  /** The value when it is a bare identifier. */
  local: string | undefined;
}

/** A top-level `<member path> = value` statement (`module.exports = ...`, `exports.x = ...`). */
export interface AssignmentRecord {
  start: number;
  end: number;
  target: string;
  value: AssignedValue;
}

export interface ModuleOutline {
  comments: SourceComment[];
  imports: ImportRecord[];
  exports: ExportStatement[];
  dynamicImports: DynamicImportRecord[];
  declarations: DeclarationRecord[];
  assignments: AssignmentRecord[];
  /** The first top-level statement; `declares` unless it is an import declaration or an expression. */
  firstStatement: { start: number; declares: boolean } | undefined;
}

interface Context {
  text: string;
  lines: LineMap;
  comments: SourceComment[];
  symbols: SymbolFact[];
  exportedLocals: Set<string>;
}

/** Facts of a file that parsed: `confidence` and `diagnostics` are the caller's. */
export function factsFromOutline(path: string, text: string, outline: ModuleOutline): FileFacts {
  const lines = new LineMap(text);
  const facts = emptyFacts(text, 'parsed', lines.lineCount);
  const context: Context = {
    text,
    lines,
    comments: outline.comments,
    symbols: [],
    exportedLocals: new Set(),
  };
  facts.imports = collectImports(outline, context);
  facts.exports = collectExports(outline.exports, context);
  for (const declaration of outline.declarations) context.symbols.push(makeSymbol(declaration, context));
  collectCommonJsExports(outline.assignments, context, facts.exports);
  for (const symbol of context.symbols) if (context.exportedLocals.has(symbol.name)) symbol.exported = true;
  facts.symbols = context.symbols;
  facts.routes = [
    ...collectCallRoutes(text, lines, outline.comments, facts.imports),
    ...fileRoutes(path, facts.exports),
  ];
  facts.env = collectEnvironmentReads(text, lines, outline.comments);
  facts.summary = summarize(path, facts, moduleDocComment(outline.firstStatement, context));
  return facts;
}

// ---------------------------------------------------------------- imports
// Facts are made with their keys in sorted order, as the index stores them (see makeSymbol).

function collectImports(outline: ModuleOutline, context: Context): ImportFact[] {
  const { text, lines } = context;
  const imports: ImportFact[] = [];
  for (const record of outline.imports) {
    const allTypes = record.names.length > 0 && record.typeNames === record.names.length;
    imports.push({
      kind: 'static',
      line: lines.lineOf(record.start),
      names: record.names,
      specifier: record.specifier,
      typeOnly: allTypes ? true : isTypeImport(text, record.start),
    });
  }
  for (const statement of outline.exports) {
    const from = statement.entries[0]?.from;
    if (from === undefined) continue;
    imports.push({
      kind: 'reexport',
      line: lines.lineOf(statement.start),
      names: statement.entries.map((entry) => entry.imported ?? '*'),
      specifier: from,
      typeOnly: statement.entries.every((entry) => entry.isType),
    });
  }
  for (const dynamic of outline.dynamicImports) {
    if (dynamic.specifier === undefined) continue;
    imports.push({
      kind: 'dynamic',
      line: lines.lineOf(dynamic.start),
      names: ['*'],
      specifier: dynamic.specifier,
      typeOnly: false,
    });
  }
  imports.push(...collectRequires(text, lines, context.comments));
  return imports.sort((a, b) => a.line - b.line || compare(a.specifier, b.specifier));
}

function isTypeImport(text: string, start: number): boolean {
  return /^import\s+type\b/.test(text.slice(start, start + 20));
}

/** A dynamic import's specifier when its source text is one string literal without substitutions. */
export function stringLiteral(source: string): string | undefined {
  const match = /^\s*(['"`])([^'"`]*)\1\s*$/.exec(source);
  if (!match || (match[1] === '`' && match[2]!.includes('${'))) return undefined;
  return match[2];
}

// ---------------------------------------------------------------- exports

function collectExports(statements: ExportStatement[], context: Context): ExportFact[] {
  const exports: ExportFact[] = [];
  for (const statement of statements) {
    for (const entry of statement.entries) {
      if (entry.local) context.exportedLocals.add(entry.local);
      exports.push(exportFact(entry, context.lines.lineOf(entry.start)));
    }
  }
  return exports;
}

/** One export entry's fact, its keys in sorted order (see makeSymbol), one literal per shape. */
function exportFact(entry: ExportEntry, line: number): ExportFact {
  const { from, name } = entry;
  const typeOnly = entry.isType;
  const ownLocal = entry.local && entry.local !== name ? entry.local : undefined;
  if (from === undefined)
    return ownLocal === undefined ? { line, name, typeOnly } : { line, local: ownLocal, name, typeOnly };
  // A re-export names what it takes from the module when that differs from what it exports.
  const imported = entry.imported ?? '*';
  const local = imported !== name ? imported : ownLocal;
  return local === undefined ? { from, line, name, typeOnly } : { from, line, local, name, typeOnly };
}

const EXPORTS_PROPERTY = /^(module\.)?exports\.[\w$]+$/;

function collectCommonJsExports(
  assignments: AssignmentRecord[],
  context: Context,
  exports: ExportFact[],
): void {
  for (const assignment of assignments) {
    const { target, value } = assignment;
    const line = context.lines.lineOf(assignment.start);
    if (target === 'module.exports') {
      if (value.kind === 'object') {
        for (const property of value.properties) {
          if (property.name)
            exports.push({
              commonjs: true,
              line: context.lines.lineOf(property.start),
              name: property.name,
              typeOnly: false,
            });
          if (property.local) context.exportedLocals.add(property.local);
        }
      } else {
        exports.push({ commonjs: true, line, name: 'default', typeOnly: false });
        if (value.kind === 'identifier') context.exportedLocals.add(value.name);
      }
      if (value.kind === 'function' || value.kind === 'class')
        addAssignedSymbol('default', value, assignment, context);
    } else if (EXPORTS_PROPERTY.test(target)) {
      const name = target.slice(target.lastIndexOf('.') + 1);
      exports.push({ commonjs: true, line, name, typeOnly: false });
      if (value.kind === 'function') addAssignedSymbol(name, value, assignment, context);
    }
  }
}

function addAssignedSymbol(
  name: string,
  value: AssignedValue & { kind: 'function' | 'class' },
  assignment: AssignmentRecord,
  context: Context,
): void {
  if (name === 'default' && value.id) name = value.id;
  const { start, end } = assignment;
  const declaration = { name, kind: value.kind, start, end, bodyStart: value.bodyStart, exported: true };
  context.symbols.push(makeSymbol(declaration, context));
}

// ---------------------------------------------------------------- symbols

function makeSymbol(declaration: DeclarationRecord, context: Context): SymbolFact {
  const { start, end, container, exported, kind, name } = declaration;
  const doc = docCommentBefore(start, context);
  const endLine = context.lines.lineOf(Math.max(start, end - 1));
  const line = context.lines.lineOf(start);
  const signature = signatureOf(context.text, start, end, declaration.bodyStart);
  return symbolFact({ container, doc, endLine, exported, kind, line, name, signature });
}

/** Text from the declaration's start to where its body begins (or its first line). */
function signatureOf(text: string, start: number, end: number, bodyStart: number | undefined): string {
  const stop = bodyStart ?? end;
  const raw = text.slice(start, Math.min(stop, start + 400));
  const firstLine = stop === end ? raw.split('\n', 1)[0]! : raw;
  return oneLine(withoutBodyOpener(firstLine), 160);
}

/**
 * The signature without a trailing `{` or `=` (and the spaces around it), an arrow's `=>` kept as
 * ` =>`: the replacements `\s*[{=]\s*$` -> `` then `\s*=>\s*$` -> ` =>`, done from the end (the
 * patterns retried their leading `\s*` at every offset of the 400-character slice).
 */
function withoutBodyOpener(text: string): string {
  let result = text;
  const trimmed = result.trimEnd();
  const last = trimmed.at(-1);
  if (last === '{' || last === '=') result = trimmed.slice(0, -1).trimEnd();
  const rest = result.trimEnd();
  if (rest.endsWith('=>')) result = `${rest.slice(0, -2).trimEnd()} =>`;
  return result;
}

function docCommentBefore(start: number, context: Context): string | undefined {
  const comment = lastCommentBefore(start, context.comments);
  if (comment?.type !== 'Block' || !isBlank(context.text, comment.end, start)) return undefined;
  const value = commentValue(context.text, comment);
  return value.startsWith('*') ? firstSentence(value) : undefined;
}

function lastCommentBefore(offset: number, comments: SourceComment[]): SourceComment | undefined {
  let low = 0;
  let high = comments.length - 1;
  let found: SourceComment | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const comment = comments[middle]!;
    if (comment.end <= offset) {
      found = comment;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
