/**
 * `centralModules()`: the "read first" list of AGENTS.md. Real source only (never examples,
 * fixtures, playgrounds, benches, generated files or `.d.ts` declarations), in the order its
 * heading states: the main package's entrypoints, then the most imported modules. A file nobody
 * imports is not listed to fill the list. Go's unit is the package: a file's importers are its
 * package's importers (other packages), and a package is shown by the files with the widest API.
 */
import type { DependencyGraph } from '../graph/types.js';
import type { IndexedFile } from '../index/types.js';
import { CODE_LANGUAGES } from '../scan/classify.js';
import { isAuxiliaryPath } from '../scan/file-kinds.js';
import { auxiliaryMatcher, type DeclaredPackage } from '../scan/packages.js';
import type { Entrypoint } from './entrypoints.js';
import type { FileRank } from './rank.js';

export interface CentralModule {
  path: string;
  /** Importing files (Go: importing packages) among the real sources. */
  importedBy: number;
  why: string;
  summary: string;
}

/** Code languages minus markup, styles, queries and shell scripts: those do not make a module central. */
const NOT_MODULES = new Set(['shell', 'powershell', 'sql', 'graphql', 'protobuf', 'css', 'html']);
const MODULE_LANGUAGES = new Set([...CODE_LANGUAGES].filter((language) => !NOT_MODULES.has(language)));
const MAX_ENTRY_UNITS = 3;
/** The list never grows past this, whatever the config says: a longer one is not "read first". */
export const MAX_CENTRAL = 12;
const FILES_PER_PACKAGE = 3;

export function isRealSource(
  file: IndexedFile,
  auxiliary: (path: string) => boolean = isAuxiliaryPath,
): boolean {
  return (
    file.kind === 'source' &&
    MODULE_LANGUAGES.has(file.language) &&
    !file.path.endsWith('.d.ts') &&
    !auxiliary(file.path)
  );
}

interface Unit {
  key: string;
  files: IndexedFile[];
  /** Distinct units importing this one (Go: packages; else files). */
  importers: number;
  pagerank: number;
  entry?: Entrypoint;
}

/**
 * The units the list was chosen from, in listing order (entrypoints' units first, then the most
 * imported), with their importer counts: what an update keeps when nothing they were counted from
 * moved (`keptCentralModules()`), so one edit inside a function body does not count every edge again.
 */
export interface CentralChoice {
  /** `centralBasis()` of the choice: what it depends on besides the graph and the ranking. */
  basis: string;
  units: Array<{ key: string; importers: number; entry?: string }>;
}

export interface CentralModules {
  modules: CentralModule[];
  choice: CentralChoice;
}

/** What the choice of units reads besides graph and ranking: the cap, the harness packages and the entrypoints. */
export function centralBasis(
  limit: number,
  packages: readonly DeclaredPackage[],
  entrypoints: string,
): string {
  const harnesses = packages.filter((entry) => entry.benchmark !== undefined).map((entry) => entry.path);
  return JSON.stringify([Math.min(limit, MAX_CENTRAL), harnesses, entrypoints]);
}

export function centralModules(
  files: readonly IndexedFile[],
  graph: DependencyGraph,
  entrypoints: readonly Entrypoint[],
  ranking: readonly FileRank[],
  limit: number,
  /** The project's packages: a benchmark harness among them is not the product (`auxiliaryMatcher`). */
  packages: readonly DeclaredPackage[] = [],
  basis = '',
): CentralModules {
  const auxiliary = auxiliaryMatcher(packages);
  const byPath = unitsOf(
    files.filter((file) => isRealSource(file, auxiliary)),
    graph,
    ranking,
  );
  const entries = entryUnits(byPath, entrypoints);
  const cap = Math.min(limit, MAX_CENTRAL);
  // Every unit shows at least one file, so the `cap` most imported are all that can be listed.
  const others = mostImported(
    new Set(byPath.values()),
    (unit) => !entries.includes(unit) && unit.importers > 0,
    cap,
  );
  const units = [...entries, ...others];
  const choice = {
    basis,
    units: units.map(({ key, importers, entry }) => ({
      key,
      importers,
      ...(entry ? { entry: entry.path } : {}),
    })),
  };
  return { modules: listed(units, cap), choice };
}

/**
 * The list from a kept choice: the same units with the same importer counts, their files and
 * summaries as they are now. Valid when the graph and the ranking it was made from stand, no
 * changed file moved in or out of the real sources, and `centralBasis()` is the same.
 */
export function keptCentralModules(
  choice: CentralChoice,
  files: readonly IndexedFile[],
  entrypoints: readonly Entrypoint[],
  limit: number,
  packages: readonly DeclaredPackage[] = [],
): CentralModules {
  const auxiliary = auxiliaryMatcher(packages);
  const entryByPath = new Map(entrypoints.map((entry) => [entry.path, entry]));
  const units = choice.units.map(
    ({ key, importers, entry }): Unit => ({
      key,
      files: [],
      importers,
      pagerank: 0,
      ...(entry && entryByPath.has(entry) ? { entry: entryByPath.get(entry)! } : {}),
    }),
  );
  const byKey = new Map(units.map((unit) => [unit.key, unit]));
  for (const file of files) {
    const unit = byKey.get(unitKey(file));
    if (unit && isRealSource(file, auxiliary)) unit.files.push(file);
  }
  return { modules: listed(units, Math.min(limit, MAX_CENTRAL)), choice };
}

/** The first `cap` files the units show, in their order. */
function listed(units: readonly Unit[], cap: number): CentralModule[] {
  const modules: CentralModule[] = [];
  for (const unit of units) {
    for (const file of filesShown(unit)) {
      if (modules.length >= cap) return modules;
      modules.push({
        path: file.path,
        importedBy: unit.importers,
        why: whyListed(unit, file),
        summary: file.summary.text,
      });
    }
  }
  return modules;
}

function unitKey(file: Pick<IndexedFile, 'path' | 'language'>): string {
  if (file.language !== 'go') return file.path;
  const slash = file.path.lastIndexOf('/');
  return slash === -1 ? '.' : file.path.slice(0, slash);
}

/**
 * Each real source file's unit, with how many units import it. Importer pairs are kept as numbers
 * in one set (unit positions), not a set of keys per unit: 10k units and 35k edges per build.
 */
function unitsOf(
  real: IndexedFile[],
  graph: DependencyGraph,
  ranking: readonly FileRank[],
): Map<string, Unit> {
  const pagerank = new Map(ranking.map((rank) => [rank.path, rank.pagerank]));
  const units = new Map<string, Unit>();
  const byPath = new Map<string, Unit>();
  const position = new Map<Unit, number>();
  for (const file of real) {
    const key = unitKey(file);
    let unit = units.get(key);
    if (!unit) {
      unit = { key, files: [], importers: 0, pagerank: 0 };
      units.set(key, unit);
      position.set(unit, position.size);
    }
    unit.files.push(file);
    unit.pagerank = Math.max(unit.pagerank, pagerank.get(file.path) ?? 0);
    byPath.set(file.path, unit);
  }
  const pairs = new Set<number>();
  for (const edge of graph.edges) {
    if (edge.external) continue;
    const from = byPath.get(edge.from);
    const to = byPath.get(edge.to);
    if (!from || !to || from === to) continue;
    const pair = position.get(from)! * units.size + position.get(to)!;
    if (pairs.has(pair)) continue;
    pairs.add(pair);
    to.importers++;
  }
  return byPath;
}

/** Most importers first, then PageRank, then key. */
function byImporters(a: Unit, b: Unit): number {
  return b.importers - a.importers || b.pagerank - a.pagerank || (a.key < b.key ? -1 : 1);
}

/** The first `count` units of `units` sorted `byImporters`, among those `keep` accepts: no sort of thousands. */
function mostImported(units: Iterable<Unit>, keep: (unit: Unit) => boolean, count: number): Unit[] {
  const top: Unit[] = [];
  for (const unit of units) {
    if (!keep(unit)) continue;
    if (top.length >= count && byImporters(unit, top[top.length - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && byImporters(unit, top[at - 1]!) < 0) at--;
    top.splice(at, 0, unit);
    if (top.length > count) top.pop();
  }
  return top;
}

/** The entrypoints' units (declared ones when there are any; the list comes main package first), a few at most. */
function entryUnits(byPath: Map<string, Unit>, entrypoints: readonly Entrypoint[]): Unit[] {
  const real = entrypoints.filter((entry) => byPath.has(entry.path));
  const declared = real.filter((entry) => entry.declared);
  const chosen: Unit[] = [];
  for (const entry of declared.length > 0 ? declared : real) {
    const unit = byPath.get(entry.path)!;
    if (chosen.includes(unit)) continue;
    unit.entry = entry;
    chosen.push(unit);
    if (chosen.length >= MAX_ENTRY_UNITS) break;
  }
  return chosen;
}

/** A file unit shows itself; a Go package its entry file, then the files declaring the most exported names. */
function filesShown(unit: Unit): IndexedFile[] {
  if (unit.files.length === 1) return unit.files;
  const width = (file: IndexedFile) => file.symbols.filter((symbol) => symbol.exported).length;
  const ordered = [...unit.files].sort(
    (a, b) =>
      Number(b.path === unit.entry?.path) - Number(a.path === unit.entry?.path) ||
      width(b) - width(a) ||
      (a.path < b.path ? -1 : 1),
  );
  const shown: IndexedFile[] = [];
  for (const file of ordered) {
    if (shown.length > 0 && width(file) === 0) continue;
    if (shown.some((other) => alternativesOf(other, [file]).length > 0)) continue;
    shown.push(file);
    if (shown.length >= FILES_PER_PACKAGE) break;
  }
  return shown;
}

/**
 * Files of the same Go package that declare a name `file` declares: build-tag alternatives
 * (`codec/json/{json,go_json,jsoniter,sonic}.go`), since Go forbids one name twice in a package
 * unless build constraints keep the two files out of the same build. One unit, shown once.
 */
function alternativesOf(file: IndexedFile, others: readonly IndexedFile[]): string[] {
  if (file.language !== 'go') return [];
  const names = new Set(packageLevelNames(file));
  return others
    .filter((other) => other !== file && packageLevelNames(other).some((name) => names.has(name)))
    .map((other) => other.path.slice(other.path.lastIndexOf('/') + 1));
}

/** Names a Go file declares at package level (methods belong to their type; `init` and `_` may repeat). */
function packageLevelNames(file: IndexedFile): string[] {
  return file.symbols
    .filter((symbol) => symbol.kind !== 'method' && symbol.kind !== 'module')
    .map((symbol) => symbol.name)
    .filter((name) => name !== 'init' && name !== '_');
}

function whyListed(unit: Unit, file: IndexedFile): string {
  const alternatives = alternativesOf(file, unit.files);
  const also = alternatives.length > 0 ? `; build-tag alternatives: ${alternatives.join(', ')}` : '';
  return whyImported(unit, file) + also;
}

function whyImported(unit: Unit, file: IndexedFile): string {
  const imported =
    unit.files.length > 1 || file.language === 'go'
      ? `package imported by ${unit.importers} package${unit.importers === 1 ? '' : 's'}`
      : `imported by ${unit.importers} file${unit.importers === 1 ? '' : 's'}`;
  if (unit.entry && unit.entry.path === file.path)
    return `entrypoint (${unit.entry.reasons[0]})${unit.importers > 0 ? `; ${imported}` : ''}`;
  if (unit.entry) return `in the entrypoint's package${unit.importers > 0 ? `; ${imported}` : ''}`;
  return imported;
}
