/**
 * The test files a selection chooses among: those a runner's include patterns assign, less the
 * Rust files under `tests/` that Cargo runs no test of (support modules, files no target
 * compiles: see cargo-units.ts). One home for the suite, so `tests` and `benchmark tests` count
 * the same one.
 */
import { assignTestFiles, type TestRunnerEntry } from '../contracts/index.js';
import { type CargoUnits, cargoUnits } from './cargo-units.js';
import type { SelectionFacts } from './selection-facts.js';

export interface RunnableTests {
  /** Test path -> index of the runner entry that runs it. */
  runnable: Map<string, number>;
  /** Every file the runners' patterns match, support files too: where the case finders read a suite's test macros from. */
  matched: string[];
  cargo: CargoUnits;
}

export function runnableTests(
  entries: readonly TestRunnerEntry[],
  paths: readonly string[],
  facts: Pick<SelectionFacts, 'crates' | 'rustModules' | 'readTest'>,
): RunnableTests {
  const assigned = assignTestFiles(entries, paths);
  const matched = [...assigned.keys()];
  const cargo = cargoUnits(matched, facts);
  for (const file of [...assigned.keys()]) {
    const role = cargo.roleOf(file);
    if (role !== undefined && role !== 'test') assigned.delete(file);
  }
  return { runnable: assigned, matched, cargo };
}
