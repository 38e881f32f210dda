/** How each test runner is told to run a chosen set of tests: one file per runner, one line in `registry.ts`. */
import type { TestRunnerEntry, TestRunnerId } from '../../contracts/index.js';

export interface RunnerCommands {
  id: TestRunnerId;
  /** A shell command (or several joined by `&&`) running exactly these tests. */
  commandFor(entry: TestRunnerEntry, tests: readonly string[]): string;
}

/** Quotes a path for a POSIX shell when it needs it. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The runner's command followed by the test files. */
export function withFiles(entry: TestRunnerEntry, tests: readonly string[]): string {
  return [entry.command, ...tests.map(shellQuote)].join(' ');
}
