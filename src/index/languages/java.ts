/**
 * Java, parsed with tree-sitter. The package declaration (a `module` symbol), imports (static
 * and wildcard), classes, interfaces, enums, records and annotation types (nested ones with
 * their container), methods and constructors, `static final` fields (and interface fields) as
 * `const`; `public` is exported when every enclosing type is; Javadoc; `System.getenv`; Spring
 * (`@GetMapping`, `@RequestMapping` with a class-level prefix) and JAX-RS (`@GET` + `@Path`) routes.
 */
import { firstSentence, oneLine } from '../lines.js';
import type { FileFacts, ImportFact, RouteFact, SymbolFact, SymbolKind } from '../types.js';
import { summarize } from './summary.js';
import {
  compact,
  endLineOf,
  exportsOf,
  joinRoutePath,
  lineOf,
  type SyntaxNode,
  signatureOf,
  symbolAt,
  treeSitterAdapter,
} from './tree-sitter.js';
import { EXTRACTOR_VERSIONS } from './versions.js';

interface Context {
  text: string;
  symbols: SymbolFact[];
  routes: RouteFact[];
}

interface Owner {
  /** Qualified name of the enclosing type (`Outer.Inner`). */
  name: string;
  exported: boolean;
  /** Members of interfaces and annotation types are public without saying so. */
  implicitlyPublic: boolean;
  /** Route prefixes from the type's `@RequestMapping` / `@Path`. */
  prefixes: string[];
}

export const javaAdapter = treeSitterAdapter({
  id: 'java',
  languages: ['java'],
  version: EXTRACTOR_VERSIONS.java,
  grammar: 'java',
  read(root, { path, text }, facts) {
    facts.imports = collectImports(root);
    const context: Context = { text, symbols: [], routes: [] };
    for (const node of root.namedChildren) if (TYPE_KINDS[node.type]) collectType(node, undefined, context);
    const packageSymbol = packageDeclaration(root, text);
    facts.symbols = packageSymbol ? [packageSymbol, ...context.symbols] : context.symbols;
    facts.exports = exportsOf(context.symbols);
    facts.routes = context.routes;
    facts.env = text.includes('getenv') ? collectEnvironmentReads(root) : [];
    facts.summary = summarize(path, facts, packageDoc(root), context.symbols);
  },
});

// ---------------------------------------------------------------- imports and package

/** `import a.b.C;` -> {a.b.C, [C]}; `import a.b.*;` -> {a.b.*, [*]}; static imports alike. */
function collectImports(root: SyntaxNode): ImportFact[] {
  const imports: ImportFact[] = [];
  for (const declaration of root.namedChildren) {
    if (declaration.type !== 'import_declaration') continue;
    const name = declaration.namedChildren.find((child) => /identifier$/.test(child.type));
    if (!name) continue;
    const wildcard = declaration.namedChildren.some((child) => child.type === 'asterisk');
    const path = compact(name.text);
    imports.push({
      kind: 'static',
      line: lineOf(declaration),
      names: [wildcard ? '*' : path.slice(path.lastIndexOf('.') + 1)],
      specifier: wildcard ? `${path}.*` : path,
      typeOnly: false,
    });
  }
  return imports;
}

function packageDeclaration(root: SyntaxNode, text: string): SymbolFact | undefined {
  const declaration = root.namedChildren.find((child) => child.type === 'package_declaration');
  const name = declaration?.namedChildren.find((child) => /identifier$/.test(child.type))?.text;
  if (!declaration || !name) return undefined;
  const signature = signatureOf(text, declaration);
  return symbolAt(declaration, { name: compact(name), kind: 'module', signature, exported: false });
}

/** The Javadoc of the package declaration (`package-info.java`). */
function packageDoc(root: SyntaxNode): FileFacts['summary'] | undefined {
  const declaration = root.namedChildren.find((child) => child.type === 'package_declaration');
  const comment = declaration && javadocNode(declaration);
  const text = comment ? firstSentence(comment.text) : undefined;
  return text && comment ? { line: lineOf(comment), source: 'module-doc', text } : undefined;
}

// ---------------------------------------------------------------- types and members

const TYPE_KINDS: Record<string, SymbolKind> = {
  class_declaration: 'class',
  record_declaration: 'class',
  interface_declaration: 'interface',
  annotation_type_declaration: 'interface',
  enum_declaration: 'enum',
};

function collectType(node: SyntaxNode, owner: Owner | undefined, context: Context): void {
  const name = node.childForFieldName('name')?.text;
  const kind = TYPE_KINDS[node.type];
  if (!name || !kind) return;
  const symbol = makeSymbol(node, name, kind, isExported(node, owner), owner, context.text);
  context.symbols.push(symbol);
  const inner: Owner = {
    name: owner ? `${owner.name}.${name}` : name,
    exported: symbol.exported,
    implicitlyPublic: kind === 'interface',
    prefixes: routePrefixes(node, owner?.prefixes ?? ['']),
  };
  for (const member of membersOf(node)) {
    if (TYPE_KINDS[member.type]) collectType(member, inner, context);
    else if (member.type === 'method_declaration' || member.type === 'constructor_declaration') {
      const methodName = member.childForFieldName('name')?.text;
      if (!methodName) continue;
      context.symbols.push(
        makeSymbol(member, methodName, 'method', isExported(member, inner), inner, context.text),
      );
      context.routes.push(...methodRoutes(member, methodName, inner.prefixes));
    } else if (member.type === 'field_declaration' || member.type === 'constant_declaration') {
      collectConstants(member, inner, context);
    }
  }
}

function membersOf(node: SyntaxNode): SyntaxNode[] {
  const body = node.childForFieldName('body');
  if (!body) return [];
  const declarations = body.namedChildren.find((child) => child.type === 'enum_body_declarations');
  return declarations ? [...body.namedChildren, ...declarations.namedChildren] : body.namedChildren;
}

/** `static final` fields, and every field of an interface, one symbol per declarator. */
function collectConstants(field: SyntaxNode, owner: Owner, context: Context): void {
  const keywords = modifierKeywords(field);
  const constant = owner.implicitlyPublic || (keywords.includes('static') && keywords.includes('final'));
  if (!constant) return;
  const type = compact(field.childForFieldName('type')?.text ?? '');
  for (const declarator of field.childrenForFieldName('declarator')) {
    const name = declarator.childForFieldName('name')?.text;
    if (!name) continue;
    const symbol = makeSymbol(field, name, 'const', isExported(field, owner), owner, context.text);
    const declared = oneLine(
      context.text.slice(declarator.startIndex, declarator.endIndex).split('\n', 1)[0]!,
    );
    symbol.signature = oneLine([...keywords, type, declared].join(' '));
    context.symbols.push(symbol);
  }
}

function makeSymbol(
  node: SyntaxNode,
  name: string,
  kind: SymbolKind,
  exported: boolean,
  owner: Owner | undefined,
  text: string,
): SymbolFact {
  const javadoc = javadocNode(node);
  return symbolAt(node, {
    name,
    kind,
    signature: declarationSignature(node, text),
    exported,
    container: owner?.name,
    doc: javadoc ? firstSentence(javadoc.text) : undefined,
  });
}

/** Modifier keywords (annotations left out) and the declaration up to its body. */
function declarationSignature(node: SyntaxNode, text: string): string {
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  const from = modifiers ? modifiers.endIndex : node.startIndex;
  const body = node.childForFieldName('body');
  const rest = signatureOf(text, node, body?.startIndex, from);
  return oneLine([...modifierKeywords(node), rest].join(' '));
}

function modifierKeywords(node: SyntaxNode): string[] {
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  return (modifiers?.children ?? [])
    .filter((child) => !child.type.endsWith('annotation'))
    .map((child) => child.text);
}

function isExported(node: SyntaxNode, owner: Owner | undefined): boolean {
  const keywords = modifierKeywords(node);
  const visible =
    keywords.includes('public') || (owner?.implicitlyPublic === true && !keywords.includes('private'));
  return visible && (owner?.exported ?? true);
}

/**
 * The `/** ... *\/` comment right above a declaration (annotations are part of the declaration;
 * line comments between the two, such as a disabled `//@Immutable`, are passed over). Blank lines
 * between the doc and the declaration do not detach it: javadoc attaches it all the same (jsoup's
 * `Jsoup` class).
 */
function javadocNode(node: SyntaxNode): SyntaxNode | undefined {
  let below = node;
  let previous = node.previousNamedSibling;
  while (previous?.type === 'line_comment' && endLineOf(previous) >= below.startPosition.row) {
    below = previous;
    previous = previous.previousNamedSibling;
  }
  if (previous?.type !== 'block_comment' || !previous.text.startsWith('/**')) return undefined;
  return previous;
}

// ---------------------------------------------------------------- routes

const SPRING_VERBS: Record<string, string> = {
  GetMapping: 'GET',
  PostMapping: 'POST',
  PutMapping: 'PUT',
  DeleteMapping: 'DELETE',
  PatchMapping: 'PATCH',
  RequestMapping: 'ALL',
};

const JAX_RS_VERBS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);

/** A type's `@RequestMapping("/api")` (Spring) or `@Path("/api")` (JAX-RS) under its owner's prefixes. */
function routePrefixes(node: SyntaxNode, outer: string[]): string[] {
  for (const annotation of annotationsOf(node)) {
    const name = annotationName(annotation);
    if (name !== 'RequestMapping' && name !== 'Path') continue;
    const paths = annotationStrings(annotation, ['value', 'path']);
    if (paths.length > 0) return outer.flatMap((prefix) => paths.map((path) => joinRoutePath(prefix, path)));
  }
  return outer;
}

function methodRoutes(method: SyntaxNode, handler: string, prefixes: string[]): RouteFact[] {
  const annotations = annotationsOf(method);
  const routes: RouteFact[] = [];
  const add = (verb: string, paths: string[], framework: string, line: number) => {
    for (const prefix of prefixes)
      for (const path of paths.length > 0 ? paths : [''])
        routes.push({ method: verb, path: joinRoutePath(prefix, path) || '/', framework, line, handler });
  };
  for (const annotation of annotations) {
    const name = annotationName(annotation);
    const verb = SPRING_VERBS[name];
    if (verb) {
      const paths = annotationStrings(annotation, ['value', 'path']);
      const methods = name === 'RequestMapping' ? requestMethods(annotation) : [verb];
      for (const each of methods) add(each, paths, 'spring', lineOf(annotation));
    } else if (JAX_RS_VERBS.has(name)) {
      const pathAnnotation = annotations.find((candidate) => annotationName(candidate) === 'Path');
      const paths = pathAnnotation ? annotationStrings(pathAnnotation, ['value']) : [];
      add(name, paths, 'jax-rs', lineOf(annotation));
    }
  }
  return routes;
}

function annotationsOf(node: SyntaxNode): SyntaxNode[] {
  const modifiers = node.namedChildren.find((child) => child.type === 'modifiers');
  return (modifiers?.namedChildren ?? []).filter((child) => child.type.endsWith('annotation'));
}

function annotationName(annotation: SyntaxNode): string {
  const name = compact(annotation.childForFieldName('name')?.text ?? '');
  return name.slice(name.lastIndexOf('.') + 1);
}

/** String values of an annotation: its single value, or the values of the named elements. */
function annotationStrings(annotation: SyntaxNode, keys: string[]): string[] {
  const values: string[] = [];
  for (const argument of annotation.childForFieldName('arguments')?.namedChildren ?? []) {
    if (argument.type === 'element_value_pair') {
      if (keys.includes(argument.childForFieldName('key')?.text ?? ''))
        values.push(...stringsOf(argument.childForFieldName('value')));
    } else values.push(...stringsOf(argument));
  }
  return values;
}

/** `method = RequestMethod.POST` or `{RequestMethod.GET, RequestMethod.HEAD}`; `ALL` when absent. */
function requestMethods(annotation: SyntaxNode): string[] {
  for (const argument of annotation.childForFieldName('arguments')?.namedChildren ?? []) {
    if (argument.type !== 'element_value_pair' || argument.childForFieldName('key')?.text !== 'method')
      continue;
    const value = argument.childForFieldName('value');
    const items =
      value?.type === 'element_value_array_initializer' ? value.namedChildren : value ? [value] : [];
    const methods = items.map((item) => compact(item.text).replace(/^.*\./, '').toUpperCase());
    if (methods.length > 0) return methods;
  }
  return ['ALL'];
}

function stringsOf(node: SyntaxNode | null): string[] {
  if (!node) return [];
  if (node.type === 'element_value_array_initializer') return node.namedChildren.flatMap(stringsOf);
  const value = stringLiteral(node);
  return value === undefined ? [] : [value];
}

// ---------------------------------------------------------------- environment

/** `System.getenv("X")`. */
function collectEnvironmentReads(root: SyntaxNode): FileFacts['env'] {
  const reads: FileFacts['env'] = [];
  for (const call of root.descendantsOfType('method_invocation')) {
    if (call.childForFieldName('name')?.text !== 'getenv') continue;
    if (!/^(java\.lang\.)?System$/.test(compact(call.childForFieldName('object')?.text ?? ''))) continue;
    const argument = call.childForFieldName('arguments')?.namedChildren[0];
    const name = argument ? stringLiteral(argument) : undefined;
    if (name) reads.push({ line: lineOf(call), name });
  }
  return reads;
}

// ---------------------------------------------------------------- literals

function stringLiteral(node: SyntaxNode): string | undefined {
  if (node.type !== 'string_literal' || node.text.startsWith('"""')) return undefined;
  return node.text.slice(1, -1);
}
