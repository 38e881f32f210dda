/**
 * The packages a repository declares: every manifest (package.json, Cargo.toml, pom.xml,
 * pyproject.toml, go.mod) outside tests, fixtures, examples and templates, with the name,
 * description and entrypoints it declares. A monorepo's main package is the one with the most
 * source files; a single-package repository's is its root.
 */
import { tomlEntries } from '../shared/toml.js';
import { isAuxiliaryPath, isTestOrFixturePath } from './file-kinds.js';
import type { ScannedFile } from './types.js';

export interface DeclaredEntrypoint {
  path: string;
  reason: string;
}

export interface DeclaredPackage {
  name: string;
  /** Folder of the manifest, `.` for the root. */
  path: string;
  manifest: string;
  language: string;
  description?: string;
  /** `"type": "module"` of a package.json. */
  moduleType?: 'esm' | 'commonjs';
  /** Entrypoints as the manifest declares them, repository-relative. */
  entrypoints: DeclaredEntrypoint[];
  /** Source files below the folder (not in a nested package). */
  sourceFiles: number;
  /** Why this nested package is a benchmark harness, not the product: the framework its manifest depends on. */
  benchmark?: string;
}

/**
 * Benchmark frameworks as each manifest names them. A nested package that depends on one (gson's
 * `metrics/pom.xml` on Caliper) is a harness: its mains run benchmarks, not the project.
 */
const BENCHMARK_FRAMEWORKS = {
  maven: ['com.google.caliper', 'org.openjdk.jmh'],
  node: ['benchmark', 'tinybench', 'mitata', 'benny', 'bench-node'],
  cargo: ['criterion', 'divan', 'iai', 'iai-callgrind'],
};

const MANIFEST_LANGUAGE: Record<string, string> = {
  'package.json': 'javascript',
  'Cargo.toml': 'rust',
  'pom.xml': 'java',
  'pyproject.toml': 'python',
  'go.mod': 'go',
};

/** Where nested manifests are packages of the project, not fixtures or scaffolding templates. */
export function packageManifests(files: readonly ScannedFile[]): string[] {
  return files
    .map((file) => file.path)
    .filter((path) => {
      const name = path.slice(path.lastIndexOf('/') + 1);
      return name in MANIFEST_LANGUAGE && !isAuxiliaryPath(path) && !isTestOrFixturePath(path);
    });
}

export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '.' : path.slice(0, slash);
}

/** Source files per package folder: each file counts for the deepest package that holds it. */
export function countSources(files: readonly ScannedFile[], folders: readonly string[]): Map<string, number> {
  const counts = new Map(folders.map((folder) => [folder, 0]));
  const deepestFirst = [...folders].sort((a, b) => b.length - a.length);
  for (const file of files) {
    if (file.kind !== 'source' || isAuxiliaryPath(file.path)) continue;
    const owner = deepestFirst.find((folder) => folder === '.' || file.path.startsWith(`${folder}/`));
    if (owner) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  return counts;
}

/** The package a new file most likely belongs to: the root when it holds sources, else the biggest. */
export function mainPackage(packages: readonly DeclaredPackage[]): DeclaredPackage | undefined {
  const root = packages.find((entry) => entry.path === '.');
  if (root && (root.sourceFiles > 0 || packages.length === 1)) return root;
  return [...packages].sort(
    (a, b) =>
      Number(a.benchmark !== undefined) - Number(b.benchmark !== undefined) ||
      b.sourceFiles - a.sourceFiles ||
      (a.path < b.path ? -1 : 1),
  )[0];
}

/**
 * Code that is not the product: the auxiliary paths (`isAuxiliaryPath`) and every file of a
 * benchmark package. Entrypoints, central modules and the module style are read from the rest.
 */
export function auxiliaryMatcher(packages: readonly DeclaredPackage[]): (path: string) => boolean {
  const harnesses = packages
    .filter((entry) => entry.benchmark !== undefined)
    .map((entry) => `${entry.path}/`);
  return (path) => isAuxiliaryPath(path) || harnesses.some((folder) => path.startsWith(folder));
}

/** A path declared relative to a package folder, as a repository path. */
export function inPackage(folder: string, path: string): string {
  const clean = path.replace(/^\.\//, '');
  return folder === '.' ? clean : `${folder}/${clean}`;
}

export function languageOfManifest(manifest: string): string {
  return MANIFEST_LANGUAGE[manifest.slice(manifest.lastIndexOf('/') + 1)] ?? 'text';
}

/** The fields of a package.json this stage reads. */
export interface PackageJson {
  name?: string;
  description?: string;
  type?: string;
  main?: string;
  module?: string;
  bin?: string | Record<string, string>;
  exports?: unknown;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  packageManager?: string;
  workspaces?: unknown;
  private?: boolean;
}

type Read = (path: string) => string | undefined;

/** Every package the manifests declare, the root first. */
export function readPackages(files: readonly ScannedFile[], read: Read): DeclaredPackage[] {
  const manifests = packageManifests(files);
  const counts = countSources(files, manifests.map(folderOf));
  const packages: DeclaredPackage[] = [];
  for (const manifest of manifests) {
    const folder = folderOf(manifest);
    const entry = readPackage(manifest, folder, read);
    if (!entry) continue;
    // Two manifests in one folder (package.json beside pyproject.toml): the first one listed names it.
    if (packages.some((known) => known.path === folder)) continue;
    packages.push({ ...entry, sourceFiles: counts.get(folder) ?? 0 });
  }
  return packages.sort((a, b) => (a.path === '.' ? -1 : b.path === '.' ? 1 : a.path < b.path ? -1 : 1));
}

function readPackage(
  manifest: string,
  folder: string,
  read: Read,
): Omit<DeclaredPackage, 'sourceFiles'> | undefined {
  const text = read(manifest);
  if (text === undefined) return undefined;
  const base = { path: folder, manifest, language: languageOfManifest(manifest) };
  const fallbackName = folder === '.' ? '' : folder.slice(folder.lastIndexOf('/') + 1);
  if (manifest.endsWith('package.json')) {
    let json: PackageJson;
    try {
      json = JSON.parse(text) as PackageJson;
    } catch {
      return undefined; // reported by detectProject for the root; a broken nested manifest declares nothing
    }
    const benchmark = folder === '.' ? undefined : nodeBenchmarkFramework(manifest, json);
    return {
      ...base,
      ...(benchmark ? { benchmark } : {}),
      name: typeof json.name === 'string' ? json.name : fallbackName,
      ...(typeof json.description === 'string' ? { description: json.description } : {}),
      moduleType: json.type === 'module' ? 'esm' : 'commonjs',
      entrypoints: declaredNodeEntrypoints(json).map((entry) => ({
        path: inPackage(folder, entry.path),
        reason: folder === '.' ? entry.reason : `${manifest}: ${entry.reason.replace(/^package\.json /, '')}`,
      })),
    };
  }
  const name = manifestName(manifest, text) ?? fallbackName;
  const description = manifestDescription(manifest, text);
  const benchmark = folder === '.' ? undefined : benchmarkFramework(manifest, text);
  return {
    ...base,
    name,
    ...(description ? { description } : {}),
    entrypoints: [],
    ...(benchmark ? { benchmark } : {}),
  };
}

/** The benchmark framework a nested pom.xml or Cargo.toml depends on (not merely manages or dev-depends on). */
function benchmarkFramework(manifest: string, text: string): string | undefined {
  if (manifest.endsWith('pom.xml')) {
    const own = projectPart(text)
      .replace(/<dependencyManagement>[\s\S]*?<\/dependencyManagement>/g, '')
      .replace(/<build>[\s\S]*?<\/build>/g, '');
    const groups = [...own.matchAll(/<groupId>\s*([^<\s]+)\s*<\/groupId>/g)].map((match) => match[1]!);
    const framework = BENCHMARK_FRAMEWORKS.maven.find((group) => groups.includes(group));
    return framework && `${manifest} depends on ${framework}`;
  }
  if (manifest.endsWith('Cargo.toml')) {
    // A published crate dev-depends on criterion for its own `benches/`; an unpublished one that
    // does (clap's `clap_bench`, `publish = false`) exists only to run benchmarks.
    const entries = tomlEntries(text);
    const unpublished = entries.some(
      (entry) => entry.table === 'package' && entry.key === 'publish' && entry.value === 'false',
    );
    const tables = unpublished ? ['dependencies', 'dev-dependencies'] : ['dependencies'];
    for (const table of tables) {
      const names = new Set(
        entries
          .filter((entry) => entry.table.split('.')[0] === table)
          .map((entry) => (entry.table === table ? entry.key : entry.table.split('.')[1])),
      );
      const framework = BENCHMARK_FRAMEWORKS.cargo.find((crate) => names.has(crate));
      if (framework) return `${manifest} [${table}] ${framework}${unpublished ? ' (publish = false)' : ''}`;
    }
    return undefined;
  }
  return undefined;
}

/** A nested package.json that declares nothing to run or import and depends on a benchmark library. */
function nodeBenchmarkFramework(manifest: string, json: PackageJson): string | undefined {
  if (declaredNodeEntrypoints(json).length > 0) return undefined;
  const table = (value: unknown) => (value && typeof value === 'object' ? value : {});
  const all = { ...table(json.dependencies), ...table(json.devDependencies) };
  const framework = BENCHMARK_FRAMEWORKS.node.find((name) => name in all);
  return framework && `${manifest} depends on ${framework} and declares no entrypoint`;
}

function manifestName(manifest: string, text: string): string | undefined {
  if (manifest.endsWith('pom.xml')) return /<artifactId>([^<]+)<\/artifactId>/.exec(projectPart(text))?.[1];
  if (manifest.endsWith('go.mod')) return /^module\s+(\S+)/m.exec(text)?.[1];
  return /^\s*name\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
}

function manifestDescription(manifest: string, text: string): string | undefined {
  if (manifest.endsWith('pom.xml'))
    return /<description>([^<]+)<\/description>/.exec(projectPart(text))?.[1]?.trim();
  if (manifest.endsWith('go.mod')) return undefined;
  return /^\s*description\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
}

/** A pom's own elements: without its `<parent>`, whose artifactId is not this module's. */
function projectPart(text: string): string {
  return text.replace(/<parent>[\s\S]*?<\/parent>/, '');
}

export function declaredNodeEntrypoints(manifest: PackageJson): DeclaredEntrypoint[] {
  const entries: DeclaredEntrypoint[] = [];
  const add = (path: unknown, reason: string) => {
    if (typeof path === 'string' && path.length > 0)
      entries.push({ path: path.replace(/^\.\//, ''), reason });
  };
  add(manifest.main, 'package.json main');
  add(manifest.module, 'package.json module');
  if (typeof manifest.bin === 'string') add(manifest.bin, 'package.json bin');
  else if (manifest.bin && typeof manifest.bin === 'object') {
    for (const [name, path] of Object.entries(manifest.bin).sort()) add(path, `package.json bin "${name}"`);
  }
  for (const [subpath, target] of exportTargets(manifest.exports, '.'))
    add(target, `package.json exports "${subpath}"`);
  return entries;
}

function exportTargets(value: unknown, subpath: string): Array<[string, string]> {
  if (typeof value === 'string') return [[subpath, value]];
  if (Array.isArray(value)) return value.flatMap((entry) => exportTargets(entry, subpath)).slice(0, 1);
  if (!value || typeof value !== 'object') return [];
  const targets: Array<[string, string]> = [];
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'types' || key === './package.json') continue;
    const next = key.startsWith('.') ? key : subpath;
    for (const target of exportTargets(entry, next)) {
      if (!targets.some(([existing]) => existing === target[0])) targets.push(target);
    }
  }
  return targets;
}
