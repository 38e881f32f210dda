/**
 * `buildTestSelection()`: which tests prove a change, at three levels, as runnable commands.
 * - minimal: tests that changed, tests that import a changed file directly, and tests a naming
 *   convention ties to a changed source;
 * - regression: minimal plus every test that reaches a changed file through imports (or a file
 *   that imported a removed one, or a file that could not be parsed), and every test in the scope
 *   of a changed file that affects everything (lockfile, config, setup);
 * - full: each runner's full command from the test contract.
 */
import {
  assignTestFiles,
  type ContractSet,
  conventionTestsFor,
  type TestRunnerEntry,
  type TestRunnerId,
  type TreeFile,
} from '../contracts/index.js';
import { inScope } from './global-files.js';
import type { ChangeImpactReport } from './report.js';
import { runners as runnerCommands } from './runners/registry.js';

export type SelectionLevel = 'minimal' | 'regression';

export interface SelectedTest {
  file: string;
  runner: TestRunnerId;
  level: SelectionLevel;
  /** Why it was chosen, in words. */
  reason: string;
  /** The import path from the test to the changed file, when imports chose it. */
  path?: string[];
}

export interface TestCommand {
  runner: TestRunnerId;
  command: string;
  /** How many test files it runs (`all` when it runs the runner's whole suite). */
  tests: number | 'all';
}

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

export interface SelectionInput {
  impact: ChangeImpactReport;
  files: readonly TreeFile[];
  contracts: ContractSet;
}

export function buildTestSelection(input: SelectionInput): TestSelection {
  const { impact, contracts } = input;
  const runnerEntries = contracts.tests.runners;
  const runnable = assignTestFiles(
    runnerEntries,
    input.files.map((file) => file.path),
  );
  const chosen = new Map<string, SelectedTest>();
  const choose = (file: string, level: SelectionLevel, reason: string, path?: string[]) => {
    const runner = runnable.get(file);
    if (runner === undefined || chosen.has(file)) return;
    chosen.set(file, {
      file,
      runner: runnerEntries[runner]!.runner,
      level,
      reason,
      ...(path ? { path } : {}),
    });
  };
  const present = impact.changed.filter((file) => file.status !== 'deleted');
  for (const file of present) choose(file.path, 'minimal', 'changed in this diff');
  for (const entry of impact.affected)
    if (entry.depth === 1 && entry.reason === 'imports')
      choose(entry.file, 'minimal', `imports ${entry.path[1]}`, entry.path);
  const tests = [...runnable.keys()];
  for (const file of present)
    if (file.kind === 'source')
      for (const test of conventionTestsFor(contracts.tests.conventions, file.path, tests))
        choose(test, 'minimal', `named after ${file.path}`);
  for (const entry of impact.affected)
    choose(entry.file, 'regression', reasonOf(entry.reason, entry.path), entry.path);
  for (const trigger of impact.globalTriggers)
    for (const test of tests.filter((candidate) => inScope(candidate, trigger.scope)).sort())
      choose(
        test,
        'regression',
        `${trigger.file} affects every test${trigger.scope ? ` under ${trigger.scope}/` : ''} (${trigger.reason})`,
      );
  const selected = [...chosen.values()].sort((a, b) => (a.file < b.file ? -1 : 1));
  const minimal = selected.filter((test) => test.level === 'minimal');
  return {
    schemaVersion: 1,
    minimal: { tests: minimal, commands: commandsFor(minimal, runnerEntries, runnable) },
    regression: { tests: selected, commands: commandsFor(selected, runnerEntries, runnable) },
    full: { commands: fullCommands(runnerEntries) },
    available: countByRunner(runnerEntries, runnable),
    notes: notesOf(input, runnable.size, selected.length),
  };
}

function reasonOf(reason: ChangeImpactReport['affected'][number]['reason'], path: string[]): string {
  const target = path[path.length - 1];
  if (reason === 'unparsed') return 'could not be parsed, so its imports are unknown: counted as affected';
  if (reason === 'imports-removed-file') return `imports ${target}, which this change removed`;
  return `reaches ${target} through ${path.length - 1} import(s)`;
}

function commandsFor(
  tests: SelectedTest[],
  entries: readonly TestRunnerEntry[],
  runnable: Map<string, number>,
): TestCommand[] {
  const byRunner = new Map<number, string[]>();
  for (const test of tests) {
    const index = runnable.get(test.file)!;
    byRunner.set(index, [...(byRunner.get(index) ?? []), test.file]);
  }
  const total = countPerIndex(runnable);
  return [...byRunner.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([index, files]) => {
      const entry = entries[index]!;
      if (files.length === total.get(index))
        return { runner: entry.runner, command: entry.command, tests: 'all' as const };
      return {
        runner: entry.runner,
        command: runnerCommands[entry.runner].commandFor(entry, files),
        tests: files.length,
      };
    });
}

function fullCommands(entries: readonly TestRunnerEntry[]): TestCommand[] {
  const seen = new Set<string>();
  const commands: TestCommand[] = [];
  for (const entry of entries) {
    if (seen.has(entry.fullCommand)) continue;
    seen.add(entry.fullCommand);
    commands.push({ runner: entry.runner, command: entry.fullCommand, tests: 'all' });
  }
  return commands;
}

function countPerIndex(runnable: Map<string, number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const index of runnable.values()) counts.set(index, (counts.get(index) ?? 0) + 1);
  return counts;
}

function countByRunner(
  entries: readonly TestRunnerEntry[],
  runnable: Map<string, number>,
): Partial<Record<TestRunnerId, number>> {
  const counts: Partial<Record<TestRunnerId, number>> = {};
  for (const [index, count] of countPerIndex(runnable))
    counts[entries[index]!.runner] = (counts[entries[index]!.runner] ?? 0) + count;
  return counts;
}

function notesOf(input: SelectionInput, available: number, selected: number): string[] {
  const notes: string[] = [];
  if (input.contracts.tests.runners.length === 0)
    notes.push('no test runner was found: add one to test.contract.json to get commands');
  else if (available === 0) notes.push("no test file matches the runners' include patterns");
  else if (selected === 0 && input.impact.changed.length > 0)
    notes.push('no test reaches this change through imports or naming: run the full suite, or add a test');
  if (input.impact.truncated)
    notes.push('the dependency walk was cut at its depth limit: run the full suite to be sure');
  return notes;
}
