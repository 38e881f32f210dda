/**
 * Go, parsed with tree-sitter. The package clause (a `module` symbol), imports (grouped,
 * aliased, dot and blank), functions, methods (the receiver type is the container), types
 * (struct, interface, other), interface methods, consts and vars; capitalised names are
 * exported; doc comments; `os.Getenv`/`os.LookupEnv`; routes registered with net/http
 * (`HandleFunc("GET /x", ...)`) and gin, echo, chi, fiber, gorilla/mux and httprouter calls.
 */
import { firstSentence, oneLine } from '../lines.js';
import type { FileFacts, ImportFact, RouteFact, SymbolFact, SymbolKind } from '../types.js';
import { summarize } from './summary.js';
import {
  commentsAbove,
  descendantsByType,
  exportsOf,
  isCapitalised,
  joinRoutePath,
  lineOf,
  type NodesOfType,
  type SyntaxNode,
  signatureOf,
  symbolAt,
  treeSitterAdapter,
} from './tree-sitter.js';
import { EXTRACTOR_VERSIONS } from './versions.js';

export const goAdapter = treeSitterAdapter({
  id: 'go',
  languages: ['go'],
  version: EXTRACTOR_VERSIONS.go,
  grammar: 'go',
  read(root, { path, text }, facts) {
    const specs = importSpecs(root);
    facts.imports = collectImports(specs);
    const symbols = collectSymbols(root, text);
    const packageSymbol = packageClause(root, text);
    facts.symbols = packageSymbol ? [packageSymbol, ...symbols] : symbols;
    facts.exports = exportsOf(symbols);
    const framework = routeFramework(facts.imports);
    const osNames = osAliases(specs);
    const types = framework || osNames.size > 0 ? ['call_expression'] : [];
    if (framework && text.includes('.Group(')) types.push('short_var_declaration', 'assignment_statement');
    const nodes = descendantsByType(root, types);
    facts.routes = framework ? collectRoutes(nodes, framework, facts.imports) : [];
    facts.env = collectEnvironmentReads(nodes, osNames);
    facts.summary = summarize(path, facts, packageDoc(root), symbols);
  },
});

// ---------------------------------------------------------------- imports

/** Import specs of the file's import declarations (Go allows them only at the top). */
function importSpecs(root: SyntaxNode): SyntaxNode[] {
  return root.namedChildren
    .filter((declaration) => declaration.type === 'import_declaration')
    .flatMap((declaration) => declaration.namedChildren)
    .flatMap((child) => (child.type === 'import_spec_list' ? child.namedChildren : [child]))
    .filter((spec) => spec.type === 'import_spec');
}

/** One fact per import spec; names are `['*']` (the package), `[]` for blank (side-effect) imports. */
function collectImports(specs: SyntaxNode[]): ImportFact[] {
  const imports: ImportFact[] = [];
  for (const spec of specs) {
    const specifier = stringLiteral(spec.childForFieldName('path'));
    if (specifier === undefined) continue;
    const alias = spec.childForFieldName('name');
    imports.push({
      kind: 'static',
      line: lineOf(spec),
      names: alias?.type === 'blank_identifier' ? [] : ['*'],
      specifier,
      typeOnly: false,
    });
  }
  return imports;
}

// ---------------------------------------------------------------- symbols

function packageClause(root: SyntaxNode, text: string): SymbolFact | undefined {
  const clause = root.namedChildren.find((child) => child.type === 'package_clause');
  const name = clause?.namedChildren.find((child) => child.type === 'package_identifier')?.text;
  if (!clause || !name) return undefined;
  return symbolAt(clause, { name, kind: 'module', signature: signatureOf(text, clause), exported: false });
}

function collectSymbols(root: SyntaxNode, text: string): SymbolFact[] {
  const symbols: SymbolFact[] = [];
  for (const declaration of root.namedChildren) {
    switch (declaration.type) {
      case 'function_declaration':
        addSymbol(symbols, declaration, 'function', text);
        break;
      case 'method_declaration':
        addSymbol(symbols, declaration, 'method', text, { container: receiverType(declaration) });
        break;
      case 'type_declaration':
        collectTypes(declaration, text, symbols);
        break;
      case 'const_declaration':
      case 'var_declaration':
        collectValues(declaration, text, symbols);
        break;
      default:
        break;
    }
  }
  return symbols;
}

interface Details {
  /** Defaults to the node's `name` field. */
  name?: string | undefined;
  /** Defaults to the node's text up to its body. */
  signature?: string;
  container?: string | undefined;
}

/** A symbol spanning `node`, exported when capitalised, documented by the comments right above it. */
function addSymbol(
  symbols: SymbolFact[],
  node: SyntaxNode,
  kind: SymbolKind,
  text: string,
  details: Details = {},
) {
  const name = details.name ?? node.childForFieldName('name')?.text;
  if (!name) return;
  const signature = details.signature ?? signatureOf(text, node, node.childForFieldName('body')?.startIndex);
  const { container } = details;
  symbols.push(
    symbolAt(node, { name, kind, signature, exported: isCapitalised(name), container, doc: docOf(node) }),
  );
}

/** `func (s *Server[T]) Run()` -> `Server`. */
function receiverType(method: SyntaxNode): string | undefined {
  const parameter = method.childForFieldName('receiver')?.namedChildren[0];
  let type = parameter?.childForFieldName('type');
  while (type && type.type !== 'type_identifier') {
    type =
      type.type === 'pointer_type' || type.type === 'parenthesized_type'
        ? type.namedChildren[0]
        : type.childForFieldName('type');
  }
  return type?.text;
}

/** Each `type_spec`/`type_alias`; a lone spec's range and doc are the whole declaration's. */
function collectTypes(declaration: SyntaxNode, text: string, symbols: SymbolFact[]): void {
  const specs = declaration.namedChildren.filter(
    (child) => child.type === 'type_spec' || child.type === 'type_alias',
  );
  for (const spec of specs) {
    const lone = specs.length === 1 && !isGrouped(declaration);
    const node = lone ? declaration : spec;
    const type = spec.childForFieldName('type');
    const kind: SymbolKind =
      spec.type === 'type_alias'
        ? 'type'
        : type?.type === 'struct_type'
          ? 'struct'
          : type?.type === 'interface_type'
            ? 'interface'
            : 'type';
    const bodyStart = kind === 'struct' || kind === 'interface' ? bracePosition(type!) : undefined;
    const prefix = lone ? '' : 'type ';
    const signature = `${prefix}${signatureOf(text, node, bodyStart)}`;
    const name = spec.childForFieldName('name')?.text;
    addSymbol(symbols, node, kind, text, { name, signature });
    if (kind === 'interface' && name) collectInterfaceMethods(type!, name, text, symbols);
  }
}

function collectInterfaceMethods(type: SyntaxNode, name: string, text: string, symbols: SymbolFact[]): void {
  for (const element of type.namedChildren) {
    if (element.type === 'method_elem') addSymbol(symbols, element, 'method', text, { container: name });
  }
}

/** Each name of each `const`/`var` spec, grouped or not. */
function collectValues(declaration: SyntaxNode, text: string, symbols: SymbolFact[]): void {
  const kind: SymbolKind = declaration.type === 'const_declaration' ? 'const' : 'variable';
  const keyword = kind === 'const' ? 'const' : 'var';
  const list = declaration.namedChildren.find((child) => child.type === 'var_spec_list') ?? declaration;
  const specs = list.namedChildren.filter(
    (child) => child.type === 'const_spec' || child.type === 'var_spec',
  );
  const lone = specs.length === 1 && !isGrouped(declaration);
  for (const spec of specs) {
    const node = lone ? declaration : spec;
    const firstLine = oneLine(text.slice(spec.startIndex, spec.endIndex).split('\n', 1)[0]!);
    for (const name of spec.childrenForFieldName('name')) {
      if (name.type !== 'identifier' || name.text === '_') continue;
      addSymbol(symbols, node, kind, text, { name: name.text, signature: `${keyword} ${firstLine}` });
    }
  }
}

function isGrouped(declaration: SyntaxNode): boolean {
  return declaration.children.some((child) => child.type === '(');
}

function bracePosition(type: SyntaxNode): number | undefined {
  return type.children.find((child) => child.type === '{' || child.type.endsWith('_list'))?.startIndex;
}

// ---------------------------------------------------------------- docs

function isComment(node: SyntaxNode): boolean {
  return node.type === 'comment';
}

function docOf(node: SyntaxNode): string | undefined {
  const comments = commentsAbove(node, isComment).filter((comment) => !isDirective(comment.text));
  return comments.length > 0 ? firstSentence(commentBody(comments)) : undefined;
}

/** The comment block right above the package clause, unless it is a build constraint or a license. */
function packageDoc(root: SyntaxNode): FileFacts['summary'] | undefined {
  const clause = root.namedChildren.find((child) => child.type === 'package_clause');
  if (!clause) return undefined;
  const comments = commentsAbove(clause, isComment).filter((comment) => !isDirective(comment.text));
  const body = commentBody(comments);
  if (comments.length === 0 || /copyright|license|spdx/i.test(body)) return undefined;
  const text = firstSentence(body);
  return text ? { line: lineOf(comments[0]!), source: 'module-doc', text } : undefined;
}

function isDirective(comment: string): boolean {
  return /^\/\/(go:|\s*\+build|nolint|lint:)/.test(comment);
}

function commentBody(comments: SyntaxNode[]): string {
  return comments
    .map((comment) => comment.text.replace(/^\/\/ ?/, '').replace(/^\/\*+|\*\/$/g, ''))
    .join('\n');
}

// ---------------------------------------------------------------- routes

const FRAMEWORKS: Array<[RegExp, string]> = [
  [/^github\.com\/gin-gonic\/gin$/, 'gin'],
  [/^github\.com\/labstack\/echo(\/v\d+)?$/, 'echo'],
  [/^github\.com\/go-chi\/chi(\/v\d+)?$/, 'chi'],
  [/^github\.com\/gofiber\/fiber(\/v\d+)?$/, 'fiber'],
  [/^github\.com\/gorilla\/mux$/, 'gorilla'],
  [/^github\.com\/julienschmidt\/httprouter$/, 'httprouter'],
  [/^net\/http$/, 'net/http'],
];

const ROUTE_METHODS: Record<string, string> = {
  GET: 'GET',
  POST: 'POST',
  PUT: 'PUT',
  PATCH: 'PATCH',
  DELETE: 'DELETE',
  HEAD: 'HEAD',
  OPTIONS: 'OPTIONS',
  Get: 'GET',
  Post: 'POST',
  Put: 'PUT',
  Patch: 'PATCH',
  Delete: 'DELETE',
  Head: 'HEAD',
  Options: 'OPTIONS',
  Any: 'ALL',
  All: 'ALL',
  Handle: 'ALL',
  HandleFunc: 'ALL',
  HandlerFunc: 'ALL',
};

/**
 * Calls `x.GET("/path", handler)` (and the other verbs), `x.HandleFunc("/path", ...)` with Go
 * 1.22 method patterns (`"GET /items/{id}"`) and gorilla's `.Methods("GET")`. Groups made with
 * `v1 := r.Group("/v1")` prefix their routes. Only in files importing a known router or net/http.
 */
function collectRoutes(nodes: NodesOfType, framework: string, imports: ImportFact[]): RouteFact[] {
  const hasNetHttp = imports.some((entry) => entry.specifier === 'net/http');
  const groups = routeGroups(nodes);
  const routes: RouteFact[] = [];
  for (const call of nodes('call_expression')) {
    const callee = call.childForFieldName('function');
    if (callee?.type !== 'selector_expression') continue;
    const verb = callee.childForFieldName('field')?.text ?? '';
    const method = ROUTE_METHODS[verb];
    if (!method) continue;
    const argumentsList = call.childForFieldName('arguments')?.namedChildren ?? [];
    const pattern = stringLiteral(argumentsList[0]);
    if (pattern === undefined) continue;
    const split = /^([A-Z]+)\s+(\/.*)$/.exec(pattern);
    const path = split ? split[2]! : pattern;
    if (!path.startsWith('/')) continue;
    const operand = callee.childForFieldName('operand')?.text ?? '';
    const prefix = groups.get(operand) ?? '';
    const handler = argumentsList[1];
    const by = operand === 'http' && hasNetHttp ? 'net/http' : framework;
    for (const each of split ? [split[1]!] : (gorillaMethods(call) ?? [method])) {
      const route: RouteFact = {
        method: each,
        path: joinRoutePath(prefix, path),
        framework: by,
        line: lineOf(call),
      };
      if (handler && /^(identifier|selector_expression)$/.test(handler.type)) route.handler = handler.text;
      routes.push(route);
    }
  }
  return routes;
}

/** The router the file imports; a router package wins over net/http, which router files import too. */
function routeFramework(imports: ImportFact[]): string | undefined {
  const found = imports
    .map((entry) => FRAMEWORKS.find(([pattern]) => pattern.test(entry.specifier))?.[1])
    .filter((name) => name !== undefined);
  return found.find((name) => name !== 'net/http') ?? found[0];
}

/** `api := r.Group("/api")`, `v1 := api.Group("/v1")` -> {api: /api, v1: /api/v1}. */
function routeGroups(nodes: NodesOfType): Map<string, string> {
  const groups = new Map<string, string>();
  const assignments = [...nodes('short_var_declaration'), ...nodes('assignment_statement')];
  for (const assignment of assignments.sort((a, b) => a.startIndex - b.startIndex)) {
    const left = assignment.childForFieldName('left')?.namedChildren[0];
    const right = assignment.childForFieldName('right')?.namedChildren[0];
    if (left?.type !== 'identifier' || right?.type !== 'call_expression') continue;
    const callee = right.childForFieldName('function');
    if (callee?.type !== 'selector_expression' || callee.childForFieldName('field')?.text !== 'Group')
      continue;
    const path = stringLiteral(right.childForFieldName('arguments')?.namedChildren[0]);
    if (path === undefined) continue;
    const parent = groups.get(callee.childForFieldName('operand')?.text ?? '') ?? '';
    groups.set(left.text, joinRoutePath(parent, path));
  }
  return groups;
}

/** gorilla/mux: `r.HandleFunc("/x", h).Methods("GET", "POST")`. */
function gorillaMethods(call: SyntaxNode): string[] | undefined {
  const selector = call.parent;
  if (selector?.type !== 'selector_expression' || selector.childForFieldName('field')?.text !== 'Methods')
    return undefined;
  const methods = (selector.parent?.childForFieldName('arguments')?.namedChildren ?? [])
    .map((argument) => stringLiteral(argument)?.toUpperCase())
    .filter((method): method is string => Boolean(method));
  return methods.length > 0 ? methods : undefined;
}

// ---------------------------------------------------------------- environment

/** `os.Getenv("X")` and `os.LookupEnv("X")`, through whatever name the file imports "os" as. */
function collectEnvironmentReads(nodes: NodesOfType, aliases: Set<string>): FileFacts['env'] {
  if (aliases.size === 0) return [];
  const reads: FileFacts['env'] = [];
  for (const call of nodes('call_expression')) {
    const callee = call.childForFieldName('function');
    if (callee?.type !== 'selector_expression') continue;
    if (!aliases.has(callee.childForFieldName('operand')?.text ?? '')) continue;
    if (!/^(Getenv|LookupEnv)$/.test(callee.childForFieldName('field')?.text ?? '')) continue;
    const name = stringLiteral(call.childForFieldName('arguments')?.namedChildren[0]);
    if (name) reads.push({ line: lineOf(call), name });
  }
  return reads;
}

function osAliases(specs: SyntaxNode[]): Set<string> {
  const aliases = new Set<string>();
  for (const spec of specs) {
    if (stringLiteral(spec.childForFieldName('path')) !== 'os') continue;
    const alias = spec.childForFieldName('name');
    aliases.add(alias?.type === 'package_identifier' ? alias.text : 'os');
  }
  return aliases;
}

// ---------------------------------------------------------------- literals

/** The content of an interpreted ("...") or raw (`...`) string literal. */
function stringLiteral(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type !== 'interpreted_string_literal' && node?.type !== 'raw_string_literal') return undefined;
  return node.text.slice(1, -1);
}
