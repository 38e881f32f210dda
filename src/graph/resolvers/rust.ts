/**
 * Rust module resolution over the standard file layout (rustc's own rules, without macros or
 * `cfg` evaluation):
 * - Crates come from every `Cargo.toml` with a `[package]` (workspace members included, found
 *   by walking the repository rather than by reading `members`). A file belongs to the crate
 *   root at the top of its chain of `mod` declarations; a file nobody declares goes by Cargo's
 *   layout: `[[bin]]`/`[[test]]`/... paths and files under `src/bin/`, `tests/`, `examples/`
 *   and `benches/` are roots of their own, the rest belongs to `src/lib.rs` (or `[lib] path`),
 *   else to `src/main.rs`.
 * - `mod foo;` is `foo.rs` or `foo/mod.rs` beside a directory owner (`lib.rs`, `main.rs`,
 *   `mod.rs`, a crate root) and under `<stem>/` beside any other file; `#[path = "x.rs"]` is
 *   taken relative to the declaring file's directory.
 * - `use crate::a::b::C` resolves to the deepest module file of the path (`a/b.rs`, else
 *   `a.rs`, else the crate root); `self::` and `super::` start from the importing file's module;
 *   a first segment naming a child module (2018 paths) or a workspace crate resolves in the
 *   repository; `std`, `core`, `alloc`, `proc_macro` and `test` are `builtin:rust:<name>`;
 *   other crates are `crate:<name>` (the dependency's name as written in Cargo.toml).
 */

import type { ImportFact, IndexedFile } from '../../index/types.js';
import { baseName, directoryOf } from '../../shared/path.js';
import { type TomlEntry, tomlEntries } from '../../shared/toml.js';
import type { Resolution } from '../types.js';
import type { ModuleResolver, ResolverContext } from './resolver.js';

const BUILTIN_CRATES = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);

interface Package {
  directory: string;
  /** The lib crate's name as code writes it (`my_lib`). */
  name: string | undefined;
  libRoot: string | undefined;
  /** Dependency names by the name code uses (`serde_json` -> `serde_json`, `tokio_util` -> `tokio-util`). */
  dependencies: Map<string, string>;
  /** Crate roots declared by `[[bin]]`, `[[test]]`, `[[example]]` and `[[bench]]` paths. */
  targets: string[];
}

/** A crate as seen from one file: where `crate::` starts, and the file's own module path. */
interface Position {
  /** Directory the crate root's modules live in (`src`). */
  base: string;
  root: string;
  module: string[];
  pkg: Package | undefined;
}

export const rustResolver: ModuleResolver = {
  id: 'rust',
  languages: ['rust'],
  create(context) {
    const crates = new RustLayout(context);
    return (from, fact) => {
      if (fact.kind === 'module-declaration') return crates.resolveModuleDeclaration(from, fact);
      return crates.resolveUse(from, fact);
    };
  },
};

class RustLayout {
  private readonly files: ReadonlySet<string>;
  private readonly packages: Package[];
  private readonly byCrateName = new Map<string, Package>();
  /** The file whose `mod x;` declares each module file: the real module tree, `#[path]` included. */
  private readonly declaredBy = new Map<string, string>();

  constructor(context: ResolverContext) {
    this.files = context.files;
    this.packages = readPackages(context).sort((a, b) => b.directory.length - a.directory.length);
    for (const pkg of [...this.packages].sort((a, b) => compare(a.directory, b.directory)))
      if (pkg.name && pkg.libRoot && !this.byCrateName.has(pkg.name)) this.byCrateName.set(pkg.name, pkg);
    const rustFiles = [...context.byPath.values()].filter((file) => file.language === 'rust');
    for (const file of rustFiles.sort((a, b) => compare(a.path, b.path))) {
      for (const fact of file.imports) {
        if (fact.kind !== 'module-declaration') continue;
        const child = this.resolveModuleDeclaration(file, fact);
        if (child.type === 'file' && child.path !== file.path && !this.declaredBy.has(child.path))
          this.declaredBy.set(child.path, file.path);
      }
    }
  }

  resolveModuleDeclaration(from: IndexedFile, fact: ImportFact): Resolution {
    const directory = directoryOf(from.path);
    if (fact.specifier.endsWith('.rs')) {
      const path = joinPath(directory, fact.specifier);
      return this.files.has(path)
        ? { type: 'file', path }
        : { type: 'unresolved', reason: 'not-found', detail: `#[path] names ${path}, which is not indexed` };
    }
    const owner = /(^|\/)(mod|lib|main)\.rs$/.test(from.path) || this.layoutRootOf(from.path) === from.path;
    const base = owner ? directory : joinPath(directory, baseName(from.path).replace(/\.rs$/, ''));
    const stem = joinPath(base, fact.specifier.split('::').join('/'));
    const file = this.moduleFile(stem);
    if (file) return { type: 'file', path: file };
    return { type: 'unresolved', reason: 'not-found', detail: `expected ${stem}.rs or ${stem}/mod.rs` };
  }

  resolveUse(from: IndexedFile, fact: ImportFact): Resolution | Resolution[] {
    const position = this.positionOf(from.path);
    const resolutions = new Map<string, Resolution>();
    for (const path of usePaths(fact)) {
      const resolution = this.resolvePath(path, position);
      const key = resolution.type === 'file' ? resolution.path : JSON.stringify(resolution);
      if (!resolutions.has(key)) resolutions.set(key, resolution);
    }
    const list = [...resolutions.values()];
    return list.length === 1 ? list[0]! : list;
  }

  private resolvePath(segments: string[], position: Position): Resolution {
    const [first, ...rest] = segments;
    if (!first) return { type: 'unresolved', reason: 'not-found', detail: 'empty path' };
    if (first === 'crate') return this.deepest(position.base, position.root, rest);
    if (first === 'self' || first === 'super') {
      let module = [...position.module];
      let index = first === 'self' ? 1 : 0;
      while (segments[index] === 'super') {
        if (module.length === 0)
          return { type: 'unresolved', reason: 'outside-repository', detail: 'super:: above the crate root' };
        module = module.slice(0, -1);
        index++;
      }
      return this.deepest(position.base, position.root, [...module, ...segments.slice(index)]);
    }
    // `use Enum::*;` inside a function: crates are never capitalised, items in scope are
    if (/^\p{Lu}/u.test(first)) return this.deepest(position.base, position.root, position.module);
    const child = [...position.module, first];
    if (this.moduleFile(joinPath(position.base, child.join('/'))))
      return this.deepest(position.base, position.root, [...child, ...rest]);
    if (BUILTIN_CRATES.has(first))
      return { type: 'external', ecosystem: 'builtin', name: `rust:${first}`, builtin: true };
    const workspaceCrate = this.byCrateName.get(first);
    if (workspaceCrate?.libRoot)
      return this.deepest(directoryOf(workspaceCrate.libRoot), workspaceCrate.libRoot, rest);
    const name = position.pkg?.dependencies.get(first) ?? first;
    return { type: 'external', ecosystem: 'crate', name };
  }

  /** The deepest module file along `segments` under `base`; the crate root when none is a module. */
  private deepest(base: string, root: string, segments: string[]): Resolution {
    for (let length = segments.length; length > 0; length--) {
      const file = this.moduleFile(joinPath(base, segments.slice(0, length).join('/')));
      if (file) return { type: 'file', path: file };
    }
    return this.files.has(root)
      ? { type: 'file', path: root }
      : { type: 'unresolved', reason: 'not-found', detail: `crate root ${root} is not indexed` };
  }

  private moduleFile(stem: string): string | undefined {
    if (this.files.has(`${stem}.rs`)) return `${stem}.rs`;
    if (this.files.has(`${stem}/mod.rs`)) return `${stem}/mod.rs`;
    return undefined;
  }

  /** Which crate a file belongs to, where that crate's modules live, and the file's module path. */
  private positionOf(path: string): Position {
    const pkg = this.packageOf(path);
    const root = this.crateRootOf(path);
    const base = directoryOf(root);
    const relative = base ? path.slice(base.length + 1) : path;
    const module =
      path === root
        ? []
        : relative
            .replace(/\.rs$/, '')
            .split('/')
            .filter((segment, index, all) => !(segment === 'mod' && index === all.length - 1));
    return { base, root, module, pkg };
  }

  /** The top of the file's `mod` declaration chain when that is a crate root, else the layout's guess. */
  private crateRootOf(path: string): string {
    let top = path;
    const seen = new Set([path]);
    for (
      let parent = this.declaredBy.get(top);
      parent && !seen.has(parent);
      parent = this.declaredBy.get(top)
    ) {
      seen.add(parent);
      top = parent;
    }
    return top !== path && this.layoutRootOf(top) === top ? top : this.layoutRootOf(path);
  }

  private packageOf(path: string): Package | undefined {
    return this.packages.find((candidate) => isWithin(path, candidate.directory));
  }

  /**
   * Cargo's target layout: `[[bin]]`/`[[test]]`/... paths, `src/bin/x.rs`, `tests/x.rs`,
   * `examples/x.rs`, `benches/x.rs` (or `<dir>/x/main.rs`) and `build.rs` are roots of their own;
   * other files belong to the lib crate, else to `src/main.rs`.
   */
  private layoutRootOf(path: string): string {
    const pkg = this.packageOf(path);
    const directory = pkg?.directory ?? '';
    const inside = directory ? path.slice(directory.length + 1) : path;
    if (pkg?.targets.includes(path)) return path;
    const target = /^(src\/bin|tests|examples|benches)\/([^/]+?)(\.rs$|\/)/.exec(inside);
    if (target) {
      const root = target[3] === '.rs' ? `${target[1]}/${target[2]}.rs` : `${target[1]}/${target[2]}/main.rs`;
      return joinPath(directory, root);
    }
    if (inside === 'build.rs' || inside === 'src/main.rs') return path;
    if (pkg?.libRoot && isWithin(path, directoryOf(pkg.libRoot))) return pkg.libRoot;
    const main = joinPath(directory, 'src/main.rs');
    if (pkg && this.files.has(main)) return main;
    return this.nearestRoot(path);
  }

  /** Without a Cargo.toml: the nearest `lib.rs`/`main.rs` above the file, else the file itself. */
  private nearestRoot(path: string): string {
    for (let directory = directoryOf(path); ; directory = directoryOf(directory)) {
      for (const name of ['lib.rs', 'main.rs']) {
        const candidate = joinPath(directory, name);
        if (this.files.has(candidate)) return candidate;
      }
      if (!directory) return path;
    }
  }
}

/**
 * The module paths a `use` names: the specifier itself for a simple path (`a::b::C`), one per
 * item for a list (`a::{b, c::d}` -> `a::b`, `a::c::d`); `self` and `*` stand for the prefix.
 */
function usePaths(fact: ImportFact): string[][] {
  const segments = fact.specifier.split('::').filter((segment, index) => segment !== '' || index > 0);
  const simple =
    fact.names.length === 1 &&
    (fact.specifier === fact.names[0] || fact.specifier.endsWith(`::${fact.names[0]}`));
  if (simple || fact.names.length === 0) return [segments];
  return fact.names.map((name) =>
    name === 'self' || name === '*' ? segments : [...segments, ...name.split('::')],
  );
}

// ---------------------------------------------------------------- Cargo.toml

function readPackages(context: ResolverContext): Package[] {
  const packages: Package[] = [];
  for (const manifest of [...context.files].filter((path) => /(^|\/)Cargo\.toml$/.test(path)).sort(compare)) {
    const text = context.readFile(manifest);
    if (text === undefined) continue;
    const entries = tomlEntries(text);
    if (!entries.some((entry) => entry.table === 'package')) continue;
    const directory = directoryOf(manifest);
    const value = (table: string, key: string) =>
      entries.find((entry) => entry.table === table && entry.key === key)?.value;
    const libPath = value('lib', 'path');
    const libRoot = joinPath(directory, libPath ?? 'src/lib.rs');
    const name = value('lib', 'name') ?? value('package', 'name');
    packages.push({
      directory,
      name: name?.replace(/-/g, '_'),
      libRoot: context.files.has(libRoot) ? libRoot : undefined,
      dependencies: dependencyNames(entries),
      targets: entries
        .filter((entry) => /^(bin|test|example|bench)$/.test(entry.table) && entry.key === 'path')
        .map((entry) => joinPath(directory, entry.value)),
    });
  }
  return packages;
}

/** Keys of `[dependencies]`-like tables and `[dependencies.name]` headers, by the name code uses. */
function dependencyNames(entries: TomlEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  const add = (name: string) => names.set(name.replace(/-/g, '_'), name);
  const dependencyTable = /(^|\.)(dev-|build-)?dependencies$/;
  for (const entry of entries) {
    if (dependencyTable.test(entry.table)) add(entry.key.split('.')[0]!);
    const named = /(^|\.)(dev-|build-)?dependencies\.([\w-]+)$/.exec(entry.table);
    if (named) add(named[3]!);
  }
  return names;
}

function isWithin(path: string, directory: string): boolean {
  return directory === '' || path.startsWith(`${directory}/`);
}

function joinPath(directory: string, rest: string): string {
  const parts: string[] = [];
  for (const part of [directory, rest].filter(Boolean).join('/').split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
