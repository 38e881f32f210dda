/**
 * The removed-export mutation's targets: an export that an importer of the tree still takes by
 * name. Removing an export nobody imports is no broken change, so the first export of an imported
 * module is not enough (vite's plugin-legacy exports `Options`, which its one importer, a test,
 * does not use). JavaScript: one target through ESM (`import { x } from`), one through CommonJS
 * destructuring (`const { x } = require(...)`), one read off the module's binding (`m.x`).
 * Python: one through a from-import, one read off a module binding (`mod.x`). Go: one read as
 * `pkg.Name` by another package. Rust: one named by a `use` declaration. Each is a name its module defines on one line only, so renaming
 * that line removes it.
 */
import { readFileSync } from 'node:fs';
import {
  type DependencyGraph,
  destructuredNames,
  type GraphEdge,
  goRemovedNameUses,
  type IndexedFile,
  pythonRemovedNameUses,
  usesOf,
} from '../api/index.js';
import { directoryOf, joinPath } from '../shared/path.js';

export interface ImportedExport {
  /** The module whose export the mutation renames. */
  file: string;
  name: string;
  /** The export's line in `file`. */
  line: number;
  /** A file that takes `name` from `file`. */
  importer: string;
  how: How;
}

type How = 'imported' | 'destructured from require' | 'used as a member';

const HOWS: readonly How[] = ['imported', 'destructured from require', 'used as a member'];

const JS = /\.[cm]?[jt]sx?$/;

export function importedExportTargets(
  dir: string,
  files: readonly IndexedFile[],
  graph: DependencyGraph,
): ImportedExport[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  return [
    ...scriptTargets(dir, byPath, graph.edges),
    ...pythonTargets(dir, byPath, graph),
    ...goTargets(dir, byPath, graph),
    ...rustTargets(dir, byPath, graph.edges),
  ];
}

function scriptTargets(
  dir: string,
  byPath: ReadonlyMap<string, IndexedFile>,
  edges: readonly GraphEdge[],
): ImportedExport[] {
  const internal = edges
    .filter((edge) => !edge.external && edge.from !== edge.to && JS.test(edge.to) && JS.test(edge.from))
    .filter((edge) => byPath.get(edge.to)?.kind === 'source')
    .sort((a, b) =>
      a.to + a.from < b.to + b.from ? -1 : a.to + a.from > b.to + b.from ? 1 : a.line - b.line,
    );
  const targets: ImportedExport[] = [];
  for (const how of HOWS) {
    for (const edge of internal) {
      const module = byPath.get(edge.to)!;
      const names =
        how === 'imported'
          ? namedImports(byPath.get(edge.from), edge)
          : how === 'destructured from require'
            ? destructured(dir, edge)
            : members(dir, edge, module);
      const found = exportTaken(module, names);
      if (!found) continue;
      targets.push({ file: edge.to, ...found, importer: edge.from, how });
      break;
    }
  }
  return targets;
}

function namedImports(importer: IndexedFile | undefined, edge: GraphEdge): string[] {
  if (edge.kind !== 'static' && edge.kind !== 'reexport') return [];
  return (importer?.imports ?? [])
    .filter(
      (fact) => fact.specifier === edge.specifier && (fact.kind === 'static' || fact.kind === 'reexport'),
    )
    .flatMap((fact) => fact.names);
}

function destructured(dir: string, edge: GraphEdge): string[] {
  if (edge.kind !== 'require') return [];
  return destructuredNames(readFileSync(joinPath(dir, edge.from), 'utf8'), edge.specifier);
}

/** Names the importer reads off its binding of the whole module (`const m = require('./x'); m.name`). */
function members(dir: string, edge: GraphEdge, module: IndexedFile): string[] {
  const exported = module.exports.map((entry) => entry.name);
  return usesOf(readFileSync(joinPath(dir, edge.from), 'utf8'), edge.specifier, exported)
    .filter((use) => use.how.startsWith('as ') || use.how === 'a member of its require')
    .map((use) => use.name);
}

/**
 * The first of `names` that `module` exports on one line only (an overloaded or twice-assigned
 * export would survive renaming one of its lines).
 */
function exportTaken(
  module: IndexedFile,
  names: readonly string[],
): { name: string; line: number } | undefined {
  for (const name of [...names].sort()) {
    if (name === 'default' || name === '*') continue;
    const lines = module.exports.filter((entry) => entry.name === name);
    if (lines.length === 1) return { name, line: lines[0]!.line };
  }
  return undefined;
}

/** Edges between two files of `language`, to a source file, in a stable order. */
function edgesBetween(
  byPath: ReadonlyMap<string, IndexedFile>,
  edges: readonly GraphEdge[],
  language: string,
): GraphEdge[] {
  return edges
    .filter((edge) => !edge.external && edge.from !== edge.to)
    .filter((edge) => byPath.get(edge.to)?.kind === 'source' && byPath.get(edge.to)?.language === language)
    .filter((edge) => byPath.get(edge.from)?.language === language)
    .sort((a, b) =>
      a.to + a.from < b.to + b.from ? -1 : a.to + a.from > b.to + b.from ? 1 : a.line - b.line,
    );
}

function pythonTargets(
  dir: string,
  byPath: ReadonlyMap<string, IndexedFile>,
  graph: DependencyGraph,
): ImportedExport[] {
  const targets: ImportedExport[] = [];
  const edges = edgesBetween(byPath, graph.edges, 'python');
  const ways: Array<[How, (edge: GraphEdge) => string[]]> = [
    ['imported', (edge) => pythonFromImported(dir, byPath.get(edge.from)!, edge)],
    ['used as a member', (edge) => pythonMembers(dir, byPath, graph, edge)],
  ];
  for (const [how, namesOf] of ways) {
    for (const edge of edges) {
      const found = definedOnce(dir, byPath.get(edge.to)!, namesOf(edge));
      if (!found) continue;
      targets.push({ file: edge.to, ...found, importer: edge.from, how });
      break;
    }
  }
  return targets;
}

/** The names of `from module import a, b` statements whose edge is `edge` (not a submodule's). */
function pythonFromImported(dir: string, importer: IndexedFile, edge: GraphEdge): string[] {
  const stem = edge.to.replace(/(\/__init__)?\.pyi?$/, '');
  const lines = readFileSync(joinPath(dir, edge.from), 'utf8').split('\n');
  return importer.imports
    .filter((fact) => fact.line === edge.line && fact.specifier === edge.specifier)
    .filter((fact) => /^\s*from\b/.test(lines[fact.line - 1] ?? ''))
    .flatMap((fact) => fact.names)
    .filter((name) => name !== '*' && !stem.endsWith(`/${name}`) && stem !== name);
}

function pythonMembers(
  dir: string,
  byPath: ReadonlyMap<string, IndexedFile>,
  graph: DependencyGraph,
  edge: GraphEdge,
): string[] {
  const exported = byPath.get(edge.to)!.exports.map((entry) => entry.name);
  const only = { ...graph, edges: [edge] };
  return pythonRemovedNameUses(
    edge.from,
    byPath.get(edge.from)!,
    { root: dir, graph: only },
    new Map([[edge.to, exported]]),
  )
    .filter((use) => use.how.startsWith('as '))
    .map((use) => use.name);
}

function goTargets(
  dir: string,
  byPath: ReadonlyMap<string, IndexedFile>,
  graph: DependencyGraph,
): ImportedExport[] {
  const folderFiles = (folder: string) =>
    [...byPath.values()].filter(
      (file) =>
        file.language === 'go' && !file.path.endsWith('_test.go') && directoryOf(file.path) === folder,
    );
  for (const edge of edgesBetween(byPath, graph.edges, 'go')) {
    if (directoryOf(edge.from) === directoryOf(edge.to)) continue;
    const module = byPath.get(edge.to)!;
    const exported = module.exports.map((entry) => entry.name);
    const only = { ...graph, edges: [edge] };
    const used = goRemovedNameUses(
      edge.from,
      byPath.get(edge.from)!,
      { root: dir, graph: only },
      byPath,
      new Map([[edge.to, exported]]),
    ).map((use) => use.name);
    // A name declared in two files of the package (one per build tag) survives renaming one of them.
    const found = definedOnce(dir, module, used, (name) =>
      folderFiles(directoryOf(edge.to)).some(
        (file) =>
          file.path !== edge.to && file.symbols.some((symbol) => !symbol.container && symbol.name === name),
      ),
    );
    if (found) return [{ file: edge.to, ...found, importer: edge.from, how: 'used as a member' }];
  }
  return [];
}

/** The first of `names` that `module` defines once at top level, and nothing else does, with the line that spells it. */
function definedOnce(
  dir: string,
  module: IndexedFile,
  names: readonly string[],
  definedElsewhere: (name: string) => boolean = () => false,
): { name: string; line: number } | undefined {
  for (const name of [...new Set(names)].sort()) {
    const definitions = module.symbols.filter((symbol) => !symbol.container && symbol.name === name);
    const imported = module.imports.some((fact) => fact.names.includes(name));
    if (definitions.length !== 1 || imported || definedElsewhere(name)) continue;
    const line = lineSpelling(dir, module.path, definitions[0]!.line, name);
    if (line) return { name, line };
  }
  return undefined;
}

/** The first line from `from` on that has `name` as a word (a decorator may come before a `def`). */
function lineSpelling(dir: string, path: string, from: number, name: string): number | undefined {
  const lines = readFileSync(joinPath(dir, path), 'utf8').split('\n');
  const word = new RegExp(`(?<![\\w$])${name}(?![\\w$])`);
  for (let index = from - 1; index < lines.length && index < from + 20; index++)
    if (word.test(lines[index]!)) return index + 1;
  return undefined;
}

function rustTargets(
  dir: string,
  byPath: ReadonlyMap<string, IndexedFile>,
  edges: readonly GraphEdge[],
): ImportedExport[] {
  for (const edge of edgesBetween(byPath, edges, 'rust')) {
    const module = byPath.get(edge.to)!;
    const exported = new Set(module.exports.map((entry) => entry.name));
    const named = byPath
      .get(edge.from)!
      .imports.filter((fact) => fact.line === edge.line && fact.specifier === edge.specifier)
      .filter((fact) => fact.kind === 'static' || fact.kind === 'reexport')
      .flatMap((fact) => fact.names)
      .filter((name) => exported.has(name));
    const found = definedOnce(dir, module, named);
    if (found) return [{ file: edge.to, ...found, importer: edge.from, how: 'imported' }];
  }
  return [];
}
