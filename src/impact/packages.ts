/**
 * Rust crates of the tree, read from their Cargo.toml: name, folder and the crates they depend on
 * by path. Test selection uses them to name a crate (`cargo test -p name`) and to reach the
 * integration tests of crates that build on a changed one (ripgrep's root tests/ run the binary
 * built from every crate below it).
 */

import { directoryOf, joinPath } from '../shared/path.js';
import { parseToml as parseTomlText } from '../shared/toml.js';

export interface Crate {
  /** Folder of its Cargo.toml ('' at the root). */
  dir: string;
  name: string;
  /** Folders of the crates it depends on by path (dependencies, dev- and build-dependencies). */
  dependsOn: string[];
  /** Integration-test targets its manifest declares (`[[test]]`): name and repository path. */
  testTargets: Array<{ name: string; path: string }>;
  /** False when `autotests = false`: only the declared targets exist. */
  autotests: boolean;
  /** Folders `x` with a `tests/x/main.rs`: each is the target `x`, and its other files are modules. */
  testDirTargets: string[];
}

type Table = Record<string, unknown>;

export function readCrates(
  paths: readonly string[],
  readFile: (path: string) => string | undefined,
): Crate[] {
  const crates: Crate[] = [];
  let workspacePaths = new Map<string, string>();
  const manifests = paths.filter((path) => /(^|\/)Cargo\.toml$/.test(path)).sort();
  const root = manifests.includes('Cargo.toml') ? parseToml(readFile('Cargo.toml')) : undefined;
  if (root) workspacePaths = workspaceDependencyPaths(root);
  for (const manifest of manifests) {
    const table = manifest === 'Cargo.toml' ? root : parseToml(readFile(manifest));
    const name = (table?.package as Table | undefined)?.name;
    if (!table || typeof name !== 'string') continue;
    const dir = directoryOf(manifest);
    const pkg = table.package as Table;
    crates.push({
      dir,
      name,
      dependsOn: pathDependencies(table, dir, workspacePaths),
      testTargets: declaredTestTargets(table, dir),
      autotests: pkg.autotests !== false,
      testDirTargets: testDirTargets(paths, dir),
    });
  }
  return crates;
}

function testDirTargets(paths: readonly string[], dir: string): string[] {
  const prefix = dir ? `${dir}/tests/` : 'tests/';
  return paths.flatMap((path) => {
    const match = path.startsWith(prefix) ? /^([^/]+)\/main\.rs$/.exec(path.slice(prefix.length)) : null;
    return match ? [match[1]!] : [];
  });
}

function declaredTestTargets(table: Table, dir: string): Crate['testTargets'] {
  const entries = Array.isArray(table.test) ? (table.test as Table[]) : [];
  return entries.flatMap((entry) => {
    if (typeof entry.name !== 'string') return [];
    const path = typeof entry.path === 'string' ? entry.path : `tests/${entry.name}.rs`;
    return [{ name: entry.name, path: joinPath(dir, path) }];
  });
}

/**
 * The integration-test target that compiles a file under a crate's `tests/`, as Cargo finds them:
 * a declared `[[test]]` whose file it is; else (with autotests) `tests/name.rs` is target `name`
 * and, where `tests/name/main.rs` exists, every file under `tests/name/` belongs to target `name`
 * (a shared `tests/common/` belongs to none); else the one declared target whose folder holds it (ripgrep's `tests/tests.rs`,
 * which declares `mod regression;`). Undefined when that cannot be told.
 */
export function cargoTestTargetOf(crate: Crate, path: string): string | undefined {
  const declared = crate.testTargets.find((target) => target.path === path);
  if (declared) return declared.name;
  const rel = crate.dir ? path.slice(crate.dir.length + 1) : path;
  const match = /^tests\/([^/]+?)(\.rs$|\/)/.exec(rel);
  if (!match) return undefined;
  if (crate.autotests && match[2] === '.rs') return match[1];
  if (crate.autotests && crate.testDirTargets.includes(match[1]!)) return match[1];
  const holders = crate.testTargets.filter((target) => path.startsWith(`${directoryOf(target.path)}/`));
  return holders.length === 1 ? holders[0]!.name : undefined;
}

/**
 * A file's module path inside the test binary that compiles it (`['regression']` for ripgrep's
 * `tests/regression.rs` under `tests/tests.rs`): the binary's root declares `mod regression;`, so
 * libtest names its tests `regression::…`. Undefined for the root itself, or when the root does
 * not declare the module (a `#[path]` attribute, say), which libtest's filter could not then name.
 * `declaredModules` answers which modules a file declares (the index reads its `mod x;` items).
 */
export function cargoModulePathOf(
  crate: Crate,
  path: string,
  declaredModules: (path: string) => readonly string[],
): string[] | undefined {
  const target = cargoTestTargetOf(crate, path);
  const root = target === undefined ? undefined : testTargetRoot(crate, target);
  if (!root || root === path || !path.startsWith(`${directoryOf(root)}/`)) return undefined;
  const modules = path
    .slice(directoryOf(root).length + 1)
    .replace(/(\/mod)?\.rs$/, '')
    .split('/');
  return declaredModules(root).includes(modules[0]!) ? modules : undefined;
}

/** The file a test target starts from: its declared path, else `tests/x/main.rs` or `tests/x.rs`. */
export function testTargetRoot(crate: Crate, target: string): string {
  const declared = crate.testTargets.find((entry) => entry.name === target);
  if (declared) return declared.path;
  const tests = joinPath(crate.dir, 'tests');
  return crate.testDirTargets.includes(target) ? `${tests}/${target}/main.rs` : `${tests}/${target}.rs`;
}

/** The crate a file belongs to: the nearest folder above it with a crate's Cargo.toml. */
export function crateOf(crates: readonly Crate[], path: string): Crate | undefined {
  let best: Crate | undefined;
  for (const crate of crates)
    if (
      (crate.dir === '' || path.startsWith(`${crate.dir}/`)) &&
      (!best || crate.dir.length > best.dir.length)
    )
      best = crate;
  return best;
}

/** Crates that depend on `crate`, directly or through others (not `crate` itself). */
export function dependentCrates(crates: readonly Crate[], crate: Crate): Crate[] {
  const found = new Set<string>([crate.dir]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const candidate of crates)
      if (!found.has(candidate.dir) && candidate.dependsOn.some((dir) => found.has(dir))) {
        found.add(candidate.dir);
        grew = true;
      }
  }
  found.delete(crate.dir);
  return crates.filter((candidate) => found.has(candidate.dir));
}

function parseToml(text: string | undefined): Table | undefined {
  // A Cargo.toml that does not parse names no crate; cargo itself reports it.
  return text === undefined ? undefined : (parseTomlText(text) as Table | undefined);
}

function workspaceDependencyPaths(root: Table): Map<string, string> {
  const paths = new Map<string, string>();
  const dependencies = ((root.workspace as Table | undefined)?.dependencies ?? {}) as Table;
  for (const [name, spec] of Object.entries(dependencies)) {
    const path = (spec as Table | undefined)?.path;
    if (typeof path === 'string') paths.set(name, folder(path));
  }
  return paths;
}

function pathDependencies(table: Table, dir: string, workspacePaths: Map<string, string>): string[] {
  const found = new Set<string>();
  const sections = ['dependencies', 'dev-dependencies', 'build-dependencies'];
  const targets = Object.values((table.target ?? {}) as Table) as Table[];
  for (const holder of [table, ...targets])
    for (const section of sections)
      for (const [name, spec] of Object.entries((holder[section] ?? {}) as Table)) {
        const entry = spec as Table | undefined;
        if (typeof entry?.path === 'string') found.add(folder(joinPath(dir, entry.path)));
        else if (entry?.workspace === true && workspacePaths.has(name)) found.add(workspacePaths.get(name)!);
      }
  return [...found].sort();
}

function folder(path: string): string {
  const joined = joinPath(path).replace(/\/+$/, '');
  return joined === '.' ? '' : joined;
}
