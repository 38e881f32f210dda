/**
 * The shared tree-sitter runtime of the Python, Go, Rust and Java adapters. `web-tree-sitter`
 * is initialised once per process (or worker thread: each has its own module instance) and
 * each grammar is loaded once, from the wasm files of `@vscode/tree-sitter-wasm`. After
 * `loadGrammar()`, parsing is synchronous, and every tree is freed as soon as it was read:
 * trees live in wasm memory, which the JavaScript garbage collector does not see.
 */
import { createRequire } from 'node:module';
import { Language, type Node, Parser } from 'web-tree-sitter';
import { oneLine } from '../lines.js';
import { symbolFact } from '../symbol-fact.js';
import type { ExportFact, FileFacts, SymbolFact, SymbolKind } from '../types.js';
import { type ExtractInput, emptyFacts, type LanguageAdapter } from './adapter.js';

export type Grammar = 'python' | 'go' | 'rust' | 'java';
export type { Node as SyntaxNode };

const requireFromHere = createRequire(import.meta.url);
let runtime: Promise<void> | undefined;
const loading = new Map<Grammar, Promise<void>>();
const parsers = new Map<Grammar, Parser>();

/** Loads a grammar (and the runtime, the first time); concurrent and repeated calls share one load. */
export function loadGrammar(grammar: Grammar): Promise<void> {
  let promise = loading.get(grammar);
  if (!promise) {
    promise = createParser(grammar);
    loading.set(grammar, promise);
    // a failed load (missing wasm) may be retried by a later call, e.g. after `npm ci`
    promise.catch(() => loading.delete(grammar));
  }
  return promise;
}

async function createParser(grammar: Grammar): Promise<void> {
  runtime ??= Parser.init().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  await runtime;
  const wasm = requireFromHere.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${grammar}.wasm`);
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasm));
  parsers.set(grammar, parser);
}

/** Parses `text` and hands the root to `read`; the tree is deleted when `read` returns or throws. */
export function withTree<T>(grammar: Grammar, text: string, read: (root: Node) => T): T {
  const parser = parsers.get(grammar);
  if (!parser) throw new Error(`the ${grammar} grammar is not loaded (init() was not awaited)`);
  const tree = parser.parse(text);
  if (!tree) throw new Error(`the ${grammar} parser returned no tree`);
  try {
    return read(tree.rootNode);
  } finally {
    tree.delete();
  }
}

export interface TreeSitterLanguage {
  id: string;
  languages: readonly string[];
  version: number;
  grammar: Grammar;
  /** Fills `facts` from the tree. Runs synchronously; nodes are invalid once it returns. */
  read(root: Node, input: ExtractInput, facts: FileFacts): void;
}

/** A `LanguageAdapter` over a tree-sitter grammar: confidence, syntax diagnostics and crash safety. */
export function treeSitterAdapter(language: TreeSitterLanguage): LanguageAdapter {
  return {
    id: language.id,
    languages: language.languages,
    version: language.version,
    init: () => loadGrammar(language.grammar),
    extract(input) {
      try {
        return withTree(language.grammar, input.text, (root) => {
          const facts = emptyFacts(input.text, root.hasError ? 'partial' : 'parsed');
          if (root.hasError) facts.diagnostics.push(...syntaxDiagnostics(root));
          language.read(root, input, facts);
          if (root.hasError && facts.imports.length + facts.symbols.length === 0) facts.confidence = 'failed';
          return facts;
        });
      } catch (error) {
        const facts = emptyFacts(input.text, 'failed');
        facts.diagnostics.push({ line: 1, message: `parser crashed: ${(error as Error).message}` });
        return facts;
      }
    },
  };
}

/**
 * Syntax errors on the first `limit` lines that have one: MISSING nodes, and ERROR nodes that
 * hold no more precise error inside (tree-sitter may wrap a whole file in one ERROR around a
 * single missing `)`). Only subtrees that contain errors are visited.
 */
export function syntaxDiagnostics(root: Node, limit = 5): FileFacts['diagnostics'] {
  const byLine = new Map<number, string>();
  const report = (node: Node, message: string) => {
    if (!byLine.has(lineOf(node))) byLine.set(lineOf(node), message);
  };
  const visit = (node: Node): void => {
    if (byLine.size >= limit) return;
    if (node.isMissing) {
      report(node, `syntax error: missing ${JSON.stringify(node.type)}`);
      return;
    }
    const before = byLine.size;
    for (const child of node.children) if (child.hasError || child.isMissing) visit(child);
    if (node.isError && byLine.size === before)
      report(node, `syntax error near ${JSON.stringify(oneLine(node.text, 40))}`);
  };
  visit(root);
  return [...byLine]
    .slice(0, limit)
    .map(([line, message]) => ({ line, message }))
    .sort((a, b) => a.line - b.line);
}

/** Descendants by node type; every type asked for maps to a (possibly empty) list in document order. */
export type NodesOfType = (type: string) => Node[];

/**
 * All descendants of the given types in one walk of the tree. Each `descendantsOfType` call
 * walks the whole tree in wasm, so adapters ask once for everything they need (and skip types
 * whose trigger words are absent from the text).
 */
export function descendantsByType(root: Node, types: readonly string[]): NodesOfType {
  const byType = new Map<string, Node[]>(types.map((type) => [type, []]));
  if (types.length > 0)
    for (const node of root.descendantsOfType([...types])) byType.get(node.type)?.push(node);
  return (type) => byType.get(type) ?? [];
}

/** 1-based line of a node's first character. */
export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

/** 1-based line of a node's last character (a node ending right after a newline ends on the line before). */
export function endLineOf(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
}

export interface SymbolDetails {
  name: string;
  kind: SymbolKind;
  signature: string;
  exported: boolean;
  container?: string | undefined;
  doc?: string | undefined;
}

/** A symbol spanning `node`'s lines; `container` and `doc` only when there is one. */
export function symbolAt(node: Node, details: SymbolDetails): SymbolFact {
  const { name, kind, signature, exported, container, doc } = details;
  return symbolFact({
    container: container || undefined,
    doc,
    endLine: endLineOf(node),
    exported,
    kind,
    line: lineOf(node),
    name,
    signature,
  });
}

/** The exports of a file's exported top-level symbols: one value export each, at the symbol's line. */
export function exportsOf(symbols: readonly SymbolFact[]): ExportFact[] {
  return symbols
    .filter((symbol) => symbol.exported && !symbol.container)
    .map((symbol) => ({ line: symbol.line, name: symbol.name, typeOnly: false }));
}

/** A declaration's text from its start to where its body begins (or its first line), on one line. */
export function signatureOf(text: string, node: Node, bodyStart?: number, from = node.startIndex): string {
  const end = bodyStart !== undefined && bodyStart > from ? bodyStart : node.endIndex;
  let raw = text.slice(from, Math.min(end, from + 400));
  if (bodyStart === undefined) raw = raw.split('\n', 1)[0]!;
  return oneLine(raw.replace(/\s*[{:=;]\s*$/, ''));
}

/**
 * Comments directly above `node`: consecutive previous siblings accepted by `isComment`, with no
 * blank line between them, stepping over siblings accepted by `skip` (attributes, annotations).
 */
export function commentsAbove(
  node: Node,
  isComment: (sibling: Node) => boolean,
  skip: (sibling: Node) => boolean = () => false,
): Node[] {
  const comments: Node[] = [];
  let boundary = node.startPosition.row;
  for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
    if (endLineOf(sibling) < boundary) break;
    if (skip(sibling)) {
      boundary = sibling.startPosition.row;
      continue;
    }
    if (!isComment(sibling)) break;
    comments.unshift(sibling);
    boundary = sibling.startPosition.row;
  }
  return comments;
}

/** Whether an identifier starts with an upper-case letter (Go's export rule, Unicode aware). */
export function isCapitalised(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

/** Joins a route prefix and a path with exactly one slash between them. */
export function joinRoutePath(prefix: string, path: string): string {
  if (!prefix) return path || '/';
  if (!path) return prefix;
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Source text without whitespace (`a . b` -> `a.b`, names split over lines). */
export function compact(source: string): string {
  return source.replace(/\s+/g, '');
}
