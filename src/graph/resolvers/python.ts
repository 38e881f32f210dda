/**
 * Python import resolution, after the way CPython searches `sys.path`:
 * - Relative imports (`from .x import y`, `from .. import z`) start at the importing file's package.
 * - Absolute imports are looked up under the search roots: first the importer's own root (the
 *   directory above its top-most package, or its own directory for a script), then the project
 *   roots (directories holding `pyproject.toml`, `setup.py` or `setup.cfg`, the repository root,
 *   and each one's `src/`), nearest to the importer first.
 * - A regular module or package (`x.py`, `x/__init__.py`) wins; then the standard library
 *   (`builtin:python:<name>`); then a namespace package (a directory of Python files without
 *   `__init__.py`); then the one top-level package of that name anywhere in the repository
 *   (test fixtures put on `sys.path` by hand); anything else is a PyPI package
 *   (`pypi:<top-level name>`).
 * - `from pkg import a, b` resolves each name that is a submodule to its file and the rest to
 *   the package's `__init__.py`, so one import can give several edges.
 */

import type { ImportFact, IndexedFile } from '../../index/types.js';
import { directoryOf } from '../../shared/path.js';
import type { Resolution } from '../types.js';
import { PYTHON_STDLIB } from './python-stdlib.js';
import type { ModuleResolver, ResolverContext } from './resolver.js';

const PROJECT_FILES = /(^|\/)(pyproject\.toml|setup\.py|setup\.cfg)$/;

export const pythonResolver: ModuleResolver = {
  id: 'python',
  languages: ['python'],
  create(context) {
    const layout = new PythonLayout(context);
    const memo = new Map<string, Resolution | Resolution[]>();
    return (from, fact) => {
      const key = `${directoryOf(from.path)}\0${fact.specifier}\0${fact.names.join(',')}`;
      let resolution = memo.get(key);
      if (!resolution) {
        resolution = resolveImport(layout, from, fact);
        memo.set(key, resolution);
      }
      return resolution;
    };
  },
};

/** Where a dotted module path landed: its deepest file, and whether the full path is a package. */
interface Location {
  /** Directory of the module path (`a/b` for `a.b`), whether or not it is a package. */
  stem: string;
  /** File of the full path: `a/b.py` or `a/b/__init__.py`; undefined for a namespace package. */
  file: string | undefined;
  isPackage: boolean;
}

class PythonLayout {
  private readonly files: ReadonlySet<string>;
  /** Every directory that holds a Python file, at any depth: candidates for namespace packages. */
  private readonly directories = new Set<string>();
  private readonly projectRoots: string[];
  private readonly rootsByDirectory = new Map<string, string[]>();
  /** Directories holding each top-level package (a package whose parent is no package), by name. */
  private readonly topLevelPackages = new Map<string, string[]>();

  constructor(context: ResolverContext) {
    this.files = context.files;
    const roots = new Set(['']);
    for (const path of context.files) {
      if (/\.pyi?$/.test(path)) {
        for (let directory = directoryOf(path); directory; directory = directoryOf(directory))
          this.directories.add(directory);
      }
      if (PROJECT_FILES.test(path)) roots.add(directoryOf(path));
    }
    for (const root of [...roots]) {
      const source = root ? `${root}/src` : 'src';
      if (this.directories.has(source)) roots.add(source);
    }
    this.projectRoots = [...roots].sort(compare);
    for (const path of [...context.files].sort(compare)) {
      const match = /^(?:(.*)\/)?([^/]+)\/__init__\.pyi?$/.exec(path);
      if (!match || this.moduleFile(`${match[1] ? `${match[1]}/` : ''}__init__`)) continue;
      const parents = this.topLevelPackages.get(match[2]!) ?? [];
      if (!parents.includes(match[1] ?? '')) parents.push(match[1] ?? '');
      this.topLevelPackages.set(match[2]!, parents);
    }
  }

  /** The root holding the only top-level package named `name` anywhere in the repository. */
  onlyPackageRoot(name: string): string | undefined {
    const parents = this.topLevelPackages.get(name);
    return parents?.length === 1 ? parents[0] : undefined;
  }

  /** `a/b.py`, `a/b/__init__.py` (and the `.pyi` stubs) for the module path `a/b`. */
  moduleFile(stem: string): string | undefined {
    for (const candidate of [`${stem}.py`, `${stem}/__init__.py`, `${stem}.pyi`, `${stem}/__init__.pyi`])
      if (this.files.has(candidate)) return candidate;
    return undefined;
  }

  isDirectory(stem: string): boolean {
    return this.directories.has(stem);
  }

  /** Follows `segments` from `base`; undefined when some segment is neither a module nor a directory. */
  locate(base: string, segments: string[]): Location | undefined {
    const stem = joinSegments(base, segments);
    const file =
      segments.length === 0 ? this.moduleFile(`${base}/__init__`.replace(/^\//, '')) : this.moduleFile(stem);
    if (file) return { stem, file, isPackage: /__init__\.pyi?$/.test(file) };
    if (segments.length === 0 || this.isDirectory(stem)) return { stem, file: undefined, isPackage: true };
    return undefined;
  }

  /** The importer's own root first, then project roots nearest to it. */
  searchRoots(from: string): string[] {
    const directory = directoryOf(from);
    let roots = this.rootsByDirectory.get(directory);
    if (!roots) {
      const contains = (root: string) =>
        root === '' || directory === root || directory.startsWith(`${root}/`);
      const enclosing = this.projectRoots.filter(contains).sort((a, b) => b.length - a.length);
      const others = this.projectRoots.filter((root) => !contains(root));
      roots = [...new Set([this.packageRoot(directory), ...enclosing, ...others])];
      this.rootsByDirectory.set(directory, roots);
    }
    return roots;
  }

  /** The directory above the top-most package holding `directory` (itself when it is no package). */
  private packageRoot(directory: string): string {
    let root = directory;
    while (root && this.moduleFile(`${root}/__init__`)) root = directoryOf(root);
    return root;
  }
}

function resolveImport(layout: PythonLayout, from: IndexedFile, fact: ImportFact): Resolution | Resolution[] {
  const relative = /^(\.+)(.*)$/.exec(fact.specifier);
  if (relative) return resolveRelative(layout, from, fact, relative[1]!.length, relative[2]!);
  const segments = fact.specifier.split('.');
  const first = segments[0]!;
  const roots = layout.searchRoots(from.path);
  const regular = roots.find((root) => layout.moduleFile(joinSegments(root, [first])));
  if (regular !== undefined) return resolveAt(layout, regular, segments, fact);
  if (PYTHON_STDLIB.has(first))
    return { type: 'external', ecosystem: 'builtin', name: `python:${first}`, builtin: true };
  const namespace = roots.find((root) => layout.isDirectory(joinSegments(root, [first])));
  if (namespace !== undefined) return resolveAt(layout, namespace, segments, fact);
  // a fixture or plugin package that tests put on sys.path by hand
  const elsewhere = layout.onlyPackageRoot(first);
  if (elsewhere !== undefined) return resolveAt(layout, elsewhere, segments, fact);
  return { type: 'external', ecosystem: 'pypi', name: first };
}

function resolveRelative(
  layout: PythonLayout,
  from: IndexedFile,
  fact: ImportFact,
  level: number,
  rest: string,
): Resolution | Resolution[] {
  let base = directoryOf(from.path);
  for (let step = 1; step < level; step++) {
    if (!base)
      return {
        type: 'unresolved',
        reason: 'outside-repository',
        detail: `${fact.specifier} climbs above the repository root`,
      };
    base = directoryOf(base);
  }
  return resolveAt(layout, base, rest ? rest.split('.') : [], fact);
}

/** The file(s) an import names once its first segment was found under `base`. */
function resolveAt(
  layout: PythonLayout,
  base: string,
  segments: string[],
  fact: ImportFact,
): Resolution | Resolution[] {
  const location = layout.locate(base, segments);
  if (!location) {
    return {
      type: 'unresolved',
      reason: 'not-found',
      detail: `no module ${fact.specifier} under ${base || '.'}/`,
    };
  }
  const submodules = location.isPackage ? fact.names.filter((name) => name !== '*') : [];
  const targets: string[] = [];
  let needsPackage = submodules.length === 0;
  for (const name of submodules) {
    const file = layout.moduleFile(`${location.stem ? `${location.stem}/` : ''}${name}`);
    if (file) targets.push(file);
    else needsPackage = true;
  }
  if (needsPackage && location.file) targets.unshift(location.file);
  if (targets.length === 0) {
    const detail = `${location.stem || '.'}/ is a namespace package: no __init__.py to point at`;
    return { type: 'unresolved', reason: 'unsupported', detail };
  }
  return [...new Set(targets)].map((path) => ({ type: 'file', path }));
}

function joinSegments(base: string, segments: string[]): string {
  return [base, ...segments].filter(Boolean).join('/');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
