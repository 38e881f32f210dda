/**
 * End-to-end tests that reach a package through a project beside them, not through imports: a
 * `playground/minify/__tests__/minify.spec.ts` whose `playground/minify/vite.config.js` imports
 * `vite`, the package a changed file is in. Such a test, when nothing else made it a candidate,
 * is one, ranked by the words its path and its project's config name: the config is what sets
 * the project up to exercise a feature (`cssMinify: 'esbuild'`). Not by the test's own text nor
 * the project's pages and modules: those hold the common words of any code (`push`, `while`),
 * which an import would corroborate but nothing does here.
 */
import type { TreeFile } from '../contracts/index.js';
import { materialFolderOf } from './co-change.js';
import { type ChangedPackage, importOfChangedPackage } from './package-imports.js';
import type { Candidate } from './select-rank.js';

/** What a project holds besides its tests: its fixtures, example code and config. */
const PROJECT_KINDS = new Set(['fixture', 'example', 'config']);
/** Files of a project read for its words: enough for a playground, not a whole vendored tree. */
const MOST_FILES = 40;
const MOST_CHARS = 100_000;

/** The changed packages, and each file's imports the graph resolved to no file (see package-imports.ts). */
export interface PackagesByName {
  changed: readonly ChangedPackage[];
  imports: ReadonlyMap<string, readonly string[]>;
}

export interface ProjectTests {
  candidates: Candidate[];
  /** A test's text for the words it mentions; for a test that runs a project, that project's config. */
  readTest: (path: string) => string | undefined;
}

export function projectTests(
  suite: readonly string[],
  sources: readonly string[],
  files: readonly TreeFile[],
  readFile: (path: string) => string | undefined,
  isCandidate: (test: string) => boolean,
  packages: PackagesByName,
): ProjectTests {
  const projectText = new Map<string, string>();
  const candidates: Candidate[] = [];
  if (packages.changed.length === 0) return { candidates, readTest: readFile };
  const projects = new Map<string, ReturnType<typeof linkOf>>();
  for (const test of suite) {
    if (isCandidate(test)) continue;
    const folder = materialFolderOf(test, sources);
    if (!folder) continue;
    if (!projects.has(folder)) projects.set(folder, linkOf(folder, files, packages, readFile));
    const link = projects.get(folder);
    if (!link) continue;
    projectText.set(test, link.text);
    candidates.push({
      file: test,
      tier: 'reached',
      level: 'regression',
      reason: `runs the project in ${folder}/, whose ${link.file} imports \`${link.package.name}\` (the package of ${link.package.source})`,
      depth: 2,
    });
  }
  const readTest = (path: string) => projectText.get(path) ?? readFile(path);
  return { candidates, readTest };
}

/** The project file that imports a changed package, and the text of the project's config; undefined when none does. */
function linkOf(
  folder: string,
  files: readonly TreeFile[],
  packages: PackagesByName,
  readFile: (path: string) => string | undefined,
): { file: string; package: ChangedPackage; text: string } | undefined {
  const own = files
    .filter((file) => file.path.startsWith(`${folder}/`) && PROJECT_KINDS.has(file.kind))
    .sort((a, b) => Number(b.kind === 'config') - Number(a.kind === 'config') || (a.path < b.path ? -1 : 1))
    .map((file) => ({ file, text: readFile(file.path) ?? '' }))
    .filter(({ text }) => text.length <= MOST_CHARS)
    .slice(0, MOST_FILES);
  for (const { file } of own) {
    const used = importOfChangedPackage(file.path, packages.imports, packages.changed);
    if (!used) continue;
    const config = own.filter((entry) => entry.file.kind === 'config').map((entry) => entry.text);
    return { file: file.path.slice(folder.length + 1), package: used.package, text: config.join('\n') };
  }
  return undefined;
}
