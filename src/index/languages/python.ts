/**
 * Python, parsed with tree-sitter. Imports anywhere in the file (those under `if TYPE_CHECKING:`
 * are type-only; `importlib.import_module("x")` is dynamic); module-level functions, classes and
 * their methods, constants (UPPER_CASE), variables and type aliases; docstrings; exports from
 * `__all__` when the module defines one, else every public (non-underscore) top-level name;
 * Flask and FastAPI routes from decorators; `os.environ` / `os.getenv` reads.
 */
import { firstSentence } from '../lines.js';
import type { ExportFact, FileFacts, ImportFact, RouteFact, SymbolFact, SymbolKind } from '../types.js';
import { summarize } from './summary.js';
import {
  compact,
  descendantsByType,
  exportsOf,
  joinRoutePath,
  lineOf,
  type NodesOfType,
  type SyntaxNode,
  signatureOf,
  symbolAt,
  treeSitterAdapter,
} from './tree-sitter.js';
import { EXTRACTOR_VERSIONS } from './versions.js';

interface Context {
  text: string;
  facts: FileFacts;
  nodes: NodesOfType;
}

export const pythonAdapter = treeSitterAdapter({
  id: 'python',
  languages: ['python'],
  version: EXTRACTOR_VERSIONS.python,
  grammar: 'python',
  read(root, { path, text }, facts) {
    const context: Context = { text, facts, nodes: descendantsByType(root, typesToVisit(text)) };
    facts.imports = collectImports(context);
    facts.symbols = collectSymbols(root, context);
    applyExports(root, context);
    facts.routes = collectRoutes(root, context);
    facts.env = collectEnvironmentReads(context);
    facts.summary = summarize(path, facts, moduleDocstring(root, text));
  },
});

const IMPORT_TYPES = ['import_statement', 'import_from_statement', 'future_import_statement'];

/** Node types to collect in the one walk over the tree; calls and subscripts only when they can matter. */
function typesToVisit(text: string): string[] {
  const types = [...IMPORT_TYPES];
  if (/import_module|__import__|add_url_rule|getenv|environ/.test(text)) types.push('call');
  if (text.includes('environ')) types.push('subscript');
  if (text.includes('@')) types.push('decorated_definition');
  return types;
}

// ---------------------------------------------------------------- imports

function collectImports(context: Context): ImportFact[] {
  const imports: ImportFact[] = [];
  const statements = IMPORT_TYPES.flatMap((type) => context.nodes(type));
  for (const statement of statements) {
    const typeOnly = underTypeChecking(statement);
    const line = lineOf(statement);
    if (statement.type === 'import_statement') {
      for (const name of statement.childrenForFieldName('name')) {
        const target = name.type === 'aliased_import' ? name.childForFieldName('name') : name;
        if (target) imports.push(importFact(compact(target.text), ['*'], typeOnly, line));
      }
      continue;
    }
    const module = statement.childForFieldName('module_name');
    const specifier =
      statement.type === 'future_import_statement' ? '__future__' : compact(module?.text ?? '');
    if (!specifier) continue;
    const names = statement.childrenForFieldName('name').map((name) => {
      const target = name.type === 'aliased_import' ? name.childForFieldName('name') : name;
      return compact(target?.text ?? name.text);
    });
    if (statement.namedChildren.some((child) => child.type === 'wildcard_import')) names.push('*');
    imports.push(importFact(specifier, names, typeOnly, line));
  }
  imports.push(...dynamicImports(context));
  return imports.sort((a, b) => a.line - b.line || compare(a.specifier, b.specifier));
}

function importFact(specifier: string, names: string[], typeOnly: boolean, line: number): ImportFact {
  return { kind: 'static', line, names, specifier, typeOnly };
}

/** `importlib.import_module("pkg.mod")`, `import_module(".mod", ...)` and `__import__("mod")` with a literal. */
function dynamicImports(context: Context): ImportFact[] {
  const imports: ImportFact[] = [];
  for (const call of context.nodes('call')) {
    const callee = compact(call.childForFieldName('function')?.text ?? '');
    if (!/^((importlib\.)?import_module|__import__)$/.test(callee)) continue;
    const specifier = firstStringArgument(call, context.text);
    if (specifier)
      imports.push({ kind: 'dynamic', line: lineOf(call), names: ['*'], specifier, typeOnly: false });
  }
  return imports;
}

function underTypeChecking(node: SyntaxNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type !== 'if_statement') continue;
    const condition = compact(parent.childForFieldName('condition')?.text ?? '');
    if (/^(\w+\.)?TYPE_CHECKING$/.test(condition)) return true;
  }
  return false;
}

// ---------------------------------------------------------------- symbols

function collectSymbols(root: SyntaxNode, context: Context): SymbolFact[] {
  const symbols: SymbolFact[] = [];
  const seen = new Set<string>();
  for (const statement of root.namedChildren) {
    const definition = definitionOf(statement);
    if (definition) {
      collectDefinition(statement, definition, undefined, context, symbols);
      continue;
    }
    const assigned = assignmentSymbol(statement, context);
    if (assigned && !seen.has(assigned.name)) {
      seen.add(assigned.name);
      symbols.push(assigned);
    }
  }
  return symbols;
}

/** The function or class a statement defines, looking through decorators. */
function definitionOf(statement: SyntaxNode): SyntaxNode | undefined {
  const node =
    statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
  return node && (node.type === 'function_definition' || node.type === 'class_definition') ? node : undefined;
}

function collectDefinition(
  outer: SyntaxNode,
  definition: SyntaxNode,
  container: string | undefined,
  context: Context,
  symbols: SymbolFact[],
): void {
  const name = definition.childForFieldName('name')?.text;
  if (!name) return;
  const isClass = definition.type === 'class_definition';
  const kind: SymbolKind = isClass ? 'class' : container ? 'method' : 'function';
  const body = definition.childForFieldName('body');
  symbols.push(
    symbolAt(outer, {
      name,
      kind,
      signature: signatureOf(context.text, definition, body?.startIndex),
      exported: false,
      container,
      doc: body ? docstringOf(body, context.text) : undefined,
    }),
  );
  if (!isClass || !body) return;
  const inner = container ? `${container}.${name}` : name;
  for (const member of body.namedChildren) {
    const memberDefinition = definitionOf(member);
    if (memberDefinition) collectDefinition(member, memberDefinition, inner, context, symbols);
  }
}

const CONSTANT_NAME = /^_*\p{Lu}[\p{Lu}\p{N}_]*$/u;

/** `NAME = ...` (const), `name = ...` (variable), `Alias: TypeAlias = ...` and `type Alias = ...` (type). */
function assignmentSymbol(statement: SyntaxNode, context: Context): SymbolFact | undefined {
  let name: string | undefined;
  let kind: SymbolKind = 'variable';
  if (statement.type === 'type_alias_statement') {
    name = statement.childForFieldName('left')?.text;
    kind = 'type';
  } else if (statement.type === 'expression_statement') {
    const assignment = statement.firstNamedChild;
    if (assignment?.type !== 'assignment') return undefined;
    const left = assignment.childForFieldName('left');
    if (left?.type !== 'identifier') return undefined;
    name = left.text;
    const annotation = compact(assignment.childForFieldName('type')?.text ?? '');
    if (/^(typing\.)?TypeAlias$/.test(annotation)) kind = 'type';
    else if (CONSTANT_NAME.test(name)) kind = 'const';
  }
  if (!name || /^__\w+__$/.test(name)) return undefined;
  return symbolAt(statement, {
    name,
    kind,
    signature: signatureOf(context.text, statement),
    exported: false,
  });
}

/** First sentence of the docstring of a body (module, class or function). */
function docstringOf(body: SyntaxNode, text: string): string | undefined {
  const first = body.namedChildren.find((child) => child.type !== 'comment');
  if (first?.type !== 'expression_statement') return undefined;
  const literal = first.firstNamedChild;
  if (literal?.type !== 'string') return undefined;
  const value = stringValue(literal, text);
  return value === undefined ? undefined : firstSentence(value);
}

function moduleDocstring(root: SyntaxNode, text: string): FileFacts['summary'] | undefined {
  const doc = docstringOf(root, text);
  const first = root.namedChildren.find((child) => child.type !== 'comment');
  return doc && first ? { line: lineOf(first), source: 'module-doc', text: doc } : undefined;
}

// ---------------------------------------------------------------- exports

/** `__all__` decides the exports when present; otherwise every top-level name without a leading underscore. */
function applyExports(root: SyntaxNode, context: Context): void {
  const facts = context.facts;
  const declared = dunderAll(root, context.text);
  const topLevel = facts.symbols.filter((symbol) => !symbol.container);
  const isExported = declared
    ? (name: string) => declared.has(name)
    : (name: string) => !name.startsWith('_');
  for (const symbol of facts.symbols) {
    const owner = symbol.container?.split('.')[0];
    const ownerExported = owner === undefined || isExported(owner);
    symbol.exported = symbol.container
      ? ownerExported && (!symbol.name.startsWith('_') || /^__\w+__$/.test(symbol.name))
      : isExported(symbol.name);
  }
  if (!declared) {
    facts.exports = exportsOf(facts.symbols);
    return;
  }
  const importedFrom = importedNames(facts.imports);
  facts.exports = [...declared].map(([name, line]) => {
    const from = topLevel.some((symbol) => symbol.name === name) ? undefined : importedFrom.get(name);
    // Keys in sorted order, as the index stores them.
    const fact: ExportFact = from ? { from, line, name, typeOnly: false } : { line, name, typeOnly: false };
    return fact;
  });
}

/** Names listed in `__all__ = [...]`, `__all__ += [...]` and `__all__.extend([...])`, with their lines. */
function dunderAll(root: SyntaxNode, text: string): Map<string, number> | undefined {
  let names: Map<string, number> | undefined;
  for (const statement of root.namedChildren) {
    const expression = statement.type === 'expression_statement' ? statement.firstNamedChild : undefined;
    if (!expression) continue;
    let list: SyntaxNode | null | undefined;
    if (expression.type === 'assignment' || expression.type === 'augmented_assignment') {
      if (expression.childForFieldName('left')?.text !== '__all__') continue;
      list = expression.childForFieldName('right');
    } else if (expression.type === 'call') {
      if (compact(expression.childForFieldName('function')?.text ?? '') !== '__all__.extend') continue;
      list = expression.childForFieldName('arguments')?.firstNamedChild;
    } else continue;
    if (!list || !['list', 'tuple'].includes(list.type)) continue;
    names ??= new Map();
    if (expression.type === 'assignment') names.clear();
    for (const element of list.namedChildren) {
      const value = stringValue(element, text);
      if (value && !names.has(value)) names.set(value, lineOf(element));
    }
  }
  return names;
}

function importedNames(imports: ImportFact[]): Map<string, string> {
  const byName = new Map<string, string>();
  for (const entry of imports) {
    if (entry.kind !== 'static') continue;
    for (const name of entry.names) if (name !== '*' && !byName.has(name)) byName.set(name, entry.specifier);
  }
  return byName;
}

// ---------------------------------------------------------------- routes

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/**
 * `@app.route('/x', methods=[...])`, `@bp.get('/x')`, `@router.post(...)` and
 * `app.add_url_rule('/x', ...)`. A router or blueprint created with a prefix
 * (`APIRouter(prefix='/api')`, `Blueprint(..., url_prefix='/api')`) prefixes its routes.
 */
function collectRoutes(root: SyntaxNode, context: Context): RouteFact[] {
  const framework = webFramework(context.facts.imports);
  const prefixes = routerPrefixes(root, context.text);
  const routes: RouteFact[] = [];
  for (const decorated of context.nodes('decorated_definition')) {
    const handler = decorated.childForFieldName('definition')?.childForFieldName('name')?.text;
    for (const decorator of decorated.namedChildren) {
      if (decorator.type !== 'decorator') continue;
      const call = decorator.firstNamedChild;
      if (call?.type === 'call')
        routes.push(...routesOfCall(call, context.text, framework, prefixes, handler));
    }
  }
  for (const call of context.nodes('call')) {
    const callee = call.childForFieldName('function');
    if (callee?.type === 'attribute' && callee.childForFieldName('attribute')?.text === 'add_url_rule')
      routes.push(...routesOfCall(call, context.text, framework ?? 'flask', prefixes, undefined));
  }
  return routes.sort((a, b) => a.line - b.line || compare(a.method, b.method));
}

function routesOfCall(
  call: SyntaxNode,
  text: string,
  framework: string | undefined,
  prefixes: Map<string, string>,
  handler: string | undefined,
): RouteFact[] {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'attribute') return [];
  const verb = callee.childForFieldName('attribute')?.text ?? '';
  const isRule = verb === 'route' || verb === 'api_route' || verb === 'add_url_rule';
  if (!isRule && !VERBS.has(verb)) return [];
  const path = firstStringArgument(call, text) ?? keywordString(call, ['path', 'rule'], text);
  if (path === undefined || !path.startsWith('/')) return [];
  const methods = isRule ? (keywordStrings(call, 'methods', text) ?? ['GET']) : [verb];
  const owner = compact(callee.childForFieldName('object')?.text ?? '');
  const full = joinRoutePath(prefixes.get(owner) ?? '', path);
  const resolved = framework ?? (verb === 'route' || verb === 'add_url_rule' ? 'flask' : 'fastapi');
  return methods.map((method) => {
    const route: RouteFact = {
      method: method.toUpperCase(),
      path: full,
      framework: resolved,
      line: lineOf(call),
    };
    if (handler) route.handler = handler;
    return route;
  });
}

function webFramework(imports: ImportFact[]): string | undefined {
  for (const entry of imports) {
    if (/^(fastapi|starlette)(\.|$)/.test(entry.specifier)) return 'fastapi';
    if (/^flask(\.|_|$)/.test(entry.specifier)) return 'flask';
  }
  return undefined;
}

/** Module-level `name = APIRouter(prefix="/x")` / `name = Blueprint(..., url_prefix="/x")`. */
function routerPrefixes(root: SyntaxNode, text: string): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (const statement of root.namedChildren) {
    const assignment = statement.type === 'expression_statement' ? statement.firstNamedChild : undefined;
    if (assignment?.type !== 'assignment') continue;
    const value = assignment.childForFieldName('right');
    if (value?.type !== 'call') continue;
    const prefix = keywordString(value, ['prefix', 'url_prefix'], text);
    const name = assignment.childForFieldName('left')?.text;
    if (prefix && name) prefixes.set(name, prefix);
  }
  return prefixes;
}

// ---------------------------------------------------------------- environment

/** `os.environ["X"]`, `os.environ.get("X")`, `os.getenv("X")` (also as `environ` / `getenv` imported from os). */
function collectEnvironmentReads(context: Context): FileFacts['env'] {
  const fromOs = new Set(
    context.facts.imports.filter((entry) => entry.specifier === 'os').flatMap((entry) => entry.names),
  );
  const isEnviron = (node: SyntaxNode | null) => {
    const name = compact(node?.text ?? '');
    return name === 'os.environ' || (name === 'environ' && fromOs.has('environ'));
  };
  const reads: FileFacts['env'] = [];
  for (const node of [...context.nodes('subscript'), ...context.nodes('call')]) {
    let name: string | undefined;
    if (node.type === 'subscript') {
      const key = node.childForFieldName('subscript');
      if (isEnviron(node.childForFieldName('value')) && key?.type === 'string')
        name = stringValue(key, context.text);
    } else {
      const callee = node.childForFieldName('function');
      const target = compact(callee?.text ?? '');
      const isGet = callee?.type === 'attribute' && callee.childForFieldName('attribute')?.text === 'get';
      const readsEnvironment =
        target === 'os.getenv' ||
        (target === 'getenv' && fromOs.has('getenv')) ||
        (isGet && isEnviron(callee.childForFieldName('object')));
      if (readsEnvironment) name = firstStringArgument(node, context.text);
    }
    if (name) reads.push({ line: lineOf(node), name });
  }
  return reads.sort((a, b) => a.line - b.line || compare(a.name, b.name));
}

// ---------------------------------------------------------------- literals

/** The value of a plain string literal; undefined for f-strings with interpolations. */
function stringValue(node: SyntaxNode, text: string): string | undefined {
  if (node.type !== 'string') return undefined;
  let start: SyntaxNode | undefined;
  let end: SyntaxNode | undefined;
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === 'interpolation') return undefined;
    if (child.type === 'string_start') start = child;
    if (child.type === 'string_end') end = child;
  }
  return start && end ? text.slice(start.endIndex, end.startIndex) : undefined;
}

function firstStringArgument(call: SyntaxNode, text: string): string | undefined {
  const first = call.childForFieldName('arguments')?.firstNamedChild;
  return first?.type === 'string' ? stringValue(first, text) : undefined;
}

function keywordArgument(call: SyntaxNode, names: string[]): SyntaxNode | undefined {
  for (const argument of call.childForFieldName('arguments')?.namedChildren ?? []) {
    if (argument.type !== 'keyword_argument') continue;
    if (names.includes(argument.childForFieldName('name')?.text ?? '')) {
      return argument.childForFieldName('value') ?? undefined;
    }
  }
  return undefined;
}

function keywordString(call: SyntaxNode, names: string[], text: string): string | undefined {
  const value = keywordArgument(call, names);
  return value ? stringValue(value, text) : undefined;
}

function keywordStrings(call: SyntaxNode, name: string, text: string): string[] | undefined {
  const value = keywordArgument(call, [name]);
  if (!value || !['list', 'tuple', 'set'].includes(value.type)) return undefined;
  const strings = value.namedChildren.map((element) => stringValue(element, text));
  const present = strings.filter((entry): entry is string => entry !== undefined);
  return present.length > 0 ? present : undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
