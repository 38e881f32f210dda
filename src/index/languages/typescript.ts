/**
 * TypeScript and JavaScript, parsed with oxc. Imports and exports come from oxc's module record;
 * symbols from the top level of the AST (and class members); `require`, routes and environment
 * reads from the text, outside comments.
 */
import { parseSync } from 'oxc-parser';
import { firstSentence, LineMap, oneLine } from '../lines.js';
import type { ExportFact, FileFacts, ImportFact, RouteFact, SymbolFact, SymbolKind } from '../types.js';
import { emptyFacts, type LanguageAdapter } from './adapter.js';
import { derivedSummary } from './summary.js';
import { lexicalFacts } from './typescript-lexical.js';
import { fileRoutes } from './web-routes.js';

// The oxc AST is ESTree plus TypeScript nodes; only the fields read here are typed.
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

interface Comment {
  type: 'Line' | 'Block';
  value: string;
  start: number;
  end: number;
}

interface Context {
  text: string;
  lines: LineMap;
  comments: Comment[];
  symbols: SymbolFact[];
  exportedLocals: Set<string>;
}

export const typescriptAdapter: LanguageAdapter = {
  id: 'typescript',
  languages: ['typescript', 'javascript'],
  version: 1,
  extract({ path, text }) {
    try {
      return extractTypeScript(path, text);
    } catch (error) {
      const facts = emptyFacts(text, 'failed');
      facts.diagnostics.push({ line: 1, message: `parser crashed: ${(error as Error).message}` });
      return facts;
    }
  },
};

function extractTypeScript(path: string, text: string): FileFacts {
  const result = parseSync(path, text, { preserveParens: false });
  const lines = new LineMap(text);
  const facts = emptyFacts(text, 'parsed');
  const comments = result.comments as Comment[];
  for (const error of result.errors.slice(0, 5)) {
    const offset = error.labels[0]?.start ?? 0;
    facts.diagnostics.push({ line: lines.lineOf(offset), message: oneLine(error.message, 200) });
  }
  const body = result.program.body as unknown as AstNode[];
  if (result.errors.length > 0 && body.length === 0) {
    lexicalFacts(text, facts);
    facts.confidence = facts.imports.length + facts.symbols.length > 0 ? 'partial' : 'failed';
    facts.summary = { text: derivedSummary(facts, facts.symbols), source: 'derived' };
    return facts;
  }
  if (result.errors.length > 0) facts.confidence = 'partial';

  facts.imports = collectImports(result.module, text, lines, comments);
  const context: Context = { text, lines, comments, symbols: [], exportedLocals: new Set() };
  facts.exports = collectExports(result.module, lines, context);
  for (const statement of body) collectStatement(statement, context, false);
  collectCommonJsExports(body, context, facts.exports);
  for (const symbol of context.symbols) if (context.exportedLocals.has(symbol.name)) symbol.exported = true;
  facts.symbols = context.symbols;
  facts.routes = [
    ...collectCallRoutes(text, lines, comments, facts.imports),
    ...fileRoutes(path, facts.exports),
  ];
  facts.env = collectEnvironmentReads(text, lines, comments);
  facts.summary = summarize(body, context, facts);
  return facts;
}

// ---------------------------------------------------------------- imports

interface ModuleRecord {
  staticImports: Array<{
    start: number;
    moduleRequest: { value: string };
    entries: Array<{ importName: { kind: string; name: string | null }; isType: boolean }>;
  }>;
  staticExports: Array<{
    start: number;
    entries: Array<{
      start: number;
      moduleRequest: { value: string } | null;
      importName: { kind: string; name: string | null };
      exportName: { kind: string; name: string | null };
      localName: { kind: string; name: string | null };
      isType: boolean;
    }>;
  }>;
  dynamicImports: Array<{ start: number; moduleRequest: { start: number; end: number } }>;
}

function collectImports(module: unknown, text: string, lines: LineMap, comments: Comment[]): ImportFact[] {
  const record = module as ModuleRecord;
  const imports: ImportFact[] = [];
  for (const statement of record.staticImports) {
    const entries = statement.entries;
    const typeOnly =
      entries.length > 0 && entries.every((entry) => entry.isType)
        ? true
        : isTypeImport(text, statement.start);
    imports.push({
      specifier: statement.moduleRequest.value,
      kind: 'static',
      typeOnly,
      names: entries.map((entry) => importedName(entry.importName)),
      line: lines.lineOf(statement.start),
    });
  }
  for (const statement of record.staticExports) {
    const first = statement.entries[0];
    if (!first?.moduleRequest) continue;
    imports.push({
      specifier: first.moduleRequest.value,
      kind: 'reexport',
      typeOnly: statement.entries.every((entry) => entry.isType),
      names: statement.entries.map((entry) => importedName(entry.importName)),
      line: lines.lineOf(statement.start),
    });
  }
  for (const dynamic of record.dynamicImports) {
    const literal = stringLiteral(text.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end));
    if (literal === undefined) continue;
    imports.push({
      specifier: literal,
      kind: 'dynamic',
      typeOnly: false,
      names: ['*'],
      line: lines.lineOf(dynamic.start),
    });
  }
  const requirePattern = /(?<![.\w$])require\s*\(\s*(['"`])([^'"`\n$]+)\1\s*\)/g;
  for (const match of text.matchAll(requirePattern)) {
    if (insideComment(comments, match.index)) continue;
    imports.push({
      specifier: match[2]!,
      kind: 'require',
      typeOnly: false,
      names: ['*'],
      line: lines.lineOf(match.index),
    });
  }
  return imports.sort((a, b) => a.line - b.line || compare(a.specifier, b.specifier));
}

function importedName(name: { kind: string; name: string | null }): string {
  if (name.kind === 'Default') return 'default';
  if (name.kind === 'NamespaceObject' || name.kind === 'All' || name.kind === 'AllButDefault') return '*';
  return name.name ?? '*';
}

function isTypeImport(text: string, start: number): boolean {
  return /^import\s+type\b/.test(text.slice(start, start + 20));
}

function stringLiteral(source: string): string | undefined {
  const match = /^\s*(['"`])([^'"`]*)\1\s*$/.exec(source);
  if (!match || (match[1] === '`' && match[2]!.includes('${'))) return undefined;
  return match[2];
}

// ---------------------------------------------------------------- exports

function collectExports(module: unknown, lines: LineMap, context: Context): ExportFact[] {
  const record = module as ModuleRecord;
  const exports: ExportFact[] = [];
  for (const statement of record.staticExports) {
    for (const entry of statement.entries) {
      const name = entry.exportName.kind === 'Default' ? 'default' : (entry.exportName.name ?? '*');
      const fact: ExportFact = { name, typeOnly: entry.isType, line: lines.lineOf(entry.start) };
      const local = entry.localName.name;
      if (local && local !== name) fact.local = local;
      if (local) context.exportedLocals.add(local);
      if (entry.moduleRequest) {
        fact.from = entry.moduleRequest.value;
        const imported = importedName(entry.importName);
        if (imported !== name) fact.local = imported;
      }
      exports.push(fact);
    }
  }
  return exports;
}

function collectCommonJsExports(body: AstNode[], context: Context, exports: ExportFact[]): void {
  for (const statement of body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const expression = statement.expression as AstNode;
    if (expression.type !== 'AssignmentExpression') continue;
    const target = memberPath(expression.left as AstNode);
    if (!target) continue;
    const line = context.lines.lineOf(statement.start);
    const right = expression.right as AstNode;
    if (target === 'module.exports') {
      if (right.type === 'ObjectExpression') {
        for (const property of right.properties as AstNode[]) {
          const name = propertyName(property);
          if (name) exports.push({ name, typeOnly: false, line: context.lines.lineOf(property.start) });
          const value = property.value as AstNode | undefined;
          if (value?.type === 'Identifier') context.exportedLocals.add(value.name as string);
        }
      } else {
        exports.push({ name: 'default', typeOnly: false, line });
        if (right.type === 'Identifier') context.exportedLocals.add(right.name as string);
      }
      if (isFunctionLike(right) || right.type === 'ClassExpression')
        addAssignedSymbol('default', right, statement, context);
    } else if (/^(module\.)?exports\.[\w$]+$/.test(target)) {
      const name = target.slice(target.lastIndexOf('.') + 1);
      exports.push({ name, typeOnly: false, line });
      if (isFunctionLike(right)) addAssignedSymbol(name, right, statement, context);
    }
  }
}

function addAssignedSymbol(name: string, value: AstNode, statement: AstNode, context: Context): void {
  if (name === 'default' && value.id) name = ((value.id as AstNode).name as string) ?? name;
  context.symbols.push(
    makeSymbol(name, isFunctionLike(value) ? 'function' : 'class', statement, context, true, value),
  );
}

function memberPath(node: AstNode): string | undefined {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type !== 'MemberExpression' || node.computed) return undefined;
  const object = memberPath(node.object as AstNode);
  const property = (node.property as AstNode).name as string | undefined;
  return object && property ? `${object}.${property}` : undefined;
}

function propertyName(property: AstNode): string | undefined {
  if (property.type !== 'Property') return undefined;
  const key = property.key as AstNode;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

// ---------------------------------------------------------------- symbols

function collectStatement(statement: AstNode, context: Context, exported: boolean): void {
  switch (statement.type) {
    case 'ExportNamedDeclaration':
      if (statement.declaration)
        collectDeclaration(statement.declaration as AstNode, context, true, statement);
      return;
    case 'ExportDefaultDeclaration': {
      const declaration = statement.declaration as AstNode;
      if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
        collectDeclaration(declaration, context, true, statement, 'default');
      }
      return;
    }
    default:
      collectDeclaration(statement, context, exported, statement);
  }
}

function collectDeclaration(
  node: AstNode,
  context: Context,
  exported: boolean,
  outer: AstNode,
  fallbackName?: string,
): void {
  const name = ((node.id as AstNode | null)?.name as string | undefined) ?? fallbackName;
  switch (node.type) {
    case 'FunctionDeclaration':
    case 'TSDeclareFunction':
      if (name) context.symbols.push(makeSymbol(name, 'function', outer, context, exported, node));
      return;
    case 'ClassDeclaration':
      if (!name) return;
      context.symbols.push(makeSymbol(name, 'class', outer, context, exported, node));
      collectClassMembers(node, name, context, exported);
      return;
    case 'TSInterfaceDeclaration':
      if (name) context.symbols.push(makeSymbol(name, 'interface', outer, context, exported, node));
      return;
    case 'TSTypeAliasDeclaration':
      if (name) context.symbols.push(makeSymbol(name, 'type', outer, context, exported, node));
      return;
    case 'TSEnumDeclaration':
      if (name) context.symbols.push(makeSymbol(name, 'enum', outer, context, exported, node));
      return;
    case 'TSModuleDeclaration': {
      const id = node.id as AstNode;
      const moduleName = id.type === 'Identifier' ? (id.name as string) : String(id.value ?? '');
      if (moduleName) context.symbols.push(makeSymbol(moduleName, 'module', outer, context, exported, node));
      return;
    }
    case 'VariableDeclaration':
      collectVariables(node, context, exported, outer);
      return;
    default:
      return;
  }
}

function collectVariables(node: AstNode, context: Context, exported: boolean, outer: AstNode): void {
  const declarations = node.declarations as AstNode[];
  for (const declarator of declarations) {
    const id = declarator.id as AstNode;
    if (id.type !== 'Identifier') continue;
    const init = declarator.init as AstNode | null;
    const kind: SymbolKind =
      init && isFunctionLike(init) ? 'function' : node.kind === 'const' ? 'const' : 'variable';
    const anchor = declarations.length === 1 ? outer : declarator;
    context.symbols.push(makeSymbol(id.name as string, kind, anchor, context, exported, init ?? declarator));
  }
}

function collectClassMembers(node: AstNode, className: string, context: Context, exported: boolean): void {
  const members = ((node.body as AstNode).body as AstNode[]) ?? [];
  for (const member of members) {
    if (member.type !== 'MethodDefinition' && member.type !== 'TSAbstractMethodDefinition') continue;
    const key = member.key as AstNode;
    const name =
      key.type === 'Identifier'
        ? (key.name as string)
        : key.type === 'PrivateIdentifier'
          ? `#${key.name}`
          : undefined;
    if (!name) continue;
    const symbol = makeSymbol(name, 'method', member, context, exported, member.value as AstNode);
    symbol.container = className;
    context.symbols.push(symbol);
  }
}

function isFunctionLike(node: AstNode): boolean {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
}

function makeSymbol(
  name: string,
  kind: SymbolKind,
  outer: AstNode,
  context: Context,
  exported: boolean,
  inner: AstNode,
): SymbolFact {
  const symbol: SymbolFact = {
    name,
    kind,
    line: context.lines.lineOf(outer.start),
    endLine: context.lines.lineOf(Math.max(outer.start, outer.end - 1)),
    signature: signatureOf(outer, inner, context.text),
    exported,
  };
  const doc = docCommentBefore(outer.start, context);
  if (doc) symbol.doc = doc;
  return symbol;
}

/** Text from the declaration's start to where its body begins (or its first line). */
function signatureOf(outer: AstNode, inner: AstNode, text: string): string {
  const body = (inner.body ?? (inner.value as AstNode | undefined)?.body) as AstNode | undefined;
  let end = outer.end;
  if (body && typeof body.start === 'number' && body.start > outer.start && body.type !== 'ClassBody')
    end = body.start;
  else if (body && body.type === 'ClassBody') end = body.start;
  const raw = text.slice(outer.start, Math.min(end, outer.start + 400));
  const firstLine = end === outer.end ? raw.split('\n', 1)[0]! : raw;
  return oneLine(firstLine.replace(/\s*[{=]\s*$/, '').replace(/\s*=>\s*$/, ' =>'), 160);
}

function docCommentBefore(start: number, context: Context): string | undefined {
  const comment = lastCommentBefore(start, context.comments);
  if (comment?.type !== 'Block' || !comment.value.startsWith('*')) return undefined;
  if (context.text.slice(comment.end, start).trim() !== '') return undefined;
  return firstSentence(comment.value);
}

function lastCommentBefore(offset: number, comments: Comment[]): Comment | undefined {
  let low = 0;
  let high = comments.length - 1;
  let found: Comment | undefined;
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

function insideComment(comments: Comment[], offset: number): boolean {
  let low = 0;
  let high = comments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const comment = comments[middle]!;
    if (offset < comment.start) high = middle - 1;
    else if (offset >= comment.end) low = middle + 1;
    else return true;
  }
  return false;
}

// ---------------------------------------------------------------- routes and environment

const ROUTE_FRAMEWORKS: Array<[RegExp, string]> = [
  [/^express$/, 'express'],
  [/^(@koa\/router|koa-router)$/, 'koa-router'],
  [/^hono(\/|$)/, 'hono'],
  [/^fastify$/, 'fastify'],
];

const ROUTE_CALL =
  /(?<![\w$])([A-Za-z_$][\w$]*)\s*\.\s*(get|post|put|patch|delete|del|head|options|all|use)\s*\(\s*(['"`])(\/[^'"`\n]*)\3/g;

function collectCallRoutes(
  text: string,
  lines: LineMap,
  comments: Comment[],
  imports: ImportFact[],
): RouteFact[] {
  const framework = imports
    .map((entry) => ROUTE_FRAMEWORKS.find(([pattern]) => pattern.test(entry.specifier))?.[1])
    .find((name) => name !== undefined);
  if (!framework) return [];
  const routes: RouteFact[] = [];
  for (const match of text.matchAll(ROUTE_CALL)) {
    if (insideComment(comments, match.index)) continue;
    const verb = match[2]!.toUpperCase();
    const method = verb === 'DEL' ? 'DELETE' : verb;
    routes.push({ method, path: match[4]!, framework, line: lines.lineOf(match.index) });
  }
  return routes;
}

const ENV_READ =
  /process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[\s*['"]([A-Za-z_][\w]*)['"]\s*\])|import\.meta\.env\.([A-Z_][A-Z0-9_]*)/g;

function collectEnvironmentReads(text: string, lines: LineMap, comments: Comment[]) {
  const reads: FileFacts['env'] = [];
  for (const match of text.matchAll(ENV_READ)) {
    if (insideComment(comments, match.index)) continue;
    const name = match[1] ?? match[2] ?? match[3];
    if (name) reads.push({ name, line: lines.lineOf(match.index) });
  }
  return reads;
}

// ---------------------------------------------------------------- summary

const LICENSE_WORDS = /copyright|license|licensed|spdx|all rights reserved/i;

function summarize(body: AstNode[], context: Context, facts: FileFacts): FileFacts['summary'] {
  const moduleDoc = leadingModuleComment(body, context);
  if (moduleDoc) return moduleDoc;
  const firstDocumented = context.symbols.find((symbol) => symbol.exported && symbol.doc);
  if (firstDocumented?.doc)
    return { text: firstDocumented.doc, source: 'symbol-doc', line: firstDocumented.line };
  return { text: derivedSummary(facts, context.symbols), source: 'derived' };
}

/** A comment at the top of the file that is not a license header and not the doc of the first declaration. */
function leadingModuleComment(body: AstNode[], context: Context): FileFacts['summary'] | undefined {
  const firstStatement = body[0]?.start ?? context.text.length;
  for (const comment of context.comments) {
    if (comment.start > firstStatement) break;
    if (
      LICENSE_WORDS.test(comment.value) ||
      /^\s*(eslint|@ts-|prettier|biome|#!|global )/.test(comment.value)
    )
      continue;
    const attached =
      context.text.slice(comment.end, firstStatement).trim() === '' && comment.end <= firstStatement;
    const statement = body[0];
    const declares = statement && !['ImportDeclaration', 'ExpressionStatement'].includes(statement.type);
    const isModuleTag = /@(module|file|fileoverview|packageDocumentation)\b/.test(comment.value);
    if (
      attached &&
      declares &&
      !isModuleTag &&
      !hasBlankLineBetween(context.text, comment.end, firstStatement)
    ) {
      return undefined;
    }
    const text = firstSentence(
      comment.value.replace(/@(module|file|fileoverview|packageDocumentation)\b\s*\S*/g, ''),
    );
    if (text && text.length >= 8)
      return { text, source: 'module-doc', line: context.lines.lineOf(comment.start) };
  }
  return undefined;
}

function hasBlankLineBetween(text: string, from: number, to: number): boolean {
  return /\n\s*\n/.test(text.slice(from, to));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
