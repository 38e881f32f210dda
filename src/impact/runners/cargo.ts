import type { TestRunnerEntry } from '../../contracts/index.js';
import { groupBy, type RunnerCommands, type RunnerFacts, shellQuote } from './runner.js';

/**
 * Cargo runs test targets: an integration test is `--test target` of its crate (`-p crate`), one
 * command per crate; a file whose target cannot be told runs all of its crate's integration tests
 * (`--tests`). nextest takes the same selectors.
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
    return [entry.command, ...selector, ...selectors].join(' ');
  });
}

// Plain `cargo test` at a workspace root tests the root crate only: the whole suite is the full command.
export const cargoCommands: RunnerCommands = {
  id: 'cargo',
  commandsFor: crateCommands,
  wholeSuite: (entry) => entry.fullCommand,
};
export const nextestCommands: RunnerCommands = {
  id: 'nextest',
  commandsFor: crateCommands,
  wholeSuite: (entry) => entry.fullCommand,
};
