/**
 * The oxc path of the TypeScript adapter: parse with oxc, then read imports and exports from its
 * module record and declarations from the top level of its AST (and class members) into a
 * `ModuleOutline`. Used for every file the fast scanner declines.
 */
import { parseSync } from 'oxc-parser';
import { LineMap, oneLine } from '../lines.js';
import type { FileFacts, SymbolKind } from '../types.js';
import { emptyFacts } from './adapter.js';
import { derivedSummary } from './summary.js';
import type { SourceComment } from './typescript-comments.js';
import { lexicalFacts } from './typescript-line-fallback.js';
import {
  type AssignedProperty,
  type AssignedValue,
  type AssignmentRecord,
  type DeclarationRecord,
  type ExportStatement,
  factsFromOutline,
  type ImportRecord,
  type ModuleOutline,
  stringLiteral,
} from './typescript-outline.js';

// The oxc AST is ESTree plus TypeScript nodes; only the fields read here are typed.
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function extractWithOxc(path: string, text: string): FileFacts {
  const result = parseSync(path, text, { preserveParens: false });
  const body = result.program.body as unknown as AstNode[];
  const diagnostics: FileFacts['diagnostics'] = [];
  if (result.errors.length > 0) {
    const lines = new LineMap(text);
    for (const error of result.errors.slice(0, 5)) {
      const offset = error.labels[0]?.start ?? 0;
      diagnostics.push({ line: lines.lineOf(offset), message: oneLine(error.message, 200) });
    }
  }
  if (result.errors.length > 0 && body.length === 0) return lexicalFallback(text, diagnostics);
  const comments = (result.comments as SourceComment[]).map(({ type, start, end }) => ({ type, start, end }));
  const outline = outlineOf(body, result.module as unknown as ModuleRecord, comments, text);
  const facts = factsFromOutline(path, text, outline);
  facts.diagnostics = diagnostics;
  if (result.errors.length > 0) facts.confidence = 'partial';
  return facts;
}

/** oxc gives no AST at all: keep what a line-oriented scan can still see. */
function lexicalFallback(text: string, diagnostics: FileFacts['diagnostics']): FileFacts {
  const facts = emptyFacts(text, 'failed');
  facts.diagnostics = diagnostics;
  lexicalFacts(text, facts);
  facts.confidence = facts.imports.length + facts.symbols.length > 0 ? 'partial' : 'failed';
  facts.summary = { source: 'derived', text: derivedSummary(facts, facts.symbols) };
  return facts;
}

function outlineOf(
  body: AstNode[],
  record: ModuleRecord,
  comments: SourceComment[],
  text: string,
): ModuleOutline {
  const declarations: DeclarationRecord[] = [];
  for (const statement of body) collectStatement(statement, declarations);
  const first = body[0];
  return {
    comments,
    imports: importsOf(record),
    exports: exportsOf(record),
    dynamicImports: record.dynamicImports.map((dynamic) => ({
      start: dynamic.start,
      specifier: stringLiteral(text.slice(dynamic.moduleRequest.start, dynamic.moduleRequest.end)),
    })),
    declarations,
    assignments: assignmentsOf(body),
    firstStatement: first && {
      start: first.start,
      declares: first.type !== 'ImportDeclaration' && first.type !== 'ExpressionStatement',
    },
  };
}

// ---------------------------------------------------------------- module record

interface RecordName {
  kind: string;
  name: string | null;
}

interface ModuleRecord {
  staticImports: Array<{
    start: number;
    moduleRequest: { value: string };
    entries: Array<{ importName: RecordName; isType: boolean }>;
  }>;
  staticExports: Array<{
    start: number;
    entries: Array<{
      start: number;
      moduleRequest: { value: string } | null;
      importName: RecordName;
      exportName: RecordName;
      localName: RecordName;
      isType: boolean;
    }>;
  }>;
  dynamicImports: Array<{ start: number; moduleRequest: { start: number; end: number } }>;
}

function importsOf(record: ModuleRecord): ImportRecord[] {
  return record.staticImports.map((statement) => ({
    start: statement.start,
    specifier: statement.moduleRequest.value,
    names: statement.entries.map((entry) => importedName(entry.importName)),
    typeNames: statement.entries.filter((entry) => entry.isType).length,
  }));
}

function exportsOf(record: ModuleRecord): ExportStatement[] {
  return record.staticExports.map((statement) => ({
    start: statement.start,
    entries: statement.entries.map((entry) => ({
      start: entry.start,
      name: entry.exportName.kind === 'Default' ? 'default' : (entry.exportName.name ?? '*'),
      local: entry.localName.name ?? undefined,
      from: entry.moduleRequest?.value,
      imported: entry.moduleRequest ? importedName(entry.importName) : undefined,
      isType: entry.isType,
    })),
  }));
}

function importedName(name: RecordName): string {
  if (name.kind === 'Default') return 'default';
  if (name.kind === 'NamespaceObject' || name.kind === 'All' || name.kind === 'AllButDefault') return '*';
  return name.name ?? '*';
}

// ---------------------------------------------------------------- CommonJS

function assignmentsOf(body: AstNode[]): AssignmentRecord[] {
  const assignments: AssignmentRecord[] = [];
  for (const statement of body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const expression = statement.expression as AstNode;
    if (expression.type !== 'AssignmentExpression') continue;
    const target = memberPath(expression.left as AstNode);
    if (!target) continue;
    const value = assignedValue(expression.right as AstNode);
    assignments.push({ start: statement.start, end: statement.end, target, value });
  }
  return assignments;
}

function assignedValue(node: AstNode): AssignedValue {
  if (node.type === 'ObjectExpression')
    return { kind: 'object', properties: (node.properties as AstNode[]).map(assignedProperty) };
  if (isFunctionLike(node) || node.type === 'ClassExpression') {
    const id = (node.id as AstNode | null | undefined)?.name as string | undefined;
    return { kind: isFunctionLike(node) ? 'function' : 'class', id, bodyStart: bodyStartOf(node) };
  }
  if (node.type === 'Identifier') return { kind: 'identifier', name: node.name as string };
  return { kind: 'other' };
}

function assignedProperty(property: AstNode): AssignedProperty {
  const value = property.value as AstNode | undefined;
  return {
    start: property.start,
    name: propertyName(property),
    local: value?.type === 'Identifier' ? (value.name as string) : undefined,
  };
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

// ---------------------------------------------------------------- declarations

function collectStatement(statement: AstNode, declarations: DeclarationRecord[]): void {
  switch (statement.type) {
    case 'ExportNamedDeclaration':
      if (statement.declaration)
        collectDeclaration(statement.declaration as AstNode, declarations, true, statement);
      return;
    case 'ExportDefaultDeclaration': {
      const declaration = statement.declaration as AstNode;
      if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
        collectDeclaration(declaration, declarations, true, statement, 'default');
      }
      return;
    }
    default:
      collectDeclaration(statement, declarations, false, statement);
  }
}

const DECLARATION_KINDS: Record<string, SymbolKind> = {
  FunctionDeclaration: 'function',
  TSDeclareFunction: 'function',
  ClassDeclaration: 'class',
  TSInterfaceDeclaration: 'interface',
  TSTypeAliasDeclaration: 'type',
  TSEnumDeclaration: 'enum',
  TSModuleDeclaration: 'module',
};

function collectDeclaration(
  node: AstNode,
  declarations: DeclarationRecord[],
  exported: boolean,
  outer: AstNode,
  fallbackName?: string,
): void {
  if (node.type === 'VariableDeclaration') {
    collectVariables(node, declarations, exported, outer);
    return;
  }
  const kind = DECLARATION_KINDS[node.type];
  if (!kind) return;
  const name =
    kind === 'module' ? moduleName(node) : (((node.id as AstNode | null)?.name as string) ?? fallbackName);
  if (!name) return;
  declarations.push(declarationOf(name, kind, outer, node, exported));
  if (kind === 'class') collectClassMembers(node, name, declarations, exported);
}

function moduleName(node: AstNode): string {
  const id = node.id as AstNode;
  return id.type === 'Identifier' ? (id.name as string) : String(id.value ?? '');
}

function collectVariables(
  node: AstNode,
  declarations: DeclarationRecord[],
  exported: boolean,
  outer: AstNode,
): void {
  const declarators = node.declarations as AstNode[];
  for (const declarator of declarators) {
    const id = declarator.id as AstNode;
    if (id.type !== 'Identifier') continue;
    const init = declarator.init as AstNode | null;
    const kind: SymbolKind =
      init && isFunctionLike(init) ? 'function' : node.kind === 'const' ? 'const' : 'variable';
    const anchor = declarators.length === 1 ? outer : declarator;
    declarations.push(declarationOf(id.name as string, kind, anchor, init ?? declarator, exported));
  }
}

function collectClassMembers(
  node: AstNode,
  className: string,
  declarations: DeclarationRecord[],
  exported: boolean,
): void {
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
    const declaration = declarationOf(name, 'method', member, member.value as AstNode, exported);
    declaration.container = className;
    declarations.push(declaration);
  }
}

function declarationOf(
  name: string,
  kind: SymbolKind,
  outer: AstNode,
  inner: AstNode,
  exported: boolean,
): DeclarationRecord {
  return { name, kind, start: outer.start, end: outer.end, bodyStart: bodyStartOf(inner), exported };
}

/** Where the node's body starts: functions, classes, interfaces, enums, namespaces (else undefined). */
function bodyStartOf(node: AstNode): number | undefined {
  const body = (node.body ?? (node.value as AstNode | undefined)?.body) as AstNode | undefined;
  return body && typeof body.start === 'number' ? body.start : undefined;
}

function isFunctionLike(node: AstNode): boolean {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
}
