/**
 * `buildTestSelection()`: which tests prove a change, at three levels, as runnable commands.
 * - minimal: tests that changed, tests that import a changed file directly, and tests a naming
 *   convention ties to a changed source;
 * - regression: minimal plus every test that reaches a changed file through imports (or a file
 *   that imported a removed one, or a file that could not be parsed), the integration tests of
 *   the changed file's crate and of the crates built on it, and every test in the scope of a
 *   changed file that affects everything (lockfile, config, setup);
 * - full: each runner's full command from the test contract.
 */
import { assignTestFiles, conventionTestsFor, type TestRunnerId } from '../contracts/index.js';
import { inScope } from './global-files.js';
import { crateOf, dependentCrates } from './packages.js';
import type { ChangeImpactReport } from './report.js';
import { commandsForLevel, fullCommands, type TestCommand } from './select-commands.js';
import { unrunnableNotes } from './select-notes.js';
import type { SelectedTest, SelectionInput, SelectionLevel } from './selected-test.js';
import { NO_SELECTION_FACTS, type SelectionFacts } from './selection-facts.js';

export type { TestCommand } from './select-commands.js';
export type { SelectedTest, SelectionLevel } from './selected-test.js';

export interface SelectionLevelResult {
  tests: SelectedTest[];
  commands: TestCommand[];
}

export interface TestSelection {
  schemaVersion: 1;
  minimal: SelectionLevelResult;
  /** Includes the minimal tests. */
  regression: SelectionLevelResult;
  full: { commands: TestCommand[] };
  /** Runnable test files in the repository, per runner. */
  available: Partial<Record<TestRunnerId, number>>;
  notes: string[];
}

export type { SelectionInput } from './selected-test.js';

type Choose = (file: string, level: SelectionLevel, reason: string, path?: string[]) => void;

export function buildTestSelection(input: SelectionInput): TestSelection {
  const { contracts } = input;
  const facts = input.facts ?? NO_SELECTION_FACTS;
  const entries = contracts.tests.runners;
  const runnable = assignTestFiles(
    entries,
    input.files.map((file) => file.path),
  );
  const chosen = new Map<string, SelectedTest>();
  const choose: Choose = (file, level, reason, path) => {
    const runner = runnable.get(file);
    if (runner === undefined || chosen.has(file)) return;
    chosen.set(file, { file, runner: entries[runner]!.runner, level, reason, ...(path ? { path } : {}) });
  };
  chooseMinimal(input, [...runnable.keys()], facts, choose);
  chooseRegression(input, [...runnable.keys()], facts, choose);
  const selected = [...chosen.values()].sort((a, b) => (a.file < b.file ? -1 : 1));
  const minimal = selected.filter((test) => test.level === 'minimal');
  return {
    schemaVersion: 1,
    minimal: { tests: minimal, commands: commandsForLevel(minimal, entries, runnable, facts) },
    regression: { tests: selected, commands: commandsForLevel(selected, entries, runnable, facts) },
    full: { commands: fullCommands(entries) },
    available: countByRunner(
      entries.map((entry) => entry.runner),
      runnable,
    ),
    notes: notesOf(input, runnable, selected.length),
  };
}

function chooseMinimal(input: SelectionInput, tests: string[], facts: SelectionFacts, choose: Choose): void {
  const present = input.impact.changed.filter((file) => file.status !== 'deleted');
  for (const file of present) choose(file.path, 'minimal', 'changed in this diff');
  for (const entry of input.impact.affected)
    if (entry.depth === 1 && entry.reason === 'imports')
      choose(entry.file, 'minimal', `imports ${entry.path[1]}`, entry.path);
  for (const file of present)
    if (file.kind === 'source')
      for (const test of conventionTestsFor(input.contracts.tests.conventions, file.path, tests))
        choose(test, 'minimal', `named after ${file.path}`);
  chooseSamePackageUsers(input.impact, facts, choose);
}

function chooseRegression(
  input: SelectionInput,
  tests: string[],
  facts: SelectionFacts,
  choose: Choose,
): void {
  const { impact } = input;
  for (const entry of impact.affected)
    choose(entry.file, 'regression', reasonOf(entry.reason, entry.path), entry.path);
  for (const file of impact.changed) chooseCrateTests(file.path, tests, facts, choose);
  for (const trigger of impact.globalTriggers)
    for (const test of tests.filter((candidate) => inScope(candidate, trigger.scope)).sort())
      choose(
        test,
        'regression',
        `${trigger.file} affects every test${trigger.scope ? ` under ${trigger.scope}/` : ''} (${trigger.reason})`,
      );
}

/** A Rust source change reaches its crate's integration tests and those of every crate built on it. */
function chooseCrateTests(path: string, tests: string[], facts: SelectionFacts, choose: Choose): void {
  if (!path.endsWith('.rs') || facts.crates.length === 0) return;
  const crate = crateOf(facts.crates, path);
  if (!crate) return;
  const testsOf = (dir: string) =>
    tests.filter((test) => test.startsWith(`${dir ? `${dir}/` : ''}tests/`)).sort();
  for (const test of testsOf(crate.dir))
    choose(test, 'regression', `an integration test of crate ${crate.name}, which contains ${path}`);
  for (const dependent of dependentCrates(facts.crates, crate))
    for (const test of testsOf(dependent.dir))
      choose(
        test,
        'regression',
        `an integration test of crate ${dependent.name}, which depends on ${crate.name} (${path})`,
      );
}

/** A JVM test naming a class of its own package (no import needed) that is changed or affected. */
function chooseSamePackageUsers(impact: ChangeImpactReport, facts: SelectionFacts, choose: Choose): void {
  const changed = new Set(
    impact.changed.filter((file) => file.status !== 'deleted').map((file) => file.path),
  );
  const affected = new Map(impact.affected.map((entry) => [entry.file, entry]));
  for (const [test, used] of [...facts.samePackageUses].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const direct = used.find((path) => changed.has(path));
    if (direct) {
      choose(test, 'minimal', `uses ${direct} from its own package`);
      continue;
    }
    const reached = used.map((path) => affected.get(path)).find((entry) => entry !== undefined);
    if (reached)
      choose(
        test,
        'regression',
        `uses ${reached.file} from its own package, which reaches ${reached.path[reached.path.length - 1]} through ${reached.depth} import(s)`,
        [test, ...reached.path],
      );
  }
}

function reasonOf(reason: ChangeImpactReport['affected'][number]['reason'], path: string[]): string {
  const target = path[path.length - 1];
  if (reason === 'unparsed') return 'could not be parsed, so its imports are unknown: counted as affected';
  if (reason === 'imports-removed-file') return `imports ${target}, which this change removed`;
  return `reaches ${target} through ${path.length - 1} import(s)`;
}

function countByRunner(
  ids: readonly TestRunnerId[],
  runnable: Map<string, number>,
): Partial<Record<TestRunnerId, number>> {
  const counts: Partial<Record<TestRunnerId, number>> = {};
  for (const index of runnable.values()) counts[ids[index]!] = (counts[ids[index]!] ?? 0) + 1;
  return counts;
}

function notesOf(input: SelectionInput, runnable: Map<string, number>, selected: number): string[] {
  const notes: string[] = [];
  const unrunnable = unrunnableNotes(input, runnable);
  if (input.contracts.tests.runners.length === 0)
    notes.push('No test runner was found: add one to test.contract.json to get commands.');
  else if (runnable.size === 0 && unrunnable.length === 0)
    notes.push("No test file matches the runners' include patterns.");
  notes.push(...unrunnable);
  if (selected === 0 && input.impact.changed.length > 0 && unrunnable.length === 0 && runnable.size > 0)
    notes.push('No test reaches this change through imports or naming: run the full suite, or add a test.');
  if (input.impact.truncated)
    notes.push('The dependency walk was cut at its depth limit: run the full suite to be sure.');
  return notes;
}
