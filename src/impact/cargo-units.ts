/**
 * What Cargo really runs of the Rust files under a crate's `tests/`. A test target is built from
 * `tests/x.rs`, `tests/x/main.rs` or a `[[test]]` of the manifest; the files its root brings in
 * (`mod x;`, or by path: `#[path]`, `automod::dir!("tests/x")`) are its modules. So a file there
 * is one of three things:
 * - a **test**: a target's root or module that holds test cases (or a root that declares no
 *   module, whose tests the finder may not read: it runs as its own target);
 * - **support** of a target: compiled into it but holding no test (a helper module such as
 *   `tests/util.rs`, a root that only declares modules, a shared `tests/common/`). Nothing runs
 *   it alone: it runs, and is proven, when any test of its target runs;
 * - **not compiled**: no target reaches it (trybuild inputs `tests/ui/*.rs`, a module no root
 *   declares). It is data, read by the tests that name it.
 */
import { findTestCases, suiteCaseContext } from './cases/find.js';
import { type Crate, cargoModulePathOf, cargoTestTargetOf, crateOf, testTargetRoot } from './packages.js';
import type { SelectionFacts } from './selection-facts.js';

export type CargoFileRole = 'test' | 'support' | 'not-compiled';

export interface CargoUnits {
  /** The role of a Rust file under a crate's `tests/`; undefined for any other file. */
  roleOf(file: string): CargoFileRole | undefined;
  /** Whether running `test` runs the support file `support` (they share its target, or its crate for a shared folder). */
  runsSupport(support: string, test: string): boolean;
  /**
   * Whether a test file's target or module path names a changed Rust module (`tests/index/disallowed.rs`,
   * module `index::disallowed`, for `crates/core/index.rs` or `crates/core/index/mod.rs`): by
   * Rust's convention it tests that module as a whole.
   */
  namesChangedModule(test: string, changed: readonly string[]): boolean;
  /**
   * Whether the crate of a test file is, or builds on, the crate of any changed file: a test
   * binary links only its crate and the crates it depends on, so otherwise it cannot run the
   * change. Undefined for a file of no crate's tests.
   */
  linksChange(test: string, changed: readonly string[]): boolean | undefined;
}

type UnitFacts = Pick<SelectionFacts, 'crates' | 'rustModules' | 'readTest'>;

export function cargoUnits(files: readonly string[], facts: UnitFacts): CargoUnits {
  const rust = files.filter((file) => file.endsWith('.rs') && crateTestFile(facts.crates, file));
  const context = suiteCaseContext(rust, facts.readTest);
  const roles = new Map<string, CargoFileRole>();
  // The target a file is compiled into (`-p ripgrep --test integration`), `-p crate` for a shared folder.
  const targets = new Map<string, string>();
  const modulePaths = new Map<string, string[]>();
  for (const file of rust) {
    const crate = crateTestFile(facts.crates, file)!;
    const target = compiledInto(crate, file, facts);
    if (target === undefined) {
      const shared = sharedModule(crate, file, rust, facts);
      roles.set(file, shared ? 'support' : 'not-compiled');
      if (shared) targets.set(file, `-p ${crate.name}`);
      continue;
    }
    targets.set(file, `-p ${crate.name} --test ${target}`);
    modulePaths.set(file, [target, ...modulePathOf(crate, file, target)]);
    const isRoot = testTargetRoot(crate, target) === file;
    const declares = (facts.rustModules.get(file) ?? []).length > 0;
    const holdsTests = findTestCases(file, facts.readTest(file) ?? '', context).length > 0;
    roles.set(file, holdsTests || (isRoot && !declares) ? 'test' : 'support');
  }
  const runsSupport = (support: string, test: string) => {
    const [wanted, got] = [targets.get(support), targets.get(test)];
    return wanted !== undefined && got !== undefined && (got === wanted || got.startsWith(`${wanted} `));
  };
  const namesChangedModule = (test: string, changed: readonly string[]) => {
    const names = new Set(changed.filter((file) => file.endsWith('.rs')).map(moduleNameOf));
    return (modulePaths.get(test) ?? []).some((segment) => names.has(segment));
  };
  const linksChange = (test: string, changed: readonly string[]) => {
    const crate = crateTestFile(facts.crates, test);
    if (!crate) return undefined;
    const reached = new Set([crate.dir, ...dependenciesOf(facts.crates, crate)]);
    return changed.some((file) => {
      const owner = crateOf(facts.crates, file);
      return owner !== undefined && reached.has(owner.dir);
    });
  };
  return { roleOf: (file) => roles.get(file), runsSupport, namesChangedModule, linksChange };
}

/** The module a Rust source file is: its stem, or its folder's name for `mod.rs`, `lib.rs`, `main.rs`. */
function moduleNameOf(file: string): string {
  const parts = file.replace(/\.rs$/, '').split('/');
  const stem = parts[parts.length - 1]!;
  return ['mod', 'lib', 'main'].includes(stem) && parts.length > 1 ? parts[parts.length - 2]! : stem;
}

/** A compiled test file's module path inside its target (`['index', 'disallowed']`), from its path below the root's folder. */
function modulePathOf(crate: Crate, file: string, target: string): string[] {
  const root = testTargetRoot(crate, target);
  if (root === file) return [];
  const folder = root.slice(0, root.lastIndexOf('/') + 1);
  return file
    .slice(folder.length)
    .replace(/(\/mod)?\.rs$/, '')
    .split('/');
}

/** The folders of the crates `crate` depends on by path, directly or through others. */
function dependenciesOf(crates: readonly Crate[], crate: Crate): string[] {
  const found = new Set<string>();
  const queue = [...crate.dependsOn];
  while (queue.length > 0) {
    const dir = queue.pop()!;
    if (found.has(dir)) continue;
    found.add(dir);
    queue.push(...(crates.find((candidate) => candidate.dir === dir)?.dependsOn ?? []));
  }
  return [...found];
}

/** The crate whose `tests/` holds the file, if any. */
function crateTestFile(crates: readonly Crate[], file: string): Crate | undefined {
  const crate = crateOf(crates, file);
  if (!crate) return undefined;
  return file.startsWith(crate.dir ? `${crate.dir}/tests/` : 'tests/') ? crate : undefined;
}

/** The target that compiles the file: its root, a module the root declares, or one it names by path; undefined when none does. */
function compiledInto(crate: Crate, file: string, facts: UnitFacts): string | undefined {
  const target = cargoTestTargetOf(crate, file);
  if (target === undefined) return undefined;
  const root = testTargetRoot(crate, target);
  if (root === file) return target;
  const declared = (path: string) => facts.rustModules.get(path) ?? [];
  if (cargoModulePathOf(crate, file, declared)) return target;
  return namesByPath(facts.readTest(root) ?? '', crate, file) ? target : undefined;
}

/** Whether a root's text names the file, or its folder, in a string literal (`"tests/builder"`, `"util.rs"`). */
function namesByPath(text: string, crate: Crate, file: string): boolean {
  const relative = crate.dir ? file.slice(crate.dir.length + 1) : file;
  const folder = relative.slice(0, relative.lastIndexOf('/'));
  const base = relative.slice(relative.lastIndexOf('/') + 1);
  const strings = [...text.matchAll(/"([^"\\\n]+)"/g)].map((match) => match[1]!.replace(/\/+$/, ''));
  return strings.some(
    (value) => value === folder || value === relative || value === base || value.endsWith(`/${base}`),
  );
}

/** A file of a folder `tests/x/` that no target owns but a root `tests/y.rs` of the crate declares `mod x;` for (a shared `tests/common/`). */
function sharedModule(crate: Crate, file: string, rust: readonly string[], facts: UnitFacts): boolean {
  const tests = crate.dir ? `${crate.dir}/tests/` : 'tests/';
  const folder = /^([^/]+)\//.exec(file.slice(tests.length))?.[1];
  if (folder === undefined) return false;
  return rust.some(
    (root) =>
      root.startsWith(tests) &&
      !root.slice(tests.length).includes('/') &&
      (facts.rustModules.get(root) ?? []).includes(folder),
  );
}
