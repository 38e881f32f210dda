/**
 * The test contract: which runners run which files (detected from the ecosystem's declarations by
 * `runners/`, with each runner's own config where it is written literally, else its defaults),
 * how tests are named after sources, which sources require a test change, and setup files that
 * affect every test.
 */
import type { TestContract, TestRunnerEntry } from '../schema.js';
import { assignTestFiles, conventionTiesAnyTest } from '../test-files.js';
import type { InferenceInput } from './input.js';
import { nativeRunners } from './runners/native.js';
import { nodeRunners } from './runners/node.js';
import { pythonRunners } from './runners/python.js';
import { arrayLiteral } from './runners/shared.js';

const JS_SOURCE = '[cm]?[jt]sx?';

const CONVENTIONS: TestContract['conventions'] = [
  {
    source: `^(.+)\\.(${JS_SOURCE})$`,
    test: `^$1\\.(test|spec)\\.${JS_SOURCE}$`,
    comment: 'A test sits beside its source: a.ts is tested by a.test.ts.',
  },
  {
    source: `^(?:src|lib|source)/(.+)\\.${JS_SOURCE}$`,
    test: `^tests?/$1([.-][^/]+)?\\.${JS_SOURCE}$`,
    comment: 'test/ mirrors src/: src/a/b.ts is tested by test/a/b.test.ts, test/a/b.js or test/a/b-case.js.',
  },
  {
    source: `^(.*/)?([^/]+)\\.${JS_SOURCE}$`,
    test: `^$1__tests__/$2\\.(test|spec)\\.${JS_SOURCE}$`,
    comment: 'Tests live in __tests__/ beside the source: a/b.ts is tested by a/__tests__/b.test.ts.',
  },
  {
    source: `^(?:.*/)?(?!index\\.|main\\.)([^/.]+)\\.${JS_SOURCE}$`,
    test: `(^|/)$1([.-][^/]+)?\\.(test|spec)\\.${JS_SOURCE}$`,
    comment:
      'A test file is named after its module: lib/help.js is tested by tests/help.sorting.test.js and route.js by route-prefix.test.js.',
  },
  {
    source: '^(?:.*/)?(?!__init__\\.)([^/]+)\\.py$',
    test: '(^|/)(test_$1|$1_test)\\.py$',
    comment: 'pytest names a test after its module: a.py is tested by test_a.py.',
  },
  {
    source: '^(.*/)?([^/]+)\\.go$',
    test: '^$1$2_test\\.go$',
    comment:
      'Go names a test file after the file it tests: recovery.go is tested by recovery_test.go in the same package.',
  },
  {
    source: '^(.*/)?src/(?:.+/)?([^/]+)\\.rs$',
    test: '^$1tests/$2(_[^/]+)?\\.rs$',
    comment:
      "A crate's integration test named after a module: src/gitignore.rs is tested by tests/gitignore_skip_bom.rs.",
  },
  {
    source: '^(.*/)?src/main/(?:java|kotlin)/(?:.+/)?([^/]+)\\.(?:java|kt)$',
    test: '^$1src/test/(?:java|kotlin)/(?:.+/)?(?:$2(?:Test|Tests|IT|TestCase)|Test$2)\\.(?:java|kt)$',
    comment:
      'Maven and Gradle name a test class after the class it tests: Foo.java is tested by FooTest.java.',
  },
];

/** The test runners a repository declares, in the order they claim test files. */
export function detectTestRunners(input: InferenceInput): TestRunnerEntry[] {
  return [...nodeRunners(input), ...pythonRunners(input), ...nativeRunners(input)];
}

export function inferTests(input: InferenceInput): TestContract {
  const runners = detectTestRunners(input);
  const runnable = [
    ...assignTestFiles(
      runners,
      input.files.map((file) => file.path),
    ).keys(),
  ];
  const sources = input.files.filter((file) => file.kind === 'source').map((file) => file.path);
  const conventions = CONVENTIONS.filter((convention) =>
    conventionTiesAnyTest(convention, sources, runnable),
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
