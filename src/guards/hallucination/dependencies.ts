/**
 * Which external packages a file may import: the dependencies declared in the manifests that
 * govern it (the nearest package.json and the root one; pyproject/requirements; go.mod;
 * Cargo.toml). Names are normalised the way each ecosystem compares them.
 */

import {
  dependencyReadingEcosystem,
  type EcosystemFiles,
  type LockfileFormat,
  lockfilesOfFormat,
} from '../../scan/file-kinds.js';
import { isRecord } from '../../shared/json.js';
import { directoryOf } from '../../shared/path.js';
import { normalizePythonName } from '../../shared/python-names.js';
import { parseToml } from '../../shared/toml.js';
import { readRepositoryFile } from './read.js';

export interface DeclaredDependencies {
  /** Ecosystem -> manifest path -> normalised package names. */
  byManifest: Map<string, { ecosystem: string; names: Set<string> }>;
  /**
   * Manifest path -> the normalised names its folder's lockfile installs (transitive ones too):
   * importable where the environment is the locked one (a test, a type-check file), though a
   * shipped module must declare them.
   */
  locked: Map<string, Set<string>>;
}

/** Lockfiles whose installs a file may import undeclared (npm hoists to the top `node_modules`; uv, poetry and pdm install into one environment). */
const INSTALLING_LOCKFILES: ReadonlyArray<{
  format: Exclude<LockfileFormat, 'other'>;
  ecosystem: string;
  names(text: string): string[];
}> = [
  { format: 'npm', ecosystem: 'npm', names: hoistedNpmNames },
  { format: 'uv', ecosystem: 'pypi', names: lockedPythonNames },
  { format: 'poetry', ecosystem: 'pypi', names: lockedPythonNames },
  { format: 'pdm', ecosystem: 'pypi', names: lockedPythonNames },
];

/** Import names that differ from the distribution name people declare. */
const PYTHON_IMPORT_ALIASES: Record<string, string[]> = {
  yaml: ['pyyaml'],
  cv2: ['opencv-python', 'opencv-python-headless', 'opencv-contrib-python'],
  PIL: ['pillow'],
  sklearn: ['scikit-learn'],
  bs4: ['beautifulsoup4'],
  dateutil: ['python-dateutil'],
  dotenv: ['python-dotenv'],
  jwt: ['pyjwt'],
  magic: ['python-magic'],
  OpenSSL: ['pyopenssl'],
  Crypto: ['pycryptodome', 'pycrypto'],
  google: ['protobuf', 'google-cloud-storage', 'google-api-python-client', 'googleapis-common-protos'],
  attr: ['attrs'],
  pkg_resources: ['setuptools'],
  setuptools: ['setuptools'],
  git: ['gitpython'],
  serial: ['pyserial'],
  zmq: ['pyzmq'],
  multipart: ['python-multipart'],
  jose: ['python-jose'],
  docx: ['python-docx'],
  fitz: ['pymupdf'],
};

/** Per ecosystem whose manifests this guard reads (scan/file-kinds says which): the registry and the reader. */
const MANIFEST_READERS: Partial<
  Record<EcosystemFiles['ecosystem'], { ecosystem: string; names: (text: string) => Set<string> }>
> = {
  node: { ecosystem: 'npm', names: npmNames },
  python: { ecosystem: 'pypi', names: pythonNames },
  go: { ecosystem: 'go', names: goNames },
  rust: { ecosystem: 'crate', names: cargoNames },
};

/** Manifests this guard can read declared dependencies from: the only ones it may call a package undeclared by. */
export function readsDeclaredDependencies(path: string): boolean {
  const ecosystem = dependencyReadingEcosystem(path);
  return ecosystem !== undefined && MANIFEST_READERS[ecosystem] !== undefined;
}

export function readDeclaredDependencies(root: string, manifests: readonly string[]): DeclaredDependencies {
  const byManifest = new Map<string, { ecosystem: string; names: Set<string> }>();
  for (const path of manifests) {
    const ecosystem = dependencyReadingEcosystem(path);
    const reader = ecosystem === undefined ? undefined : MANIFEST_READERS[ecosystem];
    const text = reader && readRepositoryFile(root, path);
    if (reader && text !== undefined)
      byManifest.set(path, { ecosystem: reader.ecosystem, names: reader.names(text) });
  }
  return { byManifest, locked: lockedNames(root, byManifest) };
}

function lockedNames(root: string, byManifest: DeclaredDependencies['byManifest']): Map<string, Set<string>> {
  const locked = new Map<string, Set<string>>();
  const read = new Map<string, string[]>();
  for (const [manifest, { ecosystem }] of byManifest) {
    const folder = manifestFolder(manifest);
    for (const reader of INSTALLING_LOCKFILES) {
      if (reader.ecosystem !== ecosystem) continue;
      for (const lockfile of lockfilesOfFormat(reader.format)) {
        const path = folder ? `${folder}/${lockfile}` : lockfile;
        if (!read.has(path)) {
          const text = readRepositoryFile(root, path);
          read.set(path, text === undefined ? [] : reader.names(text));
        }
        const names = read.get(path)!;
        if (names.length > 0) locked.set(manifest, new Set([...(locked.get(manifest) ?? []), ...names]));
      }
    }
  }
  return locked;
}

function hoistedNpmNames(text: string): string[] {
  try {
    const packages = (JSON.parse(text) as { packages?: Record<string, unknown> }).packages ?? {};
    return Object.keys(packages)
      .filter((key) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(key))
      .map((key) => key.slice('node_modules/'.length));
  } catch {
    // A lockfile that does not parse installs nothing we can trust.
    return [];
  }
}

function lockedPythonNames(text: string): string[] {
  const packages = parseToml(text)?.package;
  if (!Array.isArray(packages)) return [];
  return packages
    .map((entry) => (entry as { name?: unknown }).name)
    .filter((name): name is string => typeof name === 'string')
    .map(normalizePythonName);
}

/**
 * Is `packageName` (as the graph names it: `npm:react` -> `react`) declared for `file`? With
 * `lockedCounts` (a test file), a package the governing folder's lockfile installs counts too.
 */
export function isDeclared(
  declared: DeclaredDependencies,
  ecosystem: string,
  packageName: string,
  file: string,
  lockedCounts = false,
): boolean {
  return governingManifests(declared, ecosystem, file).some(
    (manifest) =>
      matches(declared.byManifest.get(manifest)!.names, ecosystem, packageName) ||
      (lockedCounts && matches(declared.locked.get(manifest) ?? new Set(), ecosystem, packageName)),
  );
}

/**
 * The manifests that govern a file: those of the nearest folder at or above it that has any
 * manifest of the ecosystem (a `requirements/` folder counts as its parent's), plus the root's
 * for npm workspaces. A test-data pyproject.toml governs only the files below it.
 */
export function governingManifests(
  declared: DeclaredDependencies,
  ecosystem: string,
  file: string,
): string[] {
  const byFolder = new Map<string, string[]>();
  for (const [manifest, entry] of declared.byManifest) {
    if (entry.ecosystem !== ecosystem) continue;
    const folder = manifestFolder(manifest);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), manifest]);
  }
  let folder = directoryOf(file);
  for (;;) {
    const found = byFolder.get(folder);
    if (found) {
      const root = ecosystem === 'npm' && folder !== '' ? (byFolder.get('') ?? []) : [];
      return [...found, ...root].sort();
    }
    if (folder === '') return [];
    folder = directoryOf(folder);
  }
}

function manifestFolder(manifest: string): string {
  const folder = directoryOf(manifest);
  return /(^|\/)requirements$/.test(folder) && /\.txt$/.test(manifest) ? directoryOf(folder) : folder;
}

function matches(names: Set<string>, ecosystem: string, packageName: string): boolean {
  if (ecosystem === 'npm')
    return names.has(packageName) || names.has(`@types/${packageName.replace(/^@([^/]+)\//, '$1__')}`);
  if (ecosystem === 'pypi') {
    const candidates = [packageName, ...(PYTHON_IMPORT_ALIASES[packageName] ?? [])].map(normalizePythonName);
    return candidates.some((candidate) => names.has(candidate));
  }
  if (ecosystem === 'go')
    return [...names].some(
      (module) =>
        packageName === module ||
        packageName.startsWith(`${module}/`) ||
        module.startsWith(`${packageName}/`),
    );
  if (ecosystem === 'crate') return names.has(packageName.replace(/-/g, '_'));
  return false;
}

function npmNames(text: string): Set<string> {
  const names = new Set<string>();
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    if (typeof manifest.name === 'string') names.add(manifest.name);
    for (const field of [
      'dependencies',
      'devDependencies',
      'peerDependencies',
      'optionalDependencies',
      'bundledDependencies',
    ]) {
      const value = manifest[field];
      if (isRecord(value)) for (const name of Object.keys(value)) names.add(name);
      if (Array.isArray(value)) for (const name of value) if (typeof name === 'string') names.add(name);
    }
    const imports = manifest.imports;
    if (imports && typeof imports === 'object') for (const name of Object.keys(imports)) names.add(name);
  } catch {
    // an unreadable package.json declares nothing we can trust
  }
  return names;
}

function pythonNames(text: string): Set<string> {
  const names = new Set<string>();
  const add = (raw: string) => {
    const name = /^\s*["']?([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(raw)?.[1];
    if (name) names.add(normalizePythonName(name));
  };
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith('-')) continue;
    const quoted = trimmed.matchAll(
      /["']([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:[<>=!~;@ ]|["'])/g,
    );
    for (const match of quoted) add(match[1]!);
    if (/^[A-Za-z0-9][A-Za-z0-9._-]*\s*(=|\[|$|[<>=!~])/.test(trimmed) && !trimmed.includes('"'))
      add(trimmed);
  }
  return names;
}

function goNames(text: string): Set<string> {
  const names = new Set<string>();
  const module = /^module\s+(\S+)/m.exec(text)?.[1];
  if (module) names.add(module);
  for (const match of text.matchAll(/^\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]{2,}\/[^\s]+)\s+v[0-9]/gm))
    names.add(match[1]!);
  return names;
}

function cargoNames(text: string): Set<string> {
  const names = new Set<string>();
  // A Cargo.toml that does not parse declares nothing we can trust.
  const manifest = parseToml(text);
  if (!manifest) return names;
  const targets = Object.values((manifest.target ?? {}) as Record<string, Record<string, unknown>>);
  const workspace = (manifest.workspace ?? {}) as Record<string, unknown>;
  for (const holder of [manifest, workspace, ...targets])
    for (const section of ['dependencies', 'dev-dependencies', 'build-dependencies'])
      for (const [name, spec] of Object.entries((holder[section] ?? {}) as Record<string, unknown>)) {
        names.add(name.replace(/-/g, '_'));
        const renamed = (spec as { package?: unknown } | undefined)?.package;
        if (typeof renamed === 'string') names.add(renamed.replace(/-/g, '_'));
      }
  const own = (manifest.package as { name?: unknown } | undefined)?.name;
  if (typeof own === 'string') names.add(own.replace(/-/g, '_'));
  return names;
}
