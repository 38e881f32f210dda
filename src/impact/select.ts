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
import { conventionTestsFor, type TestRunnerId } from '../contracts/index.js';
import { languageOf } from '../scan/classify.js';
import { directoryOf } from '../shared/path.js';
import { narrowToCases } from './cases/narrow.js';
import { type CoChange, coChangeReason, coChangesOf, MIN_SHARED_COMMITS } from './co-change.js';
import { globalTriggerOf, inScope } from './global-files.js';
import { changedPackages, externalImportsByFile, importOfChangedPackage } from './package-imports.js';
import { cargoTestTargetOf, crateOf, dependentCrates } from './packages.js';
import { type PackagesByName, projectTests } from './project-tests.js';
import type { ChangeImpactReport } from './report.js';
import { runnableTests } from './runnable.js';
import { commandsForLevel, fullCommands, type TestCommand } from './select-commands.js';
import { unrunnableNotes } from './select-notes.js';
import { type Candidate, type Dropped, rankCandidates, sameStem, type Tier } from './select-rank.js';
import type { SelectedTest, SelectionInput } from './selected-test.js';
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

type Offer = (candidate: Candidate) => void;

export function buildTestSelection(input: SelectionInput): TestSelection {
  const { contracts } = input;
  const facts = input.facts ?? NO_SELECTION_FACTS;
  const entries = contracts.tests.runners;
  const { runnable, matched, cargo } = runnableTests(
    entries,
    input.files.map((file) => file.path),
    facts,
  );
  const candidates = new Map<string, Candidate>();
  const offer: Offer = (candidate) => {
    if (runnable.has(candidate.file) && !candidates.has(candidate.file))
      candidates.set(candidate.file, candidate);
  };
  const suite = [...runnable.keys()];
  offerMinimal(input, suite, facts, offer);
  offerRegression(input, suite, facts, offer);
  const history = coChangesOf(facts.pastCommits, changedSources(input.impact), suite);
  offerCoChanged(history, offer);
  const byName: PackagesByName = {
    changed: changedPackages(changedSources(input.impact), input.packages ?? []),
    imports: externalImportsByFile(input.externalImports ?? []),
  };
  offerPackageImporters(suite, byName, offer);
  const projects = projectTests(
    suite,
    changedSources(input.impact),
    input.files,
    facts.readTest,
    (test) => candidates.has(test),
    byName,
  );
  for (const candidate of projects.candidates) offer(candidate);
  const ranked = rankCandidates(
    [...candidates.values()],
    suite,
    { ...facts, readTest: projects.readTest },
    {
      binaryOf: (file) => cargoBinaryOf(facts, file),
      history,
      ...(input.share === undefined ? {} : { share: input.share }),
    },
  );
  const chosen = ranked.tests.map(
    (test): SelectedTest => ({ ...test, runner: entries[runnable.get(test.file)!]!.runner }),
  );
  // A test the diff changed, one a changed setup file affects as a whole, or a Rust test module
  // named after a changed module, runs whole.
  const changed = new Set(input.impact.changed.map((file) => file.path));
  const sources = changedSources(input.impact);
  const narrowable = (file: string) =>
    !changed.has(file) && candidates.get(file)?.tier !== 'kept' && !cargo.namesChangedModule(file, sources);
  const selected = narrowToCases(chosen, narrowable, matched, facts).sort((a, b) =>
    a.file < b.file ? -1 : 1,
  );
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
    notes: notesOf(input, runnable, selected.length, ranked.dropped),
  };
}

/**
 * A test that imports the package of a changed source by its name (zod's tests import `zod/v4`) loads
 * that package, though no import resolves to its files without an install: it reaches the change.
 */
function offerPackageImporters(suite: readonly string[], byName: PackagesByName, offer: Offer): void {
  if (byName.changed.length === 0) return;
  for (const test of suite) {
    const used = importOfChangedPackage(test, byName.imports, byName.changed);
    if (used)
      offer({
        file: test,
        tier: 'reached',
        level: 'regression',
        reason: `imports \`${used.specifier}\` by name, the package of ${used.package.source}`,
        depth: 2,
      });
  }
}

function offerMinimal(input: SelectionInput, tests: string[], facts: SelectionFacts, offer: Offer): void {
  const present = input.impact.changed.filter((file) => file.status !== 'deleted');
  const minimal = (file: string, tier: Tier, reason: string, path?: string[]) =>
    offer({ file, tier, level: 'minimal', reason, depth: 1, ...(path ? { path } : {}) });
  for (const file of present) minimal(file.path, 'certain', 'changed in this diff');
  for (const file of present)
    if (file.kind === 'source')
      for (const test of conventionTestsFor(input.contracts.tests.conventions, file.path, tests))
        if (sameStem(test, file.path)) minimal(test, 'certain', `named after ${file.path}`);
  for (const entry of input.impact.affected)
    if (entry.depth === 1 && entry.reason === 'imports')
      minimal(entry.file, 'direct', importsReason(entry.path[1]!), entry.path);
  for (const file of present)
    if (file.kind === 'source')
      for (const test of conventionTestsFor(input.contracts.tests.conventions, file.path, tests))
        minimal(test, 'direct', `named after ${file.path}`);
  offerSamePackageUsers(input.impact, facts, offer);
}

function offerRegression(input: SelectionInput, tests: string[], facts: SelectionFacts, offer: Offer): void {
  const { impact } = input;
  for (const entry of impact.affected)
    offer({
      file: entry.file,
      tier: entry.reason === 'imports' ? 'reached' : 'kept',
      level: 'regression',
      reason: reasonOf(entry.reason, entry.path),
      depth: entry.depth,
      path: entry.path,
    });
  offerSetupUsers(impact, tests, offer);
  for (const file of impact.changed) offerCrateTests(file.path, tests, facts, offer);
  for (const file of impact.changed) offerGoPackageTests(file, tests, offer);
  for (const trigger of impact.globalTriggers)
    for (const test of tests.filter((candidate) => inScope(candidate, trigger.scope)).sort())
      offer({
        file: test,
        tier: 'kept',
        level: 'regression',
        reason: `${trigger.file} affects every test${trigger.scope ? ` under ${trigger.scope}/` : ''} (${trigger.reason})`,
        depth: 1,
      });
}

/**
 * A setup file every test in its folder loads (`conftest.py`, `test/setup.ts`, a runner config)
 * that imports a changed file: the tests in its scope reach the change through it, though none
 * imports it (pytest hands fixtures over by name).
 */
function offerSetupUsers(impact: ChangeImpactReport, tests: string[], offer: Offer): void {
  for (const entry of impact.affected) {
    const trigger = entry.reason === 'imports' ? globalTriggerOf(entry.file) : undefined;
    if (!trigger) continue;
    for (const test of tests.filter((candidate) => inScope(candidate, trigger.scope)).sort())
      offer({
        file: test,
        tier: 'reached',
        level: 'regression',
        reason: `loads ${entry.file}, which reaches ${entry.path[entry.path.length - 1]} through ${entry.depth} import(s)`,
        depth: entry.depth + 1,
        path: [test, ...entry.path],
      });
  }
}

/** A Go test sees every name of its package without an import: the package's tests are candidates for a change in it. */
function offerGoPackageTests(
  file: ChangeImpactReport['changed'][number],
  tests: string[],
  offer: Offer,
): void {
  if (file.kind !== 'source' || file.status === 'deleted' || !file.path.endsWith('.go')) return;
  const dir = directoryOf(file.path);
  for (const test of tests)
    if (test.endsWith('_test.go') && directoryOf(test) === dir)
      offer({
        file: test,
        tier: 'reached',
        level: 'regression',
        reason: `in the package of ${file.path}`,
        depth: 1,
      });
}

function changedSources(impact: ChangeImpactReport): string[] {
  return impact.changed
    .filter((file) => file.kind === 'source' && file.status !== 'deleted')
    .map((file) => file.path);
}

/**
 * A test that changed together with a changed source in at least `MIN_SHARED_COMMITS` recent
 * commits is a candidate though no import reaches the source (an end-to-end test of an example
 * project, a test of the public options): how strongly is for the ranking to weigh.
 */
function offerCoChanged(history: ReadonlyMap<string, CoChange>, offer: Offer): void {
  for (const [test, change] of [...history].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    if (change.together >= MIN_SHARED_COMMITS)
      offer({
        file: test,
        tier: 'reached',
        level: 'regression',
        reason: coChangeReason(change),
        depth: 1,
        byHistory: true,
      });
}

/** The Cargo test binary a file under a crate's `tests/` compiles into (`-p ripgrep --test integration` for ripgrep's `tests/regression.rs`). */
function cargoBinaryOf(facts: SelectionFacts, file: string): string | undefined {
  if (!file.endsWith('.rs')) return undefined;
  const crate = crateOf(facts.crates, file);
  const target = crate ? cargoTestTargetOf(crate, file) : undefined;
  return crate && target ? `-p ${crate.name} --test ${target}` : undefined;
}

/** A Rust source change reaches its crate's integration tests and those of every crate built on it. */
function offerCrateTests(path: string, tests: string[], facts: SelectionFacts, offer: Offer): void {
  if (!path.endsWith('.rs') || facts.crates.length === 0) return;
  const crate = crateOf(facts.crates, path);
  if (!crate) return;
  const testsOf = (dir: string) =>
    tests.filter((test) => test.startsWith(`${dir ? `${dir}/` : ''}tests/`)).sort();
  const reached = (file: string, reason: string, depth: number) =>
    offer({ file, tier: 'reached', level: 'regression', reason, depth });
  for (const test of testsOf(crate.dir))
    reached(test, `an integration test of crate ${crate.name}, which contains ${path}`, 1);
  for (const dependent of dependentCrates(facts.crates, crate))
    for (const test of testsOf(dependent.dir))
      reached(
        test,
        `an integration test of crate ${dependent.name}, which depends on ${crate.name} (${path})`,
        2,
      );
}

/** A JVM test naming a class of its own package (no import needed) that is changed or affected. */
function offerSamePackageUsers(impact: ChangeImpactReport, facts: SelectionFacts, offer: Offer): void {
  const changed = new Set(
    impact.changed.filter((file) => file.status !== 'deleted').map((file) => file.path),
  );
  const affected = new Map(impact.affected.map((entry) => [entry.file, entry]));
  for (const [test, used] of [...facts.samePackageUses].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const direct = used.find((path) => changed.has(path));
    if (direct) {
      offer({
        file: test,
        tier: 'direct',
        level: 'minimal',
        reason: `uses ${direct} from its own package`,
        depth: 1,
      });
      continue;
    }
    const reached = used.map((path) => affected.get(path)).find((entry) => entry !== undefined);
    if (reached)
      offer({
        file: test,
        tier: 'reached',
        level: 'regression',
        reason: `uses ${reached.file} from its own package, which reaches ${reached.path[reached.path.length - 1]} through ${reached.depth} import(s)`,
        depth: reached.depth + 1,
        path: [test, ...reached.path],
      });
  }
}

/** A Go file imports a package, never one of its files: the edge to each file stands for that. */
function importsReason(target: string): string {
  return languageOf(target) === 'go' ? `imports the package of ${target}` : `imports ${target}`;
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

function notesOf(
  input: SelectionInput,
  runnable: Map<string, number>,
  selected: number,
  dropped: Dropped,
): string[] {
  const notes: string[] = [];
  const unrunnable = unrunnableNotes(input, runnable);
  if (input.contracts.tests.runners.length === 0)
    notes.push('No test runner was found: add one to test.contract.json to get commands.');
  else if (runnable.size === 0 && unrunnable.length === 0)
    notes.push("No test file matches the runners' include patterns.");
  notes.push(...unrunnable);
  if (selected === 0 && input.impact.changed.length > 0 && unrunnable.length === 0 && runnable.size > 0)
    notes.push('No test reaches this change through imports or naming: run the full suite, or add a test.');
  const droppedNote = droppedNoteOf(dropped);
  if (droppedNote) notes.push(droppedNote);
  if (input.impact.truncated)
    notes.push('The dependency walk was cut at its depth limit: run the full suite to be sure.');
  return notes;
}

/** Why the tests that reach the change were not all kept, or why they all were. */
function droppedNoteOf(dropped: Dropped): string | undefined {
  if (dropped.unranked)
    return 'The change has no words to rank the tests that reach it by (only comments or blank lines changed, say): every one of them is kept.';
  if (dropped.count === 0) return undefined;
  const through = dropped.through ? `, most only through ${dropped.through}, which loads it,` : '';
  return `${dropped.count} more test file(s) reach the change${through} with weaker evidence (they mention fewer of its words, or fall outside the regression budget): the full level runs them.`;
}
