/**
 * What the project's manifests declare: its name and description, package manager, the commands
 * to install, build, test, lint and type-check it, and declared entrypoints. Read from
 * package.json, Makefile, pyproject.toml, go.mod, Cargo.toml, pom.xml / build.gradle.
 */
import { isOcppError } from '../shared/errors.js';
import { readTextSyncIfExists } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { tomlEntries } from '../shared/toml.js';
import { lockfilesOfTool, nodePackageManagerOf, PYTEST_FILE } from './file-kinds.js';
import { type JavaModule, javaModules } from './java-modules.js';
import {
  type DeclaredEntrypoint,
  type DeclaredPackage,
  declaredNodeEntrypoints,
  type PackageJson,
  readPackages,
} from './packages.js';
import type { ScanResult } from './types.js';

export type CommandName = 'install' | 'build' | 'test' | 'lint' | 'typecheck' | 'format' | 'dev' | 'start';

export const COMMAND_NAMES: readonly CommandName[] = [
  'install',
  'build',
  'test',
  'lint',
  'typecheck',
  'format',
  'dev',
  'start',
];

export interface ProjectCommand {
  name: CommandName;
  /** What to type in a shell at the repository root. */
  command: string;
  /** Where it was found: `package.json#scripts.test`, `Makefile:12`, `go.mod`. */
  source: string;
}

export type { DeclaredEntrypoint } from './packages.js';

export interface ProjectFacts {
  name?: string;
  description?: string;
  packageManager?: 'npm' | 'pnpm' | 'yarn' | 'bun';
  /** Ecosystems present, from their manifests: `node`, `python`, `go`, `rust`, `java`. */
  ecosystems: string[];
  commands: ProjectCommand[];
  declaredEntrypoints: DeclaredEntrypoint[];
  /** Module style of the root package: `esm` (`"type": "module"`) or `commonjs`. */
  moduleType?: 'esm' | 'commonjs';
  /** Manifest files that could not be parsed, with why. */
  problems: Array<{ file: string; message: string }>;
  /** Go module path from go.mod. */
  goModule?: string;
  /** Every package a manifest declares (workspaces, crates, Maven modules), the root first. */
  packages: DeclaredPackage[];
  /** Maven modules and JPMS modules (`module-info.java`), by folder. */
  javaModules: JavaModule[];
  /** Where the Node package manager is told to write no lockfile (`.npmrc:2: package-lock=false`). */
  lockfileOptOut?: string;
}

const SCRIPT_ALIASES: Record<CommandName, string[]> = {
  install: [],
  build: ['build', 'compile'],
  test: ['test', 'test:unit', 'tests'],
  lint: ['lint', 'lint:check', 'check:lint'],
  typecheck: ['typecheck', 'type-check', 'check-types', 'types', 'tsc', 'check:types', 'lint:types'],
  format: ['format', 'fmt', 'prettier'],
  dev: ['dev', 'develop', 'watch'],
  start: ['start', 'serve'],
};

/** `reads`, when given, collects every path the detection looked for (present or not). */
export function detectProject(scan: ScanResult, reads?: Set<string>): ProjectFacts {
  const present = new Set(scan.files.map((file) => file.path));
  const problems: ProjectFacts['problems'] = [];
  const read = (path: string) => {
    reads?.add(path);
    return present.has(path) ? readManifest(scan.root, path, problems) : undefined;
  };
  const packages = readPackages(scan.files, read);
  const facts: ProjectFacts = {
    ecosystems: [],
    commands: [],
    declaredEntrypoints: [],
    problems,
    packages,
    javaModules: javaModules(scan.files, packages, read),
  };
  readNode(read, present, facts);
  readNpmrc(read, facts);
  readMakefile(read, facts);
  readPython(read, present, facts);
  readGo(read, facts);
  readRust(read, facts);
  readJava(present, facts);
  // Nested packages' own declarations (a workspace's `packages/vite/package.json` bin and exports).
  for (const entry of packages) if (entry.path !== '.') facts.declaredEntrypoints.push(...entry.entrypoints);
  facts.ecosystems.sort();
  return facts;
}

/** A scanned manifest's text; one that is there but does not read is a problem, never "absent" silently. */
function readManifest(root: string, path: string, problems: ProjectFacts['problems']): string | undefined {
  try {
    return readTextSyncIfExists(absolutePath(root, path));
  } catch (error) {
    if (!isOcppError(error)) throw error;
    if (!problems.some((problem) => problem.file === path))
      problems.push({ file: path, message: error.message });
    return undefined;
  }
}

function addCommand(facts: ProjectFacts, name: CommandName, command: string, source: string): void {
  if (facts.commands.some((entry) => entry.name === name)) return;
  facts.commands.push({ name, command, source });
}

/** An ecosystem's conventional commands, all from one manifest, in the order given. */
function addCommands(
  facts: ProjectFacts,
  source: string,
  commands: Partial<Record<CommandName, string>>,
): void {
  for (const [name, command] of Object.entries(commands) as Array<[CommandName, string]>)
    addCommand(facts, name, command, source);
}

function readNode(
  read: (path: string) => string | undefined,
  present: Set<string>,
  facts: ProjectFacts,
): void {
  const text = read('package.json');
  if (text === undefined) return;
  facts.ecosystems.push('node');
  let manifest: PackageJson;
  try {
    manifest = JSON.parse(text) as PackageJson;
  } catch (error) {
    facts.problems.push({ file: 'package.json', message: `not valid JSON: ${(error as Error).message}` });
    return;
  }
  if (typeof manifest.name === 'string') facts.name = manifest.name;
  if (typeof manifest.description === 'string') facts.description = manifest.description;
  facts.moduleType = manifest.type === 'module' ? 'esm' : 'commonjs';
  const manager = packageManagerOf(manifest, present);
  facts.packageManager = manager;
  const lockfile = lockfilesOfTool(manager).find((name) => present.has(name));
  const install = manager === 'npm' ? (lockfile ? 'npm ci' : 'npm install') : `${manager} install`;
  addCommand(facts, 'install', install, lockfile ?? 'package.json');
  const scripts = manifest.scripts ?? {};
  for (const name of COMMAND_NAMES) {
    const script = SCRIPT_ALIASES[name].find((alias) => typeof scripts[alias] === 'string');
    if (script) addCommand(facts, name, runScript(manager, script), `package.json#scripts.${script}`);
  }
  for (const entry of declaredNodeEntrypoints(manifest)) facts.declaredEntrypoints.push(entry);
}

function packageManagerOf(manifest: PackageJson, present: Set<string>): 'npm' | 'pnpm' | 'yarn' | 'bun' {
  const declared = /^(npm|pnpm|yarn|bun)@/.exec(manifest.packageManager ?? '')?.[1];
  if (declared) return declared as 'npm' | 'pnpm' | 'yarn' | 'bun';
  return nodePackageManagerOf(present) ?? 'npm';
}

/** npm's `package-lock=false` and pnpm's `lockfile=false`: the project keeps no lockfile on purpose. */
function readNpmrc(read: (path: string) => string | undefined, facts: ProjectFacts): void {
  const lines = read('.npmrc')?.split('\n') ?? [];
  const index = lines.findIndex((line) => /^\s*(package-lock|lockfile)\s*=\s*false\s*$/.test(line));
  if (index >= 0) facts.lockfileOptOut = `.npmrc:${index + 1}: ${lines[index]!.trim()}`;
}

function runScript(manager: string, script: string): string {
  if (script === 'test' || script === 'start') return `${manager} ${script}`;
  return manager === 'npm' ? `npm run ${script}` : `${manager} ${script}`;
}

function readMakefile(read: (path: string) => string | undefined, facts: ProjectFacts): void {
  const name = ['Makefile', 'makefile', 'GNUmakefile'].find((candidate) => read(candidate) !== undefined);
  if (!name) return;
  const lines = read(name)!.split('\n');
  const targets = new Map<string, number>();
  lines.forEach((line, index) => {
    const match = /^([A-Za-z0-9][A-Za-z0-9_.-]*)\s*:(?!=)/.exec(line);
    if (match && !targets.has(match[1]!)) targets.set(match[1]!, index + 1);
  });
  const wanted: Array<[CommandName, string[]]> = [
    ['install', ['install', 'deps', 'setup', 'bootstrap']],
    ['build', ['build', 'all', 'compile']],
    ['test', ['test', 'tests', 'check']],
    ['lint', ['lint', 'vet']],
    ['typecheck', ['typecheck', 'type-check', 'types', 'mypy']],
    ['format', ['format', 'fmt']],
  ];
  for (const [command, candidates] of wanted) {
    const target = candidates.find((candidate) => targets.has(candidate));
    if (target) addCommand(facts, command, `make ${target}`, `${name}:${targets.get(target)}`);
  }
}

function readPython(
  read: (path: string) => string | undefined,
  present: Set<string>,
  facts: ProjectFacts,
): void {
  const pyproject = read('pyproject.toml');
  const hasPython =
    pyproject !== undefined ||
    present.has('setup.py') ||
    present.has('requirements.txt') ||
    present.has('setup.cfg');
  if (!hasPython) return;
  facts.ecosystems.push('python');
  const text = pyproject ?? '';
  if (!facts.name) {
    const name = /^\s*name\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
    if (name) facts.name = name;
  }
  if (!facts.description) {
    const description = /^\s*description\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
    if (description) facts.description = description;
  }
  const source =
    pyproject !== undefined ? 'pyproject.toml' : present.has('setup.py') ? 'setup.py' : 'requirements.txt';
  const uvLock = lockfilesOfTool('uv').find((name) => present.has(name));
  if (uvLock) addCommand(facts, 'install', 'uv sync', uvLock);
  else if (lockfilesOfTool('poetry').some((name) => present.has(name)) || /\[tool\.poetry\]/.test(text))
    addCommand(facts, 'install', 'poetry install', source);
  else if (present.has('requirements.txt') && pyproject === undefined)
    addCommand(facts, 'install', 'pip install -r requirements.txt', 'requirements.txt');
  else addCommand(facts, 'install', 'pip install -e .', source);
  const usesPytest =
    /pytest/.test(text) ||
    present.has('pytest.ini') ||
    present.has('conftest.py') ||
    [...present].some((path) => PYTEST_FILE.test(path));
  if (usesPytest)
    addCommand(
      facts,
      'test',
      'pytest',
      /\[tool\.pytest/.test(text) ? 'pyproject.toml [tool.pytest]' : source,
    );
  for (const entry of pythonScripts(text, present)) facts.declaredEntrypoints.push(entry);
  if (/\[tool\.ruff/.test(text) || present.has('ruff.toml'))
    addCommand(facts, 'lint', 'ruff check .', 'pyproject.toml [tool.ruff]');
  else if (present.has('.flake8')) addCommand(facts, 'lint', 'flake8', '.flake8');
  if (/\[tool\.mypy/.test(text) || present.has('mypy.ini'))
    addCommand(facts, 'typecheck', 'mypy .', 'pyproject.toml [tool.mypy]');
  else if (/\[tool\.pyright/.test(text) || present.has('pyrightconfig.json'))
    addCommand(facts, 'typecheck', 'pyright', 'pyright config');
  if (/\[tool\.(black|ruff\.format)/.test(text))
    addCommand(facts, 'format', /\[tool\.black/.test(text) ? 'black .' : 'ruff format .', 'pyproject.toml');
}

/** `[project.scripts]` / `[project.gui-scripts]` / `[tool.poetry.scripts]`: `black = "black:patched_main"` -> the module's file. */
function pythonScripts(text: string, present: Set<string>): DeclaredEntrypoint[] {
  const tables = new Set(['project.scripts', 'project.gui-scripts', 'tool.poetry.scripts']);
  const entries: DeclaredEntrypoint[] = [];
  for (const { table, key, value } of tomlEntries(text)) {
    if (!tables.has(table)) continue;
    const module = /^([\w.]+)(:[\w.]+)?$/.exec(value.trim())?.[1];
    const path = module && pythonModuleFile(module, present);
    if (path) entries.push({ path, reason: `pyproject.toml [${table}] ${key}` });
  }
  return entries;
}

/** `black` -> `src/black/__init__.py` (src layout) or `black/__init__.py` or `black.py`. */
function pythonModuleFile(module: string, present: Set<string>): string | undefined {
  const stem = module.split('.').join('/');
  const candidates = [`${stem}/__init__.py`, `${stem}.py`];
  return [...candidates.map((candidate) => `src/${candidate}`), ...candidates].find((path) =>
    present.has(path),
  );
}

function readGo(read: (path: string) => string | undefined, facts: ProjectFacts): void {
  const text = read('go.mod');
  if (text === undefined) return;
  facts.ecosystems.push('go');
  const module = /^module\s+(\S+)/m.exec(text)?.[1];
  if (module) {
    facts.goModule = module;
    if (!facts.name) facts.name = module;
  }
  addCommands(facts, 'go.mod', {
    install: 'go mod download',
    build: 'go build ./...',
    test: 'go test ./...',
    lint: 'go vet ./...',
    format: 'gofmt -l .',
  });
}

function readRust(read: (path: string) => string | undefined, facts: ProjectFacts): void {
  const text = read('Cargo.toml');
  if (text === undefined) return;
  facts.ecosystems.push('rust');
  const name = /^\s*name\s*=\s*"([^"]+)"/m.exec(text)?.[1];
  if (name && !facts.name) facts.name = name;
  const description = /^\s*description\s*=\s*"([^"]+)"/m.exec(text)?.[1];
  if (description && !facts.description) facts.description = description;
  addCommands(facts, 'Cargo.toml', {
    install: 'cargo fetch',
    build: 'cargo build',
    test: 'cargo test',
    lint: 'cargo clippy',
    typecheck: 'cargo check',
    format: 'cargo fmt --check',
  });
  for (const entry of cargoTargets(text)) facts.declaredEntrypoints.push(entry);
}

/** `[[bin]]` and `[lib]` targets with an explicit `path` (ripgrep's `crates/core/main.rs`). */
function cargoTargets(text: string): DeclaredEntrypoint[] {
  const entries = tomlEntries(text);
  const targets: DeclaredEntrypoint[] = [];
  for (const { table, section, key, value } of entries) {
    if ((table !== 'bin' && table !== 'lib') || key !== 'path') continue;
    const name = entries.find((entry) => entry.section === section && entry.key === 'name')?.value;
    const reason = table === 'bin' ? `Cargo.toml [[bin]]${name ? ` ${name}` : ''}` : 'Cargo.toml [lib]';
    targets.push({ path: value.replace(/^\.\//, ''), reason });
  }
  return targets;
}

function readJava(present: Set<string>, facts: ProjectFacts): void {
  if (present.has('pom.xml')) {
    facts.ecosystems.push('java');
    // The root artifactId names the project; an aggregator's `gson-parent` names its parent pom, not the project.
    const root = facts.packages.find((entry) => entry.manifest === 'pom.xml')?.name;
    if (root && !facts.name) facts.name = root.replace(/-parent$/, '');
    const mvn = present.has('mvnw') ? './mvnw' : 'mvn';
    addCommands(facts, 'pom.xml', {
      install: `${mvn} -q dependency:resolve`,
      build: `${mvn} -q package -DskipTests`,
      test: `${mvn} test`,
    });
    return;
  }
  const gradle = ['build.gradle', 'build.gradle.kts'].find((file) => present.has(file));
  if (!gradle) return;
  facts.ecosystems.push('java');
  const tool = present.has('gradlew') ? './gradlew' : 'gradle';
  addCommands(facts, gradle, { build: `${tool} build -x test`, test: `${tool} test` });
}
