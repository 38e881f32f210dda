import type { TestRunnerEntry } from '../../contracts/index.js';
import { groupBy, type RunnerCommands, type RunnerFacts, shellQuote } from './runner.js';

/**
 * Cargo runs test targets: an integration test is `--test target` of its crate (`-p crate`), one
 * command per crate; a file whose target cannot be told runs all of its crate's integration tests
 * (`--tests`). Inside one target, libtest filters by a test's path: a module file of the binary
 * runs as `regression::`, chosen cases as `regression::r16` (then `--exact`); nextest takes the
 * same filters.
 */
function crateCommands(entry: TestRunnerEntry, tests: readonly string[], facts: RunnerFacts): string[] {
  return groupBy(tests, (test) => facts.cargoTargetOf(test)?.dir ?? '').map(([, files]) => {
    const crate = facts.cargoTargetOf(files[0]!)?.crate;
    const selector = crate ? ['-p', shellQuote(crate)] : [];
    const targets = files.map((file) => facts.cargoTargetOf(file)?.target);
    const named = [...new Set(targets.filter((target) => target !== undefined))].sort();
    const selectors = targets.includes(undefined)
      ? ['--tests']
      : named.flatMap((target) => ['--test', shellQuote(target)]);
    const filters = named.length === 1 && !targets.includes(undefined) ? testFilters(files, facts) : [];
    const libtest = filters.length === 0 ? [] : entry.runner === 'nextest' ? filters : ['--', ...filters];
    return [entry.command, ...selector, ...selectors, ...libtest].join(' ');
  });
}

/**
 * The filters running just these files of one binary: none when one of them is the binary's
 * root (it runs all); `--exact` full paths when every file has chosen cases.
 */
function testFilters(files: readonly string[], facts: RunnerFacts): string[] {
  const paths: string[] = [];
  let exact = true;
  for (const file of files) {
    const module = facts.cargoModuleOf(file);
    const cases = facts.casesOf(file);
    if (cases) paths.push(...cases.map((testCase) => [...(module ?? []), ...testCase.titles].join('::')));
    else if (module) {
      paths.push(`${module.join('::')}::`);
      exact = false;
    } else return [];
  }
  const sorted = [...new Set(paths)].sort().map(shellQuote);
  return exact ? [...sorted, '--exact'] : sorted;
}

// Plain `cargo test` at a workspace root tests the root crate only: the whole suite is the full command.
export const cargoCommands: RunnerCommands = {
  id: 'cargo',
  commandsFor: crateCommands,
  wholeSuite: (entry) => entry.fullCommand,
  singlesOut: () => true,
};
export const nextestCommands: RunnerCommands = {
  id: 'nextest',
  commandsFor: crateCommands,
  wholeSuite: (entry) => entry.fullCommand,
};
