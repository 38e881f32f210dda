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
  /** The manifest a lockfile locks, where it is not the ecosystem's first manifest. */
  locks?: Readonly<Record<string, string>>;
  /**
   * The manifests whose declared dependencies this tool reads (`requirements*.txt` with Python's);
   * a package imported but not declared is only claimed undeclared where these were read.
   */
  dependenciesRead?: readonly string[];
}

export const ECOSYSTEM_FILES: readonly EcosystemFiles[] = [
  {
    ecosystem: 'node',
    manifests: ['package.json'],
    dependenciesRead: ['package.json'],
    // Most specific first: a pnpm, yarn or bun lockfile names its package manager; npm's is the default.
    lockfiles: {
      'pnpm-lock.yaml': 'pnpm install',
      'yarn.lock': 'yarn install',
      'bun.lock': 'bun install',
      'bun.lockb': 'bun install',
      'package-lock.json': 'npm install',
      'npm-shrinkwrap.json': 'npm install',
    },
  },
  {
    ecosystem: 'python',
    manifests: ['pyproject.toml', 'setup.py', 'setup.cfg', 'Pipfile', 'requirements.txt'],
    dependenciesRead: ['pyproject.toml', 'setup.py', 'setup.cfg', 'Pipfile', 'requirements.txt'],
    lockfiles: {
      'poetry.lock': 'poetry lock',
      'uv.lock': 'uv lock',
      'pdm.lock': 'pdm lock',
      'Pipfile.lock': 'pipenv lock',
    },
    locks: { 'Pipfile.lock': 'Pipfile' },
  },
  {
    ecosystem: 'go',
    manifests: ['go.mod', 'go.work'],
    lockfiles: { 'go.sum': 'go mod tidy' },
    dependenciesRead: ['go.mod'],
  },
  {
    ecosystem: 'rust',
    manifests: ['Cargo.toml'],
    lockfiles: { 'Cargo.lock': 'cargo build (it updates Cargo.lock)' },
    dependenciesRead: ['Cargo.toml'],
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
/** pip's requirement files (`requirements.txt`, `requirements-dev.txt`, `requirements.in.txt`). */
const REQUIREMENTS_FILE = /^requirements[\w.-]*\.txt$/;

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `package-lock.json`, `Cargo.lock`, `go.sum`, ... anywhere in the tree. */
export function isLockfile(path: string): boolean {
  return LOCKFILE_NAMES.has(nameOf(path));
}

/** The text formats of the lockfiles whose content can be checked entry by entry; `other` for the rest. */
export type LockfileFormat = 'npm' | 'pnpm' | 'yarn' | 'cargo' | 'poetry' | 'uv' | 'pdm' | 'go-sum' | 'other';

const LOCKFILE_FORMATS: Readonly<Record<string, LockfileFormat>> = {
  'package-lock.json': 'npm',
  'npm-shrinkwrap.json': 'npm',
  'pnpm-lock.yaml': 'pnpm',
  'yarn.lock': 'yarn',
  'Cargo.lock': 'cargo',
  'poetry.lock': 'poetry',
  'uv.lock': 'uv',
  'pdm.lock': 'pdm',
  'go.sum': 'go-sum',
};

/** The format of a lockfile at `path`; undefined when it is not a lockfile. */
export function lockfileFormat(path: string): LockfileFormat | undefined {
  if (!isLockfile(path)) return undefined;
  return LOCKFILE_FORMATS[nameOf(path)] ?? 'other';
}

/** The lockfile names written in `format` (`npm` -> `package-lock.json`, `npm-shrinkwrap.json`). */
export function lockfilesOfFormat(format: Exclude<LockfileFormat, 'other'>): string[] {
  return Object.keys(LOCKFILE_FORMATS).filter((name) => LOCKFILE_FORMATS[name] === format);
}

/** A file that declares dependencies (`package.json`, `pyproject.toml`, `go.mod`, `pom.xml`, `requirements-dev.txt`...). */
export function isManifest(path: string): boolean {
  const name = nameOf(path);
  return MANIFEST_NAMES.has(name) || REQUIREMENTS_FILE.test(name);
}

/**
 * The ecosystem of a manifest whose declared dependencies this tool reads (see
 * `EcosystemFiles.dependenciesRead`); undefined for one it does not read (`pom.xml`, `Gemfile`,
 * `go.work`) and for any other file.
 */
export function dependencyReadingEcosystem(path: string): EcosystemFiles['ecosystem'] | undefined {
  const name = nameOf(path);
  if (REQUIREMENTS_FILE.test(name)) return 'python';
  return ECOSYSTEM_FILES.find((entry) => entry.dependenciesRead?.includes(name))?.ecosystem;
}

/** The lockfiles (name -> the command that rewrites it) that lock a manifest named `manifest`. */
export function lockfilesOfManifest(manifest: string): Record<string, string> {
  const entry = ECOSYSTEM_FILES.find((candidate) => candidate.manifests.includes(manifest));
  if (!entry) return {};
  const locked = (lockfile: string) => (entry.locks?.[lockfile] ?? entry.manifests[0]) === manifest;
  return Object.fromEntries(Object.entries(entry.lockfiles).filter(([lockfile]) => locked(lockfile)));
}

/** The lockfiles a package manager or tool writes (`pnpm` -> `pnpm-lock.yaml`; `uv` -> `uv.lock`), most specific first. */
export function lockfilesOfTool(tool: string): string[] {
  return ECOSYSTEM_FILES.flatMap((entry) =>
    Object.entries(entry.lockfiles)
      .filter(([, command]) => command.split(' ')[0] === tool)
      .map(([lockfile]) => lockfile),
  );
}

/** The Node package manager whose lockfile is present (the first of `pnpm`, `yarn`, `bun`, `npm`), if any. */
export function nodePackageManagerOf(
  present: ReadonlySet<string>,
): 'npm' | 'pnpm' | 'yarn' | 'bun' | undefined {
  const node = ECOSYSTEM_FILES.find((entry) => entry.ecosystem === 'node')!;
  const found = Object.entries(node.lockfiles).find(([lockfile]) => present.has(lockfile));
  return found?.[1].split(' ')[0] as 'npm' | 'pnpm' | 'yarn' | 'bun' | undefined;
}

/** A manifest or a lockfile: a change to it changes what gets installed. */
export function isDependencyFile(path: string): boolean {
  return isManifest(path) || isLockfile(path);
}

/** The ecosystem whose manifest or lockfile this is. */
export function ecosystemFilesOf(path: string): EcosystemFiles | undefined {
  const name = nameOf(path);
  return ECOSYSTEM_FILES.find(
    (entry) =>
      entry.manifests.includes(name) ||
      name in entry.lockfiles ||
      (entry.ecosystem === 'python' && REQUIREMENTS_FILE.test(name)),
  );
}

/** Folders that hold only test inputs, whatever their files are named. */
const FIXTURE_FOLDER = /(^|\/)(fixtures?|__fixtures__|test-fixtures|testdata|test-data|test_data)\//;
/**
 * Data folders inside a test tree (black's `tests/data/`, Maven's `src/test/resources/`, the
 * `snapshots/` that insta and snapbox write under `tests/`). `tests/data/` is also where the tests
 * of a source module named `data` live, so a file there named as a test is a test (see `isFixturePath`).
 */
const TEST_DATA_FOLDER =
  /(^|\/)(tests?|spec|__tests__)\/(data|resources|assets|samples|([^/]+\/)*snapshots)\//;
/** Jest/Vitest/syrupy snapshot folders. */
const SNAPSHOT_FOLDER = /(^|\/)__snapshots__\//;

/**
 * Fixtures and test data: inputs that tests read, not tests (black's `tests/data/**`, Go's
 * `testdata/`, `__fixtures__/`, Jest/Vitest `__snapshots__/`).
 */
export const FIXTURE_PATTERNS: readonly RegExp[] = [FIXTURE_FOLDER, TEST_DATA_FOLDER, SNAPSHOT_FOLDER];

/** pytest's per-folder configuration: test code, and evidence that pytest runs the tests. */
export const PYTEST_CONFTEST = /(^|\/)conftest\.py$/;
/** pytest's default test file names (`test_*.py`, `*_test.py`). */
export const PYTEST_FILE = /(^|\/)(test_[^/]*|[^/]*_test)\.py$/;

/**
 * Type tests: files a type checker, not a runtime runner, checks — tsd's `test-d/` and
 * `*.test-d.ts`, vitest's typecheck `*.test-d.ts` / `*.spec-d.ts`, tstyche's `*.tst.ts` and
 * `__typetests__/`, dtslint's `dtslint/`, `type-tests/`. Tests all the same: never the product.
 */
const TYPE_TEST_FILE_NAME = /\.(test-d|spec-d|tst)\.[cm]?[jt]sx?$/;
const TYPE_TEST_FOLDER = /(^|\/)(test-d|__typetests__|type-?tests?|dtslint)\//;
export const TYPE_TEST_PATTERNS: readonly RegExp[] = [TYPE_TEST_FILE_NAME, TYPE_TEST_FOLDER];

/** Test files by their own name, wherever they sit (`*.test.ts`, `*.cy.ts`, `test_*.py`, `*_test.go`, `*Test.java`...). */
const TEST_FILE_NAMES: readonly RegExp[] = [
  /\.(test|spec|e2e|e2e-spec|bench|cy)\.[cm]?[jt]sx?$/,
  /(^|\/)(test|tests|spec)\.[cm]?[jt]sx?$/,
  PYTEST_FILE,
  PYTEST_CONFTEST,
  /_test\.go$/,
  /(Test|Tests|IT|Spec)\.(java|kt|scala)$/,
  /\.(test|spec)\.(rb|php|rs)$/,
  /_spec\.rb$/,
  TYPE_TEST_FILE_NAME,
];

/**
 * Test code, by the naming conventions of the ecosystems' runners: the test folders (with the
 * suffixed dunder folders some projects split their tests into, `__tests_dts__/`, `__tests_e2e__/`,
 * and the helpers only tests import, `test-helpers/`), the test file names (Cypress's `*.cy.ts`,
 * Nest's `*.e2e-spec.ts` among them), and the type tests.
 */
export const TEST_PATTERNS: readonly RegExp[] = [
  /(^|\/)(__tests__|__test__|tests?|spec|specs|e2e|__mocks__|test[-_](helpers?|support))\//,
  /(^|\/)__tests?_[a-z0-9_]+__\//,
  /(^|\/)src\/test\//,
  TYPE_TEST_FOLDER,
  ...TEST_FILE_NAMES,
];

/**
 * The naming conventions among the test patterns that a repository can be said to follow, with
 * the sentence that tells an agent how to name a new test (AGENTS.md conventions).
 */
export const TEST_NAMING_CONVENTIONS: ReadonlyArray<{ id: string; pattern: RegExp; text: string }> = [
  { id: '*.test.*', pattern: /\.test\.[cm]?[jt]sx?$/, text: 'Tests are named `<name>.test.<ext>`' },
  { id: '*.spec.*', pattern: /\.spec\.[cm]?[jt]sx?$/, text: 'Tests are named `<name>.spec.<ext>`' },
  { id: '__tests__/', pattern: /(^|\/)__tests__\//, text: 'Tests live in `__tests__/` folders' },
  { id: 'test_*.py', pattern: /(^|\/)test_[^/]+\.py$/, text: 'Python tests are named `test_<name>.py`' },
  { id: '*_test.py', pattern: /_test\.py$/, text: 'Python tests are named `<name>_test.py`' },
  { id: '*_test.go', pattern: /_test\.go$/, text: 'Go tests sit beside the code as `<name>_test.go`' },
  { id: '*Test.java', pattern: /Test\.java$/, text: 'Java tests are named `<Name>Test.java`' },
];

/**
 * A test in a tree of its own (`test/`, `tests/`, `spec/`, `__tests__/`, a type-test tree such as
 * `test-d/`, or test helpers at the top; Maven's `src/test/`), not beside its source.
 */
export function isSeparateTestTree(path: string): boolean {
  return (
    /^(test|tests|spec|__tests__|test-d|type-?tests?|dtslint|test[-_](helpers?|support))\//.test(path) ||
    /(^|\/)src\/test\//.test(path)
  );
}

/** A file named as a test by its runner's convention, whatever folder it sits in. */
function isNamedAsTest(path: string): boolean {
  return TEST_FILE_NAMES.some((pattern) => pattern.test(path));
}

export function isFixturePath(path: string): boolean {
  if (FIXTURE_FOLDER.test(path) || SNAPSHOT_FOLDER.test(path)) return true;
  return TEST_DATA_FOLDER.test(path) && !isNamedAsTest(path);
}

/** The fixture folder a path sits in (`tests/data/`), undefined outside fixtures. */
export function fixtureFolderOf(path: string): string | undefined {
  if (!isFixturePath(path)) return undefined;
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
const EXAMPLE_FOLDER = /(^|\/)(_?examples?|playgrounds?|demos?|template-[\w.-]+)\//;
const AUXILIARY_ANYWHERE = /(^|\/)(templates?|benches|benchmarks?|benchsuite|fuzz|profiling)\//;

/** Examples, playgrounds, demos and scaffolding templates (`template-react/`): code of kind `example`. */
export function isExamplePath(path: string): boolean {
  return EXAMPLE_FOLDER.test(path);
}
const AUXILIARY_AT_TOP =
  /^((packages|apps|crates|libs|modules)\/[^/]+\/)?(docs?|scripts?|tools|build|bench|ci|\.ci|\.github|integration|website|site)\//;

/** A workspace package that is itself the benchmark suite or the docs site (`packages/bench/`, `apps/docs/`). */
const AUXILIARY_PACKAGE = /^(packages|apps|crates|libs|modules)\/(bench|docs?|website|site)\//;

export function isAuxiliaryPath(path: string): boolean {
  return (
    EXAMPLE_FOLDER.test(path) ||
    AUXILIARY_ANYWHERE.test(path) ||
    AUXILIARY_AT_TOP.test(path) ||
    AUXILIARY_PACKAGE.test(path)
  );
}
