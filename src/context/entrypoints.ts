/** Where execution starts: declared in manifests, or by each ecosystem's conventions. */
import type { IndexedFile } from '../index/types.js';
import { isTestOrFixturePath } from '../scan/file-kinds.js';
import type { JavaModule } from '../scan/java-modules.js';
import { auxiliaryMatcher, mainPackage } from '../scan/packages.js';
import type { ProjectFacts } from '../scan/project.js';

export interface Entrypoint {
  path: string;
  reasons: string[];
  /** Declared in a manifest (strong) or found by convention (weaker). */
  declared: boolean;
}

const CONVENTIONS: Array<[RegExp, string]> = [
  [/^(src\/)?index\.[cm]?[jt]sx?$/, 'root index file'],
  [/^(src\/)?main\.[cm]?[jt]sx?$/, 'main module'],
  [/^(src\/)?(cli|bin)\.[cm]?[jt]sx?$/, 'CLI module'],
  [/^bin\/[^/]+$/, 'bin/ script'],
  [/^(packages|apps)\/[^/]+\/(src\/)?index\.[cm]?[jt]sx?$/, 'workspace package index'],
  [/(^|\/)__main__\.py$/, 'Python __main__'],
  [/^(manage|app|main|wsgi|asgi)\.py$/, 'Python application module'],
  [/^(src\/)?[^/]+\/__init__\.py$/, 'Python package root'],
  [/^main\.go$/, 'Go main package'],
  [/^cmd\/[^/]+\/main\.go$/, 'Go command (cmd/)'],
  [/(^|\/)src\/main\.rs$/, 'Rust binary crate root'],
  [/(^|\/)src\/lib\.rs$/, 'Rust library crate root'],
  [/(^|\/)src\/bin\/[^/]+\.rs$/, 'Rust binary (src/bin)'],
  [/(^|\/)(app|pages)\/(page|index|layout)\.[jt]sx?$/, 'Next.js root page'],
];

const DATA_LANGUAGES = new Set([
  'json',
  'jsonc',
  'yaml',
  'toml',
  'markdown',
  'css',
  'scss',
  'less',
  'html',
  'svg',
]);

/**
 * Two declarations in one manifest name the manifest once: `package.json bin "ca", bin "create-app"`
 * rather than twice over.
 */
function addReason(reasons: string[], reason: string): void {
  const source = MANIFEST_PREFIX.exec(reason)?.[0];
  if (source) {
    const at = reasons.findIndex((existing) => existing.startsWith(source));
    if (at !== -1) {
      reasons[at] = `${reasons[at]}, ${reason.slice(source.length)}`;
      return;
    }
  }
  reasons.push(reason);
}

/** `packages/x/package.json: ` (a workspace package's manifest) or `package.json ` (the root's). */
const MANIFEST_PREFIX = /^(\S+: |[\w.-]+\.(json|toml|xml|cfg) )/;

export function detectEntrypoints(
  files: IndexedFile[],
  project: ProjectFacts,
  extra: readonly string[],
  /** Each file's `fileEntrypointReasons()` when already known (the index's shard tallies keep them). */
  conventional?: ReadonlyArray<{ path: string; reasons: readonly string[] }>,
): Entrypoint[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const found = new Map<string, Entrypoint>();
  const add = (path: string, reason: string, declared: boolean) => {
    const entry = found.get(path) ?? { path, reasons: [], declared: false };
    if (!entry.reasons.includes(reason)) addReason(entry.reasons, reason);
    entry.declared ||= declared;
    found.set(path, entry);
  };
  for (const declared of project.declaredEntrypoints) {
    const path = existingSourceFor(declared.path, byPath);
    // `exports["./package"]: "./package.json"` or a stylesheet is a resource to import, not where execution starts.
    if (path && !DATA_LANGUAGES.has(byPath.get(path)!.language)) add(path, declared.reason, true);
  }
  for (const path of extra) if (byPath.has(path)) add(path, 'configured in context.entrypoints', true);
  for (const api of javaApiClasses(files, project.javaModules)) add(api.path, api.reason, false);
  const byFile =
    conventional ?? files.map((file) => ({ path: file.path, reasons: fileEntrypointReasons(file) }));
  for (const { path, reasons } of byFile) for (const reason of reasons) add(path, reason, false);
  // Examples, scripts, playgrounds and benchmark harnesses have mains too; they are not where the project starts.
  const auxiliary = auxiliaryMatcher(project.packages);
  const main = mainPackage(project.packages);
  // A file belongs to the deepest package holding it: a workspace crate's `clap_builder/src/lib.rs`
  // is outside the root package `clap`, whose `src/lib.rs` comes first.
  const deepestFirst = project.packages.map((entry) => entry.path).sort((a, b) => b.length - a.length);
  const ownerOf = (path: string) =>
    deepestFirst.find((folder) => folder === '.' || path.startsWith(`${folder}/`)) ?? '.';
  const outsideMain = (path: string) => Number(main !== undefined && ownerOf(path) !== main.path);
  // The entry nearest its package's root first: a crate's `src/lib.rs` before its `src/bin/*.rs` helpers.
  const depth = (path: string) => path.split('/').length;
  return [...found.values()]
    .filter((entry) => !auxiliary(entry.path) && !isTestOrFixturePath(entry.path))
    .sort(
      (a, b) =>
        Number(b.declared) - Number(a.declared) ||
        outsideMain(a.path) - outsideMain(b.path) ||
        depth(a.path) - depth(b.path) ||
        (a.path < b.path ? -1 : 1),
    );
}

/** Why this file alone says execution may start in it: a conventional name, a `main`, a shebang. */
export function fileEntrypointReasons(file: IndexedFile): string[] {
  if (file.kind !== 'source') return [];
  const reasons = CONVENTIONS.filter(([pattern]) => pattern.test(file.path)).map(([, reason]) => reason);
  if (
    file.language === 'java' &&
    file.symbols.some((symbol) => symbol.name === 'main' && /static\s+void\s+main/.test(symbol.signature))
  )
    reasons.push('Java main method');
  if (file.language === 'go' && isGoMain(file)) reasons.push('Go main package');
  if (file.language === 'go' && isGoLibraryRoot(file)) reasons.push('Go library root package');
  if (
    (file.language === 'javascript' || file.language === 'typescript') &&
    file.summary.text.startsWith('#!')
  )
    reasons.push('executable script');
  return reasons;
}

/** `package main` with `func main()`, wherever it sits (a monorepo's `services/api/main.go`). */
function isGoMain(file: IndexedFile): boolean {
  const declares = (kind: string, name: string) =>
    file.symbols.some((symbol) => symbol.kind === kind && symbol.name === name && !symbol.container);
  return declares('module', 'main') && declares('function', 'main');
}

/** `gin.go` in package `gin` at the repository root: where a Go library's API is declared. */
function isGoLibraryRoot(file: IndexedFile): boolean {
  if (file.path.includes('/')) return false;
  const name = file.symbols.find((symbol) => symbol.kind === 'module' && !symbol.container)?.name;
  return name !== undefined && name !== 'main' && file.path === `${name}.go`;
}

/**
 * A Java library has no `main`: its entry is its API facade, the public top-level type named after
 * its module (`Gson` in artifact `gson`, module `com.google.gson`), in a package the module exports
 * when a `module-info.java` says which.
 */
function javaApiClasses(
  files: readonly IndexedFile[],
  modules: readonly JavaModule[],
): Array<{ path: string; reason: string }> {
  const found: Array<{ path: string; reason: string }> = [];
  const simple = (name: string) =>
    name
      .slice(name.lastIndexOf('.') + 1)
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase();
  for (const module of modules) {
    const names = new Map(module.names.map((name) => [simple(name), name]));
    for (const file of files) {
      if (file.language !== 'java' || file.kind !== 'source') continue;
      if (module.path !== '.' && !file.path.startsWith(`${module.path}/`)) continue;
      const type = file.symbols.find(
        (symbol) => symbol.exported && !symbol.container && names.has(simple(symbol.name)),
      );
      if (!type || `${type.name}.java` !== file.path.slice(file.path.lastIndexOf('/') + 1)) continue;
      const javaPackage = file.symbols.find((symbol) => symbol.kind === 'module')?.name;
      if (module.exports && !(javaPackage && module.exports.includes(javaPackage))) continue;
      const named = names.get(simple(type.name))!;
      found.push({
        path: file.path,
        reason: `Java library API: the public ${type.kind} named after module ${named} (${module.evidence.join(', ')})`,
      });
    }
  }
  return found;
}

/** A declared path, or its source when the manifest points at build output (`dist/index.js` -> `src/index.ts`). */
function existingSourceFor(path: string, byPath: Map<string, IndexedFile>): string | undefined {
  const clean = path.replace(/^\.\//, '');
  if (byPath.has(clean)) return clean;
  const stem = clean.replace(/\.(d\.)?[cm]?[jt]sx?$/, '');
  // Build output inside a workspace package (`packages/vite/dist/node/index.js`) maps to that package's src/.
  const output = /^((?:.+\/)?)(dist|build|lib|out)\/(src\/)?(.*)$/.exec(stem);
  const candidates = [stem, ...(output ? [`${output[1]}src/${output[4]}`] : [])];
  for (const candidate of candidates) {
    for (const extension of ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.jsx']) {
      if (byPath.has(`${candidate}${extension}`)) return `${candidate}${extension}`;
    }
    if (byPath.has(`${candidate}/index.ts`)) return `${candidate}/index.ts`;
  }
  return undefined;
}
