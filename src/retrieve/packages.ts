/**
 * The packages of a monorepo and the ones a task names. A package is a folder with a manifest
 * (package.json, Cargo.toml, pyproject.toml, go.mod) below the root; its names are the manifest's
 * name, that name without its npm scope, and the folder's own name. Packages inside playgrounds,
 * fixtures, examples, tests, docs and templates are what they are — demos and test inputs — and are
 * never the package a task is about: which folders those are is the scan's file kinds
 * (`scan/file-kinds.ts`), asked here, not listed again.
 *
 * Derived here from the manifests the index lists, for now; once `project.json` records the
 * packages (AGENTS.md truth), this module should read them from there instead.
 */
import { isAuxiliaryPath, isTestOrFixturePath } from '../scan/file-kinds.js';
import { tomlEntries } from '../shared/toml.js';

export interface WorkspacePackage {
  /** Folder relative to the root, no trailing slash. */
  folder: string;
  /** Lower-cased names a task may call it by, longest first. */
  names: string[];
}

/** Copies of other projects' code: the scan has no kind for them, so they are named here. */
const VENDORED = /(^|\/)(node_modules|vendor|third_party)\//;

/** A manifest that declares a demo, a test input or a copy rather than a package of the product. */
function isNotAPackage(manifest: string): boolean {
  return VENDORED.test(manifest) || isTestOrFixturePath(manifest) || isAuxiliaryPath(manifest);
}
/** Folder names too generic to say which package a task is about. */
const GENERIC_NAMES = new Set([
  'src',
  'lib',
  'core',
  'common',
  'shared',
  'utils',
  'util',
  'main',
  'app',
  'test',
]);
const MIN_NAME_LENGTH = 3;

/** Packages below the root, from the manifest paths and a reader of their text; sorted by folder. */
export function detectPackages(
  paths: readonly string[],
  read: (path: string) => string | undefined,
): WorkspacePackage[] {
  const packages = new Map<string, Set<string>>();
  for (const path of paths) {
    const readName = NAME_READERS.get(path.slice(path.lastIndexOf('/') + 1));
    if (!readName || !path.includes('/') || isNotAPackage(path)) continue;
    const folder = path.slice(0, path.lastIndexOf('/'));
    const names = packages.get(folder) ?? new Set<string>();
    const declared = readName(read(path) ?? '');
    for (const name of [
      declared,
      declared?.replace(/^@[^/]+\//, ''),
      folder.slice(folder.lastIndexOf('/') + 1),
    ])
      if (name && name.length >= MIN_NAME_LENGTH && !GENERIC_NAMES.has(name.toLowerCase()))
        names.add(name.toLowerCase());
    packages.set(folder, names);
  }
  return [...packages]
    .filter(([, names]) => names.size > 0)
    .map(([folder, names]) => ({
      folder,
      names: [...names].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)),
    }))
    .sort((a, b) => (a.folder < b.folder ? -1 : 1));
}

function packageJsonName(text: string): string | undefined {
  try {
    const name = (JSON.parse(text) as { name?: unknown }).name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

function goModuleName(text: string): string | undefined {
  const module = /^module\s+(\S+)/m.exec(text)?.[1];
  return module?.slice(module.lastIndexOf('/') + 1);
}

function tomlPackageName(text: string): string | undefined {
  const entry = tomlEntries(text).find(
    (candidate) =>
      candidate.key === 'name' && ['package', 'project', 'tool.poetry'].includes(candidate.table),
  );
  return entry?.value;
}

/** The manifests a workspace package's name is read from, each with its reader. */
const NAME_READERS = new Map<string, (text: string) => string | undefined>([
  ['package.json', packageJsonName],
  ['go.mod', goModuleName],
  ['Cargo.toml', tomlPackageName],
  ['pyproject.toml', tomlPackageName],
]);

/**
 * The packages a task names: by a name or the folder path written as one word of the task
 * (`create-vite`, `@vitejs/plugin-legacy`, `packages/vite`), or as the scope of a conventional
 * commit subject (`fix(plugin-legacy): …`).
 */
export function packagesNamed(task: string, packages: readonly WorkspacePackage[]): WorkspacePackage[] {
  const words = new Set<string>();
  for (const match of task.toLowerCase().matchAll(/[@\w][\w@./-]*/g)) {
    const word = match[0].replace(/[./-]+$/, '');
    words.add(word);
    for (const part of word.split('/')) words.add(part);
  }
  return packages.filter(
    (entry) => words.has(entry.folder.toLowerCase()) || entry.names.some((name) => words.has(name)),
  );
}

/** The package holding `path` (the deepest one), if any. */
export function packageOf(path: string, packages: readonly WorkspacePackage[]): WorkspacePackage | undefined {
  let found: WorkspacePackage | undefined;
  for (const entry of packages)
    if (path.startsWith(`${entry.folder}/`) && (!found || entry.folder.length > found.folder.length))
      found = entry;
  return found;
}
