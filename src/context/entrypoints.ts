/** Where execution starts: declared in manifests, or by each ecosystem's conventions. */
import type { IndexedFile } from '../index/types.js';
import { isAuxiliaryPath, isTestOrFixturePath } from '../scan/file-kinds.js';
import { mainPackage } from '../scan/packages.js';
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

export function detectEntrypoints(
  files: IndexedFile[],
  project: ProjectFacts,
  extra: readonly string[],
): Entrypoint[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const found = new Map<string, Entrypoint>();
  const add = (path: string, reason: string, declared: boolean) => {
    const entry = found.get(path) ?? { path, reasons: [], declared: false };
    if (!entry.reasons.includes(reason)) entry.reasons.push(reason);
    entry.declared ||= declared;
    found.set(path, entry);
  };
  for (const declared of project.declaredEntrypoints) {
    const path = existingSourceFor(declared.path, byPath);
    if (path) add(path, declared.reason, true);
  }
  for (const path of extra) if (byPath.has(path)) add(path, 'configured in context.entrypoints', true);
  for (const file of files) {
    if (file.kind !== 'source') continue;
    for (const [pattern, reason] of CONVENTIONS) if (pattern.test(file.path)) add(file.path, reason, false);
    if (
      file.language === 'java' &&
      file.symbols.some((symbol) => symbol.name === 'main' && /static\s+void\s+main/.test(symbol.signature))
    ) {
      add(file.path, 'Java main method', false);
    }
    if (file.language === 'go' && isGoMain(file)) add(file.path, 'Go main package', false);
    if (file.language === 'go' && isGoLibraryRoot(file)) add(file.path, 'Go library root package', false);
    if (file.language === 'javascript' || file.language === 'typescript') {
      if (file.summary.text.startsWith('#!')) add(file.path, 'executable script', false);
    }
  }
  // Examples, scripts and playgrounds have mains too; they are not where the project starts.
  const main = mainPackage(project.packages);
  const outsideMain = (path: string) =>
    Number(main !== undefined && main.path !== '.' && !path.startsWith(`${main.path}/`));
  return [...found.values()]
    .filter((entry) => !isAuxiliaryPath(entry.path) && !isTestOrFixturePath(entry.path))
    .sort(
      (a, b) =>
        Number(b.declared) - Number(a.declared) ||
        outsideMain(a.path) - outsideMain(b.path) ||
        (a.path < b.path ? -1 : 1),
    );
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
