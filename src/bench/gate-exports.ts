/**
 * The removed-export mutation's targets: an export that an importer of the tree still takes by
 * name. Removing an export nobody imports is no broken change, so the first export of an imported
 * module is not enough (vite's plugin-legacy exports `Options`, which its one importer, a test,
 * does not use). One target through ESM (`import { x } from`), one through CommonJS
 * destructuring (`const { x } = require(...)`), one read off the module's binding (`m.x`).
 */
import { readFileSync } from 'node:fs';
import { destructuredNames, type GraphEdge, type IndexedFile, usesOf } from '../api/index.js';
import { joinPath } from '../shared/path.js';

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
  edges: readonly GraphEdge[],
): ImportedExport[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
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
