/**
 * Rust, parsed with tree-sitter. `use` trees (one fact per declaration: the path before the
 * braces is the specifier, the items in them the names), `mod foo;` declarations (kind
 * `module-declaration`; a `#[path = "..."]` attribute replaces the specifier), `extern crate`;
 * functions, structs, unions, enums, traits and their methods, impl methods (the impl's type is
 * the container), modules, consts/statics and type aliases; `pub` is exported; `///` and `//!`
 * docs; `std::env::var` and `env!`; actix/rocket attribute routes and axum `.route()` calls.
 */
import { firstSentence } from '../lines.js';
import type { ExportFact, FileFacts, ImportFact, RouteFact, SymbolFact, SymbolKind } from '../types.js';
import { summarize } from './summary.js';
import {
  commentsAbove,
  compact,
  descendantsByType,
  exportsOf,
  lineOf,
  type NodesOfType,
  type SyntaxNode,
  signatureOf,
  symbolAt,
  treeSitterAdapter,
} from './tree-sitter.js';
import { EXTRACTOR_VERSIONS } from './versions.js';

export const rustAdapter = treeSitterAdapter({
  id: 'rust',
  languages: ['rust'],
  version: EXTRACTOR_VERSIONS.rust,
  grammar: 'rust',
  read(root, { path, text }, facts) {
    const nodes = descendantsByType(root, typesToVisit(text));
    const exports: ExportFact[] = [];
    facts.imports = collectImports(nodes, exports);
    facts.symbols = collectSymbols(root, text);
    facts.exports = [...exports, ...exportsOf(facts.symbols)].sort((a, b) => a.line - b.line);
    facts.routes = collectRoutes(nodes, facts.imports);
    facts.env = collectEnvironmentReads(nodes);
    facts.summary = summarize(path, facts, crateDoc(root));
  },
});

const IMPORT_TYPES = ['use_declaration', 'mod_item', 'extern_crate_declaration'];

/** Node types to collect in the one walk over the tree; the rest only when their trigger words appear. */
function typesToVisit(text: string): string[] {
  const types = [...IMPORT_TYPES];
  if (/actix_web|rocket/.test(text)) types.push('function_item');
  if (text.includes('env') || (text.includes('axum') && text.includes('.route(')))
    types.push('call_expression');
  if (text.includes('env!')) types.push('macro_invocation');
  return types;
}

// ---------------------------------------------------------------- imports

function collectImports(nodes: NodesOfType, exports: ExportFact[]): ImportFact[] {
  const imports: ImportFact[] = [];
  const declarations = IMPORT_TYPES.flatMap((type) => nodes(type)).sort(
    (a, b) => a.startIndex - b.startIndex,
  );
  for (const node of declarations) {
    const line = lineOf(node);
    if (node.type === 'use_declaration') {
      const argument = node.childForFieldName('argument');
      const reexport = isPublic(node);
      const inline = inlineModulePath(node);
      for (const entry of argument ? useEntries(argument) : []) {
        const specifier = relativeToFile(entry.specifier, inline);
        const kind = reexport ? 'reexport' : 'static';
        imports.push({ kind, line, names: entry.names, specifier, typeOnly: false });
        if (reexport && inline.length === 0)
          for (const name of entry.names)
            exports.push({ from: specifier, line, name: exportedName(entry, name), typeOnly: false });
      }
    } else if (node.type === 'mod_item') {
      if (node.childForFieldName('body')) continue;
      const name = node.childForFieldName('name')?.text;
      if (!name) continue;
      const specifier = pathAttribute(node) ?? [...inlineModulePath(node), name].join('::');
      imports.push({ kind: 'module-declaration', line, names: [name], specifier, typeOnly: false });
    } else {
      const name = node.childForFieldName('name')?.text;
      if (name) imports.push({ kind: 'static', line, names: [name], specifier: name, typeOnly: false });
    }
  }
  return imports;
}

interface UseEntry {
  specifier: string;
  names: string[];
  /** `use a::b as c` -> `c`. */
  alias?: string;
}

/** The name a `pub use` makes visible: the alias, the last segment, or the module for `self`. */
function exportedName(entry: UseEntry, name: string): string {
  if (entry.alias) return entry.alias;
  const path = name === 'self' ? entry.specifier : name;
  return path.slice(path.lastIndexOf(':') + 1);
}

/** `a::b::C` -> {a::b::C, [C]}; `a::{b, c::d}` -> {a, [b, c::d]}; `a::*` -> {a, [*]}. */
function useEntries(argument: SyntaxNode): UseEntry[] {
  switch (argument.type) {
    case 'use_list':
      return argument.namedChildren.flatMap(useEntries);
    case 'scoped_use_list': {
      const path = compact(argument.childForFieldName('path')?.text ?? '');
      const list = argument.childForFieldName('list');
      const names = list ? listItems(list) : [];
      return path ? [{ specifier: path, names }] : names.map((name) => simpleEntry(name));
    }
    case 'use_wildcard':
      return [{ specifier: compact(argument.text).replace(/::\*$/, ''), names: ['*'] }];
    case 'use_as_clause': {
      const entry = simpleEntry(compact(argument.childForFieldName('path')?.text ?? ''));
      const alias = argument.childForFieldName('alias')?.text;
      return [alias ? { ...entry, alias } : entry];
    }
    default:
      return [simpleEntry(compact(argument.text))];
  }
}

function simpleEntry(path: string): UseEntry {
  return { specifier: path, names: [path.slice(path.lastIndexOf(':') + 1)] };
}

/** The items of a use list as paths relative to the list's prefix, nested lists flattened. */
function listItems(list: SyntaxNode): string[] {
  return list.namedChildren.flatMap((item): string[] => {
    switch (item.type) {
      case 'use_as_clause':
        return [compact(item.childForFieldName('path')?.text ?? '')];
      case 'scoped_use_list': {
        const path = compact(item.childForFieldName('path')?.text ?? '');
        const inner = item.childForFieldName('list');
        const join = (name: string) => (!path ? name : name === 'self' ? path : `${path}::${name}`);
        return inner ? listItems(inner).map(join) : [];
      }
      case 'use_list':
        return listItems(item);
      default:
        return [compact(item.text)];
    }
  });
}

/** Names of the inline `mod x { ... }` blocks around a node, outermost first. */
function inlineModulePath(node: SyntaxNode): string[] {
  const path: string[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type !== 'mod_item') continue;
    const name = parent.childForFieldName('name')?.text;
    if (name) path.unshift(name);
  }
  return path;
}

/**
 * Rewrites a path written inside inline modules to one relative to the file's module, so the
 * resolver needs no knowledge of inline modules: in `mod tests { use super::*; }` the path
 * `super` is the file's own module (`self`).
 */
function relativeToFile(specifier: string, inline: string[]): string {
  if (inline.length === 0) return specifier;
  const segments = specifier.split('::');
  if (segments[0] === 'self') return ['self', ...inline, ...segments.slice(1)].join('::');
  let supers = 0;
  while (segments[supers] === 'super') supers++;
  if (supers === 0) return specifier;
  const kept = inline.slice(0, Math.max(0, inline.length - supers));
  const head = supers > inline.length ? Array<string>(supers - inline.length).fill('super') : ['self'];
  return [...head, ...kept, ...segments.slice(supers)].join('::');
}

/** `#[path = "x.rs"] mod m;` -> `x.rs`. */
function pathAttribute(node: SyntaxNode): string | undefined {
  for (const attribute of attributesOf(node)) {
    const inner = attribute.namedChildren.find((child) => child.type === 'attribute');
    if (inner?.namedChildren[0]?.text !== 'path') continue;
    const value = inner.childForFieldName('value');
    if (value) return stringLiteral(value);
  }
  return undefined;
}

function attributesOf(node: SyntaxNode): SyntaxNode[] {
  const attributes: SyntaxNode[] = [];
  for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
    if (sibling.type === 'attribute_item') attributes.push(sibling);
    else if (sibling.type !== 'line_comment' && sibling.type !== 'block_comment') break;
  }
  return attributes;
}

// ---------------------------------------------------------------- symbols

const ITEM_KINDS: Record<string, SymbolKind> = {
  function_item: 'function',
  struct_item: 'struct',
  union_item: 'struct',
  enum_item: 'enum',
  trait_item: 'trait',
  mod_item: 'module',
  const_item: 'const',
  static_item: 'const',
  type_item: 'type',
};

/** Bodies that are cut from signatures (tuple-struct fields and the like stay in). */
const BODY_TYPES = new Set(['block', 'field_declaration_list', 'enum_variant_list', 'declaration_list']);

function collectSymbols(root: SyntaxNode, text: string): SymbolFact[] {
  const symbols: SymbolFact[] = [];
  for (const item of root.namedChildren) {
    if (item.type === 'impl_item') {
      collectImplMethods(item, text, symbols);
      continue;
    }
    let kind = ITEM_KINDS[item.type];
    if (!kind) continue;
    if (item.type === 'static_item' && item.children.some((child) => child.type === 'mutable_specifier'))
      kind = 'variable';
    const symbol = makeSymbol(item, kind, text, isPublic(item));
    if (!symbol) continue;
    symbols.push(symbol);
    if (kind === 'trait') collectMethods(item, symbol.name, symbol.exported, text, symbols);
  }
  return symbols;
}

function makeSymbol(
  item: SyntaxNode,
  kind: SymbolKind,
  text: string,
  exported: boolean,
): SymbolFact | undefined {
  const name = item.childForFieldName('name')?.text;
  if (!name) return undefined;
  const body = item.childForFieldName('body');
  const signature = signatureOf(text, item, body && BODY_TYPES.has(body.type) ? body.startIndex : undefined);
  return symbolAt(item, { name, kind, signature, exported, doc: docOf(item) });
}

/** Methods of `impl Type` / `impl Trait for Type`: trait impl methods are as public as the trait. */
function collectImplMethods(impl: SyntaxNode, text: string, symbols: SymbolFact[]): void {
  const container = typeName(impl.childForFieldName('type'));
  if (!container) return;
  const viaTrait = impl.childForFieldName('trait') !== null;
  collectMethods(impl, container, viaTrait, text, symbols);
}

function collectMethods(
  owner: SyntaxNode,
  container: string,
  ownerExported: boolean,
  text: string,
  symbols: SymbolFact[],
): void {
  for (const member of owner.childForFieldName('body')?.namedChildren ?? []) {
    if (member.type !== 'function_item' && member.type !== 'function_signature_item') continue;
    const symbol = makeSymbol(member, 'method', text, ownerExported || isPublic(member));
    if (!symbol) continue;
    symbol.container = container;
    symbols.push(symbol);
  }
}

/** `Foo<T>` -> `Foo`, `&'a mut Foo` -> `Foo`, `crate::x::Foo` -> `Foo`. */
function typeName(type: SyntaxNode | null): string | undefined {
  let node = type;
  while (node && node.type !== 'type_identifier' && node.type !== 'primitive_type') {
    if (node.type === 'scoped_type_identifier' || node.type === 'generic_type')
      node = node.childForFieldName(node.type === 'generic_type' ? 'type' : 'name');
    else if (node.type === 'reference_type' || node.type === 'pointer_type')
      node = node.childForFieldName('type');
    else return compact(node.text);
  }
  return node?.text;
}

function isPublic(node: SyntaxNode): boolean {
  const visibility = node.namedChildren.find((child) => child.type === 'visibility_modifier');
  return visibility !== undefined && compact(visibility.text) !== 'pub(self)';
}

// ---------------------------------------------------------------- docs

function isOuterDoc(node: SyntaxNode): boolean {
  if (node.type === 'line_comment') return /^\/\/\/(?!\/)/.test(node.text);
  return node.type === 'block_comment' && /^\/\*\*(?!\*)/.test(node.text);
}

function docOf(item: SyntaxNode): string | undefined {
  const comments = commentsAbove(item, isOuterDoc, (node) => node.type === 'attribute_item');
  return comments.length > 0 ? firstSentence(docBody(comments)) : undefined;
}

/** Inner doc comments (`//!`, or a `/*!` block) at the top of the file: the crate or module doc. */
function crateDoc(root: SyntaxNode): FileFacts['summary'] | undefined {
  const comments: SyntaxNode[] = [];
  for (const child of root.namedChildren) {
    const inner = /^\/(\/!|\*!)/.test(child.text);
    if (inner && (child.type === 'line_comment' || child.type === 'block_comment')) comments.push(child);
    else if (
      child.type !== 'line_comment' &&
      child.type !== 'block_comment' &&
      child.type !== 'attribute_item'
    )
      break;
  }
  const text = comments.length > 0 ? firstSentence(docBody(comments)) : undefined;
  return text ? { line: lineOf(comments[0]!), source: 'module-doc', text } : undefined;
}

function docBody(comments: SyntaxNode[]): string {
  return comments
    .map((comment) =>
      comment.text
        .replace(/\r?\n$/, '') // a line comment's node ends with its newline
        .replace(/^\/\/[/!] ?/, '')
        .replace(/^\/\*[*!]/, '')
        .replace(/\*\/$/, ''),
    )
    .join('\n');
}

// ---------------------------------------------------------------- routes

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

function collectRoutes(nodes: NodesOfType, imports: ImportFact[]): RouteFact[] {
  const crates = new Set(imports.map((entry) => entry.specifier.split('::')[0]));
  const routes: RouteFact[] = [];
  const attributeFramework = crates.has('actix_web') ? 'actix' : crates.has('rocket') ? 'rocket' : undefined;
  if (attributeFramework) {
    for (const item of nodes('function_item')) routes.push(...attributeRoutes(item, attributeFramework));
  }
  if (crates.has('axum')) routes.push(...axumRoutes(nodes));
  return routes.sort((a, b) => a.line - b.line || (a.method < b.method ? -1 : a.method > b.method ? 1 : 0));
}

/** `#[get("/x")]`, `#[actix_web::post("/x")]`, `#[route("/x", method = "GET", method = "HEAD")]`. */
function attributeRoutes(item: SyntaxNode, framework: string): RouteFact[] {
  const routes: RouteFact[] = [];
  const handler = item.childForFieldName('name')?.text;
  for (const attribute of attributesOf(item)) {
    const inner = attribute.namedChildren.find((child) => child.type === 'attribute');
    const name = compact(inner?.namedChildren[0]?.text ?? '').replace(/^.*::/, '');
    const tokens = inner?.childForFieldName('arguments')?.namedChildren ?? [];
    const path = tokens[0] ? stringLiteral(tokens[0]) : undefined;
    if (!path?.startsWith('/')) continue;
    let methods: string[] = [];
    if (VERBS.has(name)) methods = [name.toUpperCase()];
    else if (name === 'route')
      methods = tokens
        .filter((_token, index) => index > 0 && tokens[index - 1]?.text === 'method')
        .map((token) => (stringLiteral(token) ?? token.text).toUpperCase());
    for (const method of methods) {
      const route: RouteFact = { method, path, framework, line: lineOf(attribute) };
      if (handler) route.handler = handler;
      routes.push(route);
    }
  }
  return routes;
}

/** axum: `.route("/x", get(list).post(create))`. */
function axumRoutes(nodes: NodesOfType): RouteFact[] {
  const routes: RouteFact[] = [];
  for (const call of nodes('call_expression')) {
    const callee = call.childForFieldName('function');
    if (callee?.type !== 'field_expression' || callee.childForFieldName('field')?.text !== 'route') continue;
    const [first, second] = call.childForFieldName('arguments')?.namedChildren ?? [];
    const path = first ? stringLiteral(first) : undefined;
    if (!path?.startsWith('/') || !second) continue;
    for (const [method, handler] of methodChain(second)) {
      const route: RouteFact = {
        method,
        path,
        framework: 'axum',
        line: lineOf(callee.childForFieldName('field')!),
      };
      if (handler) route.handler = handler;
      routes.push(route);
    }
  }
  return routes;
}

/** `get(a).post(b)` -> [[GET, a], [POST, b]]. */
function methodChain(node: SyntaxNode): Array<[string, string | undefined]> {
  if (node.type !== 'call_expression') return [];
  const callee = node.childForFieldName('function');
  const handlerNode = node.childForFieldName('arguments')?.namedChildren[0];
  const handler = handlerNode && /identifier$/.test(handlerNode.type) ? handlerNode.text : undefined;
  if (callee?.type === 'field_expression') {
    const verb = callee.childForFieldName('field')?.text ?? '';
    const value = callee.childForFieldName('value');
    const before = value ? methodChain(value) : [];
    return VERBS.has(verb) ? [...before, [verb.toUpperCase(), handler]] : before;
  }
  const verb = compact(callee?.text ?? '').replace(/^.*::/, '');
  return VERBS.has(verb) ? [[verb.toUpperCase(), handler]] : [];
}

// ---------------------------------------------------------------- environment

/** `std::env::var("X")`, `env::var_os("X")`, `env!("X")`, `option_env!("X")`. */
function collectEnvironmentReads(nodes: NodesOfType): FileFacts['env'] {
  const reads: FileFacts['env'] = [];
  for (const node of [...nodes('call_expression'), ...nodes('macro_invocation')]) {
    let argument: SyntaxNode | undefined;
    if (node.type === 'call_expression') {
      const callee = compact(node.childForFieldName('function')?.text ?? '');
      if (/(^|::)env::var(_os)?$/.test(callee))
        argument = node.childForFieldName('arguments')?.namedChildren[0];
    } else if (/^(std::)?(option_)?env$/.test(compact(node.childForFieldName('macro')?.text ?? ''))) {
      argument = node.namedChildren.find((child) => child.type === 'token_tree')?.namedChildren[0];
    }
    const name = argument ? stringLiteral(argument) : undefined;
    if (name) reads.push({ line: lineOf(node), name });
  }
  return reads.sort((a, b) => a.line - b.line);
}

// ---------------------------------------------------------------- literals

function stringLiteral(node: SyntaxNode): string | undefined {
  if (node.type === 'string_literal') return node.text.slice(1, -1);
  if (node.type === 'raw_string_literal')
    return node.namedChildren.find((child) => child.type === 'string_content')?.text ?? '';
  return undefined;
}
