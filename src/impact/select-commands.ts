/** The commands that run a selection: per runner, narrow (see runners/), or the full command when it is the whole suite. */
import type { TestRunnerEntry, TestRunnerId } from '../contracts/index.js';
import { findTestCases } from './cases/find.js';
import type { CaseTitles } from './cases/test-case.js';
import { cargoModulePathOf, cargoTestTargetOf, crateOf } from './packages.js';
import { runners as runnerCommands } from './runners/registry.js';
import type { RunnerFacts } from './runners/runner.js';
import type { SelectedTest } from './selected-test.js';
import type { SelectionFacts } from './selection-facts.js';

export interface TestCommand {
  runner: TestRunnerId;
  command: string;
  /** How many test files it runs (`all` when it runs the runner's whole suite). */
  tests: number | 'all';
}

/** Above this share of a runner's suite, its full command is simpler and no slower than the list. */
const WHOLE_SUITE_SHARE = 0.75;

export function commandsForLevel(
  tests: readonly SelectedTest[],
  entries: readonly TestRunnerEntry[],
  runnable: Map<string, number>,
  facts: SelectionFacts,
): TestCommand[] {
  const byRunner = new Map<number, string[]>();
  for (const test of tests) {
    const index = runnable.get(test.file)!;
    byRunner.set(index, [...(byRunner.get(index) ?? []), test.file]);
  }
  const total = new Map<number, number>();
  for (const index of runnable.values()) total.set(index, (total.get(index) ?? 0) + 1);
  const cases = new Map(tests.flatMap((test) => (test.cases ? [[test.file, test.cases] as const] : [])));
  return [...byRunner.entries()]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([index, files]): TestCommand[] => {
      const entry = entries[index]!;
      const runner = runnerCommands[entry.runner];
      // One file keeps its narrow command even when it is the whole suite: it says what it runs.
      // Files narrowed to some of their cases keep theirs too: the whole suite would run far more.
      const narrowed = files.some((file) => cases.has(file));
      if (!narrowed && files.length > 1 && files.length >= WHOLE_SUITE_SHARE * total.get(index)!)
        return [{ runner: entry.runner, command: runner.wholeSuite?.(entry) ?? entry.command, tests: 'all' }];
      const lines = runner.commandsFor(entry, files, runnerFacts(facts, cases));
      return lines.map((command) => ({ runner: entry.runner, command, tests: files.length }));
    });
}

export function fullCommands(entries: readonly TestRunnerEntry[]): TestCommand[] {
  const seen = new Set<string>();
  const commands: TestCommand[] = [];
  for (const entry of entries) {
    if (seen.has(entry.fullCommand)) continue;
    seen.add(entry.fullCommand);
    commands.push({ runner: entry.runner, command: entry.fullCommand, tests: 'all' });
  }
  return commands;
}

function runnerFacts(facts: SelectionFacts, cases: ReadonlyMap<string, readonly CaseTitles[]>): RunnerFacts {
  return {
    packageOf: (path) => {
      const crate = facts.crates.find(
        (candidate) => `${candidate.dir ? `${candidate.dir}/` : ''}Cargo.toml` === path,
      );
      return crate ? { dir: crate.dir, name: crate.name } : undefined;
    },
    cargoTargetOf: (path) => {
      const crate = crateOf(facts.crates, path);
      return crate
        ? { crate: crate.name, dir: crate.dir, target: cargoTestTargetOf(crate, path) }
        : undefined;
    },
    testNamesOf: (path) =>
      findTestCases(path, facts.readTest(path) ?? '').map((testCase) => testCase.titles[0]!),
    casesOf: (path) => cases.get(path),
    cargoModuleOf: (path) => {
      const crate = crateOf(facts.crates, path);
      return crate ? cargoModulePathOf(crate, path, (file) => facts.rustModules.get(file) ?? []) : undefined;
    },
  };
}
