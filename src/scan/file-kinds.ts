/**
 * The one home of which files are dependency manifests, lockfiles, tests and fixtures (test
 * data). The scan tags every file with its kind from here; readers elsewhere (context, contracts,
 * impact, policy) ask these functions instead of keeping their own lists, so a new lockfile or
 * test convention is one line here.
 */

/** Per ecosystem: the manifests that declare dependencies and the lockfiles (with the command that rewrites each). */
export interface EcosystemFiles {
  ecosystem:
    | 'node'
    | 'python'
    | 'go'
    | 'rust'
    | 'java'
    | 'ruby'
    | 'php'
    | 'dart'
    | 'elixir'
    | 'swift'
    | 'nix';
  manifests: readonly string[];
  lockfiles: Readonly<Record<string, string>>;
}

export const ECOSYSTEM_FILES: readonly EcosystemFiles[] = [
  {
    ecosystem: 'node',
    manifests: ['package.json'],
    lockfiles: {
      'package-lock.json': 'npm install',
      'npm-shrinkwrap.json': 'npm install',
      'pnpm-lock.yaml': 'pnpm install',
      'yarn.lock': 'yarn install',
      'bun.lock': 'bun install',
      'bun.lockb': 'bun install',
    },
  },
  {
    ecosystem: 'python',
    manifests: ['pyproject.toml', 'setup.py', 'setup.cfg', 'Pipfile', 'requirements.txt'],
    lockfiles: {
      'poetry.lock': 'poetry lock',
      'uv.lock': 'uv lock',
      'pdm.lock': 'pdm lock',
      'Pipfile.lock': 'pipenv lock',
    },
  },
  { ecosystem: 'go', manifests: ['go.mod', 'go.work'], lockfiles: { 'go.sum': 'go mod tidy' } },
  {
    ecosystem: 'rust',
    manifests: ['Cargo.toml'],
    lockfiles: { 'Cargo.lock': 'cargo build (it updates Cargo.lock)' },
  },
  {
    ecosystem: 'java',
    manifests: ['pom.xml', 'build.gradle', 'build.gradle.kts', 'settings.gradle', 'settings.gradle.kts'],
    lockfiles: { 'gradle.lockfile': 'gradle dependencies --write-locks' },
  },
  { ecosystem: 'ruby', manifests: ['Gemfile'], lockfiles: { 'Gemfile.lock': 'bundle install' } },
  { ecosystem: 'php', manifests: ['composer.json'], lockfiles: { 'composer.lock': 'composer update' } },
  { ecosystem: 'dart', manifests: ['pubspec.yaml'], lockfiles: { 'pubspec.lock': 'dart pub get' } },
  { ecosystem: 'elixir', manifests: ['mix.exs'], lockfiles: { 'mix.lock': 'mix deps.get' } },
  {
    ecosystem: 'swift',
    manifests: ['Package.swift'],
    lockfiles: { 'Package.resolved': 'swift package resolve' },
  },
  { ecosystem: 'nix', manifests: ['flake.nix'], lockfiles: { 'flake.lock': 'nix flake lock' } },
];

const LOCKFILE_NAMES = new Set(ECOSYSTEM_FILES.flatMap((entry) => Object.keys(entry.lockfiles)));
const MANIFEST_NAMES = new Set(ECOSYSTEM_FILES.flatMap((entry) => entry.manifests));

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `package-lock.json`, `Cargo.lock`, `go.sum`, ... anywhere in the tree. */
export function isLockfile(path: string): boolean {
  return LOCKFILE_NAMES.has(nameOf(path));
}

/** A file that declares dependencies (`package.json`, `pyproject.toml`, `go.mod`, `pom.xml`, `requirements-dev.txt`...). */
export function isManifest(path: string): boolean {
  const name = nameOf(path);
  return MANIFEST_NAMES.has(name) || /^requirements[\w.-]*\.txt$/.test(name);
}

/** The ecosystem whose manifest or lockfile this is. */
export function ecosystemFilesOf(path: string): EcosystemFiles | undefined {
  const name = nameOf(path);
  return ECOSYSTEM_FILES.find(
    (entry) =>
      entry.manifests.includes(name) ||
      name in entry.lockfiles ||
      (entry.ecosystem === 'python' && /^requirements[\w.-]*\.txt$/.test(name)),
  );
}

/**
 * Fixtures and test data: inputs that tests read, not tests (black's `tests/data/**`, Go's
 * `testdata/`, `__fixtures__/`, Jest/Vitest `__snapshots__/`).
 */
const FIXTURE_PATTERNS: RegExp[] = [
  /(^|\/)(fixtures?|__fixtures__|test-fixtures|testdata|test-data|test_data)\//,
  /(^|\/)(tests?|spec|__tests__)\/(data|resources|assets|samples)\//,
  /(^|\/)__snapshots__\//,
];

/** Test code, by the naming conventions of the ecosystems' runners. */
const TEST_PATTERNS: RegExp[] = [
  /(^|\/)(__tests__|__test__|tests?|spec|specs|e2e|__mocks__)\//,
  /\.(test|spec|e2e|bench)\.[cm]?[jt]sx?$/,
  /(^|\/)(test|tests|spec)\.[cm]?[jt]sx?$/,
  /(^|\/)test_[^/]*\.py$/,
  /_test\.py$/,
  /(^|\/)conftest\.py$/,
  /_test\.go$/,
  /(^|\/)src\/test\//,
  /(Test|Tests|IT|Spec)\.(java|kt|scala)$/,
  /\.(test|spec)\.(rb|php|rs)$/,
  /_spec\.rb$/,
];

export function isFixturePath(path: string): boolean {
  return FIXTURE_PATTERNS.some((pattern) => pattern.test(path));
}

/** The fixture folder a path sits in (`tests/data/`), undefined outside fixtures. */
export function fixtureFolderOf(path: string): string | undefined {
  for (const pattern of FIXTURE_PATTERNS) {
    const match = pattern.exec(path);
    if (match) return path.slice(0, match.index + match[0].length);
  }
  return undefined;
}

/** Test code (fixtures and test data are not: see `isFixturePath`). */
export function isTestPath(path: string): boolean {
  return !isFixturePath(path) && TEST_PATTERNS.some((pattern) => pattern.test(path));
}

/** Test code or its fixtures: whatever a test run reads and production never does. */
export function isTestOrFixturePath(path: string): boolean {
  return isFixturePath(path) || TEST_PATTERNS.some((pattern) => pattern.test(path));
}

/** The test-path conventions as one regular expression's source (for contract files, which hold strings). */
export function testPathRegexSource(): string {
  return [...TEST_PATTERNS, ...FIXTURE_PATTERNS].map((pattern) => pattern.source).join('|');
}

/**
 * Code that is not the product: examples, playgrounds, scaffolding templates, benchmarks, fuzzing
 * and profiling harnesses wherever they sit; docs, scripts, tooling, build scripts, CI and
 * integration suites at the top of the repository or of a workspace package. Entrypoints,
 * central modules and the module style are read from the rest.
 */
const AUXILIARY_ANYWHERE =
  /(^|\/)(_?examples?|playgrounds?|templates?(-[\w.-]+)?|benches|benchmarks?|benchsuite|fuzz|profiling)\//;
const AUXILIARY_AT_TOP =
  /^((packages|apps|crates|libs|modules)\/[^/]+\/)?(docs?|scripts?|tools|build|bench|ci|\.ci|\.github|integration|website|site)\//;

export function isAuxiliaryPath(path: string): boolean {
  return AUXILIARY_ANYWHERE.test(path) || AUXILIARY_AT_TOP.test(path);
}
