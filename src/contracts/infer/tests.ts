/**
 * The test contract: which runners run which files (read from the runners' configs where they
 * are simple literals, else the runner's defaults), how tests are named after sources, which
 * sources require a test change, and setup files that affect every test.
 */
import type { CommandName, ProjectFacts } from '../../scan/project.js';
import type { TestContract, TestRunnerEntry } from '../schema.js';
import { assignTestFiles, conventionTestsFor } from '../test-files.js';
import type { InferenceInput } from './input.js';

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  jest?: { testMatch?: unknown; setupFiles?: unknown; setupFilesAfterEach?: unknown };
}

const JS = '?([cm])[jt]s?(x)';
const DEFAULTS = {
  vitest: [`**/*.{test,spec}.${JS}`],
  jest: [`**/__tests__/**/*.${JS}`, `**/*.{test,spec}.${JS}`],
  mocha: ['test/*.{js,cjs,mjs}'],
  'node-test': [
    '**/*.test.{js,mjs,cjs}',
    '**/*-test.{js,mjs,cjs}',
    '**/*_test.{js,mjs,cjs}',
    '**/test-*.{js,mjs,cjs}',
    '**/test/**/*.{js,mjs,cjs}',
  ],
  pytest: ['**/test_*.py', '**/*_test.py'],
  go: ['**/*_test.go'],
  cargo: ['tests/*.rs', '**/tests/*.rs'],
} as const;
const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/dist/**'];

const CONVENTIONS: TestContract['conventions'] = [
  {
    source: '^(.+)\\.([cm]?[jt]sx?)$',
    test: '^$1\\.(test|spec)\\.[cm]?[jt]sx?$',
    comment: 'A test sits beside its source: a.ts is tested by a.test.ts.',
  },
  {
    source: '^(?:src|lib)/(.+)\\.[cm]?[jt]sx?$',
    test: '^tests?/$1\\.(test|spec)\\.[cm]?[jt]sx?$',
    comment: 'test/ mirrors src/: src/a/b.ts is tested by test/a/b.test.ts.',
  },
  {
    source: '^(.*/)?([^/]+)\\.[cm]?[jt]sx?$',
    test: '^$1__tests__/$2\\.(test|spec)\\.[cm]?[jt]sx?$',
    comment: 'Tests live in __tests__/ beside the source: a/b.ts is tested by a/__tests__/b.test.ts.',
  },
  {
    source: '^(?:.*/)?([^/]+)\\.py$',
    test: '(^|/)(test_$1|$1_test)\\.py$',
    comment: 'pytest names a test after its module: a.py is tested by test_a.py.',
  },
  {
    source: '^(.*/)?[^/]+\\.go$',
    test: '^$1[^/]+_test\\.go$',
    comment: 'Go tests sit in the package they test: every _test.go file in the folder.',
  },
  {
    source: '^(.*/)?src/.+\\.rs$',
    test: '^$1tests/[^/]+\\.rs$',
    comment: "A crate's integration tests live in tests/ beside its src/.",
  },
];

export function inferTests(input: InferenceInput): TestContract {
  const runners = detectRunners(input);
  const runnable = [
    ...assignTestFiles(
      runners,
      input.files.map((file) => file.path),
    ).keys(),
  ];
  const sources = input.files.filter((file) => file.kind === 'source').map((file) => file.path);
  const conventions = CONVENTIONS.filter((convention) =>
    sources.some((source) => conventionTestsFor([convention], source, runnable).length > 0),
  );
  return {
    schemaVersion: 1,
    comment:
      'Runners and the files they run, naming conventions (regular expressions; $1.. are groups of source), and which sources need a test change.',
    runners,
    conventions,
    requireTestChange: {
      paths: testedSourceRoots(input, runnable),
      exclude: ['**/*.d.ts'],
      severity: 'required',
      comment: 'A change to these sources should come with a test that exercises it.',
    },
    forceRerunTriggers: setupFiles(input),
  };
}

/** The test runners the project uses, with the files each runs and its whole-suite command. */
export function detectRunners(input: InferenceInput): TestRunnerEntry[] {
  const { project } = input;
  const runners = [...nodeRunners(input)];
  const testCommand = commandOf(project, 'test');
  if (
    project.ecosystems.includes('python') &&
    (/pytest/.test(testCommand ?? '') || hasFile(input, /(^|\/)test_[^/]*\.py$|(^|\/)conftest\.py$/))
  )
    runners.push(
      runner(
        'pytest',
        DEFAULTS.pytest,
        'python -m pytest',
        /pytest/.test(testCommand ?? '') ? testCommand! : 'python -m pytest',
      ),
    );
  if (project.ecosystems.includes('go')) runners.push(runner('go', DEFAULTS.go, 'go test', 'go test ./...'));
  if (project.ecosystems.includes('rust'))
    runners.push(runner('cargo', DEFAULTS.cargo, 'cargo test', 'cargo test'));
  return runners;
}

function nodeRunners(input: InferenceInput): TestRunnerEntry[] {
  const manifest = readPackageJson(input);
  if (!manifest) return [];
  const exec = { npm: 'npx', pnpm: 'pnpm exec', yarn: 'yarn', bun: 'bunx' }[
    input.project.packageManager ?? 'npm'
  ];
  const deps = { ...manifest.dependencies, ...manifest.devDependencies };
  const scripts = manifest.scripts ?? {};
  const scriptText = Object.values(scripts).join('\n');
  const testCommand = commandOf(input.project, 'test');
  const runners: TestRunnerEntry[] = [];
  const vitestConfigs = input.files
    .map((file) => file.path)
    .filter((path) => /^vitest(\.[\w-]+)*\.config(\.[\w-]+)*\.[cm]?[jt]s$/.test(path))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  if ('vitest' in deps || /\bvitest\b/.test(scriptText) || vitestConfigs.length > 0) {
    const configs = vitestConfigs.length > 0 ? vitestConfigs : [undefined];
    for (const config of configs) runners.push(vitestRunner(input, config, exec, scripts, testCommand));
  }
  if ('jest' in deps || /\bjest\b/.test(scriptText) || hasFile(input, /^jest\.config\.[cm]?[jt]s(on)?$/)) {
    const config = input.files.find((file) => /^jest\.config\.[cm]?[jt]s$/.test(file.path))?.path;
    const include =
      stringList(manifest.jest?.testMatch) ??
      (config ? arrayLiteral(input.readFile(config), 'testMatch') : undefined);
    runners.push(
      runner('jest', include ?? DEFAULTS.jest, `${exec} jest`, fullFor(testCommand, /jest/, `${exec} jest`)),
    );
  }
  if ('mocha' in deps || /\bmocha\b/.test(scriptText)) {
    const spec = mochaSpec(input);
    runners.push(
      runner(
        'mocha',
        spec ?? DEFAULTS.mocha,
        `${exec} mocha`,
        fullFor(testCommand, /mocha/, `${exec} mocha`),
      ),
    );
  }
  if (/\bnode\s+(--[\w-]+\s+)*--test\b/.test(scriptText))
    runners.push(
      runner(
        'node-test',
        DEFAULTS['node-test'],
        'node --test',
        fullFor(testCommand, /--test/, 'node --test'),
      ),
    );
  return runners;
}

function vitestRunner(
  input: InferenceInput,
  config: string | undefined,
  exec: string,
  scripts: Record<string, string>,
  testCommand: string | undefined,
): TestRunnerEntry {
  const text = config ? input.readFile(config) : undefined;
  const isDefault = !config || /^vitest\.config\.[cm]?[jt]s$/.test(config);
  const command = `${exec} vitest run${isDefault ? '' : ` --config ${config}`}`;
  const script = config
    ? Object.keys(scripts)
        .sort()
        .find((name) => scripts[name]!.includes(config))
    : undefined;
  const manager = input.project.packageManager ?? 'npm';
  const fullCommand = script
    ? `${manager === 'npm' ? 'npm run' : manager} ${script}`
    : isDefault
      ? fullFor(testCommand, /vitest/, command)
      : command;
  const entry = runner('vitest', arrayLiteral(text, 'include') ?? DEFAULTS.vitest, command, fullCommand);
  entry.exclude = [...new Set([...ALWAYS_EXCLUDED, ...(arrayLiteral(text, 'exclude') ?? [])])].sort();
  if (config) entry.comment = `From ${config}.`;
  return entry;
}

function runner(
  name: TestRunnerEntry['runner'],
  include: readonly string[],
  command: string,
  fullCommand: string,
): TestRunnerEntry {
  return { runner: name, include: [...include], exclude: [...ALWAYS_EXCLUDED], command, fullCommand };
}

function fullFor(testCommand: string | undefined, uses: RegExp, fallback: string): string {
  return testCommand && (uses.test(testCommand) || /^(npm|pnpm|yarn|bun) (run )?test/.test(testCommand))
    ? testCommand
    : fallback;
}

function commandOf(project: ProjectFacts, name: CommandName): string | undefined {
  return project.commands.find((entry) => entry.name === name)?.command;
}

function hasFile(input: InferenceInput, pattern: RegExp): boolean {
  return input.files.some((file) => pattern.test(file.path));
}

function readPackageJson(input: InferenceInput): PackageJson | undefined {
  try {
    const text = input.readFile('package.json');
    return text === undefined ? undefined : (JSON.parse(text) as PackageJson);
  } catch {
    return undefined;
  }
}

/** The string literals of `key: [ ... ]` in a config file's text, when it is written literally. */
export function arrayLiteral(text: string | undefined, key: string): string[] | undefined {
  if (!text) return undefined;
  const body = new RegExp(`\\b${key}\\s*:\\s*\\[([^\\]]*)\\]`).exec(text)?.[1];
  if (body === undefined) return undefined;
  const values = [...body.matchAll(/(['"`])((?:(?!\1).)*)\1/g)].map((match) =>
    match[2]!.replace(/^\.\//, ''),
  );
  return values.length > 0 ? values : undefined;
}

function stringList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string') && value.length > 0
    ? (value as string[])
    : undefined;
}

function mochaSpec(input: InferenceInput): string[] | undefined {
  try {
    const text = input.readFile('.mocharc.json');
    return text
      ? stringList((JSON.parse(text) as { spec?: unknown }).spec)?.map((spec) => spec.replace(/^\.\//, ''))
      : undefined;
  } catch {
    return undefined;
  }
}

/** Source folders (first path segment) that some test already exercises: changes there need a test. */
function testedSourceRoots(input: InferenceInput, runnable: readonly string[]): string[] {
  const tests = new Set(runnable);
  const sources = new Set(input.files.filter((file) => file.kind === 'source').map((file) => file.path));
  const roots = new Set<string>();
  for (const edge of input.graph.edges) {
    if (edge.external || !tests.has(edge.from) || !sources.has(edge.to)) continue;
    const slash = edge.to.indexOf('/');
    if (slash > 0) roots.add(`${edge.to.slice(0, slash)}/**`);
  }
  return [...roots].sort();
}

/** Setup files named in vitest / jest configs: every test loads them. */
function setupFiles(input: InferenceInput): string[] {
  const found = new Set<string>();
  for (const file of input.files) {
    if (!/^(vitest|vite|jest)(\.[\w-]+)*\.config(\.[\w-]+)*\.[cm]?[jt]s$/.test(file.path)) continue;
    const text = input.readFile(file.path);
    for (const key of ['setupFiles', 'globalSetup', 'setupFilesAfterEach', 'setupFilesAfterEnv'])
      for (const entry of arrayLiteral(text, key) ?? []) found.add(entry);
  }
  return [...found].sort();
}
