import type { TestRunnerEntry } from '../../contracts/index.js';
import { baseName, directoryOf } from '../../shared/path.js';
import { groupBy, type RunnerCommands, type RunnerFacts, shellQuote } from './runner.js';

/**
 * Cargo runs test targets: an integration test `tests/name.rs` is `--test name` of its crate
 * (`-p crate`), one command per crate. nextest takes the same selectors.
 */
function crateCommands(entry: TestRunnerEntry, tests: readonly string[], facts: RunnerFacts): string[] {
  return groupBy(tests, (test) => directoryOf(directoryOf(test))).map(([crateDir, files]) => {
    const crate = facts.packageOf(`${crateDir ? `${crateDir}/` : ''}Cargo.toml`)?.name;
    const selector = crate ? ['-p', shellQuote(crate)] : [];
    const targets = files
      .sort()
      .flatMap((file) => ['--test', shellQuote(baseName(file).replace(/\.rs$/, ''))]);
    return [entry.command, ...selector, ...targets].join(' ');
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
