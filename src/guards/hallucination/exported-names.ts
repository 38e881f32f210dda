/**
 * Imported names a module does not export: ESM `import { x } from './y'` and CommonJS
 * destructuring `const { x } = require('./y')`. Silent when the target's names cannot be known
 * (it did not parse, it re-exports a module we cannot see, it assigns a value to module.exports).
 */
import type { DependencyGraph } from '../../graph/types.js';
import type { ImportFact, IndexedFile } from '../../index/types.js';
import { findingId } from '../types.js';
import { type CheckSink, type HallucinationInput, isScript } from './input.js';
import { readRepositoryFile } from './read.js';

export function checkImportedNames(
  path: string,
  input: HallucinationInput,
  byPath: Map<string, IndexedFile>,
  sink: CheckSink,
): void {
  const file = byPath.get(path);
  if (!file || !isScript(file)) return;
  let text: string | undefined;
  for (const fact of file.imports) {
    const target = importedModule(path, fact, byPath, input.graph);
    if (!target) continue;
    let names = fact.kind === 'static' || fact.kind === 'reexport' ? fact.names : [];
    if (fact.kind === 'require') {
      text ??= readRepositoryFile(input.root, path) ?? '';
      names = destructuredNames(text, fact.specifier);
    }
    if (names.length === 0) continue;
    const exported = namesVisibleTo(path, target, input, byPath);
    if (!exported) continue;
    // A CommonJS module that exports a value (module.exports = fn) may carry any property.
    // An empty list means the names are built at run time.
    if (fact.kind === 'require' && (exported.has('default') || exported.size === 0)) continue;
    for (const name of names) addIfMissing(path, fact, name, target, exported, sink);
  }
}

function addIfMissing(
  path: string,
  fact: ImportFact,
  name: string,
  target: IndexedFile,
  exported: Set<string>,
  sink: CheckSink,
): void {
  if (name === '*') return;
  sink.checked.names++;
  if (exported.has(name)) return;
  if (name === 'default' && exported.size === 0) return;
  sink.findings.push({
    id: findingId('hallucination', 'missing-export', path, `${target.path}#${name}`),
    guard: 'hallucination',
    rule: 'missing-export',
    severity: 'block',
    message: `${path} ${fact.kind === 'require' ? 'requires' : 'imports'} ${name === 'default' ? 'a default export' : `"${name}"`} from ${target.path}, which does not export it.`,
    file: path,
    line: fact.line,
    evidence: [`${target.path} exports: ${[...exported].sort().slice(0, 30).join(', ') || '(nothing)'}`],
    requiredAction: 'repair',
  });
}

function importedModule(
  path: string,
  fact: ImportFact,
  byPath: Map<string, IndexedFile>,
  graph: DependencyGraph,
): IndexedFile | undefined {
  if (fact.kind !== 'static' && fact.kind !== 'reexport' && fact.kind !== 'require') return undefined;
  const edge = graph.edges.find(
    (candidate) =>
      candidate.from === path &&
      !candidate.external &&
      candidate.line === fact.line &&
      candidate.specifier === fact.specifier,
  );
  const target = edge ? byPath.get(edge.to) : undefined;
  return target && isScript(target) && target.confidence === 'parsed' ? target : undefined;
}

/** The keys of `const { a, b: c, d = 1 } = require('spec')` (empty when the require is not destructured). */
export function destructuredNames(text: string, specifier: string): string[] {
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `(?:const|let|var)\\s*\\{([^{}]*)\\}\\s*=\\s*require\\(\\s*(['"\`])${quoted}\\2\\s*\\)`,
    'g',
  );
  const names = new Set<string>();
  for (const match of text.matchAll(pattern))
    for (const part of match[1]!.split(',')) {
      const key = /^\s*(?:\.\.\.)?\s*([A-Za-z_$][\w$]*)/.exec(part.replace(/\/\/.*$|\/\*[\s\S]*?\*\//g, ''));
      if (key && !/^\s*\.\.\./.test(part)) names.add(key[1]!);
    }
  return [...names];
}

const DECLARATION = /\.d\.[cm]?ts$/;

/**
 * The names an importer can take from a module. A TypeScript importer of `x.js` also sees the
 * types of its declaration file `x.d.ts`, and a declaration file exports every top-level
 * declaration (TypeScript's rule for .d.ts modules); `export =` makes the names unknowable.
 */
function namesVisibleTo(
  importer: string,
  target: IndexedFile,
  input: HallucinationInput,
  byPath: Map<string, IndexedFile>,
): Set<string> | undefined {
  const modules = [target];
  if (/\.[cm]?tsx?$/.test(importer) && !DECLARATION.test(target.path)) {
    const stem = target.path.replace(/\.[cm]?jsx?$/, '');
    const declaration = ['.d.ts', '.d.mts', '.d.cts'].map((ext) => byPath.get(stem + ext)).find(Boolean);
    if (declaration) modules.push(declaration);
  }
  const names = new Set<string>();
  for (const module of modules) {
    const exported = exportedNames(module, byPath, input.graph);
    if (!exported) return undefined;
    if (DECLARATION.test(module.path)) {
      const text = readRepositoryFile(input.root, module.path) ?? '';
      if (/^\s*export\s*=/m.test(text)) return undefined;
      if (!/^\s*export\s*\{\s*\}/m.test(text))
        for (const symbol of module.symbols) if (!symbol.container) exported.add(symbol.name);
    }
    for (const name of exported) names.add(name);
  }
  return names;
}

/** Names a module exports, following `export * from`; undefined when that cannot be known for sure. */
function exportedNames(
  file: IndexedFile,
  byPath: Map<string, IndexedFile>,
  graph: DependencyGraph,
  seen = new Set<string>(),
): Set<string> | undefined {
  if (seen.has(file.path)) return new Set();
  seen.add(file.path);
  const names = new Set<string>();
  for (const entry of file.exports) {
    if (entry.name !== '*') {
      names.add(entry.name);
      continue;
    }
    if (!entry.from) return undefined;
    const edge = graph.edges.find(
      (candidate) =>
        candidate.from === file.path && candidate.specifier === entry.from && !candidate.external,
    );
    const target = edge ? byPath.get(edge.to) : undefined;
    if (target?.confidence !== 'parsed') return undefined;
    const inner = exportedNames(target, byPath, graph, seen);
    if (!inner) return undefined;
    for (const name of inner) if (name !== 'default') names.add(name);
  }
  // A CommonJS module assigning a value (not an object literal) to module.exports has unknown names.
  if (file.imports.some((fact) => fact.kind === 'require') && names.size === 1 && names.has('default'))
    return undefined;
  return names;
}
