/** How each test runner is told to run a chosen set of tests: one file per runner, one line in `registry.ts`. */

import type { TestRunnerEntry, TestRunnerId } from '../../contracts/index.js';
import { escapeRegex } from '../../shared/regex.js';
import type { CaseTitles, TestCase } from '../cases/test-case.js';

/** What some runners need beyond the file list: the package a file belongs to, the test names in a file. */
export interface RunnerFacts {
  /** The package (crate, Maven or Gradle module, Go package folder) a file belongs to. */
  packageOf(path: string): { dir: string; name: string } | undefined;
  /** The crate and the Cargo test target that compile an integration-test file (target unknown: undefined). */
  cargoTargetOf(path: string): { crate: string; dir: string; target: string | undefined } | undefined;
  /** The top-level names of a test file's cases, as the case finder reads them (Go's `TestX`). */
  testNamesOf(path: string): string[];
  /** The cases chosen inside a test file, when only they are to run (undefined: the whole file). */
  casesOf(path: string): readonly CaseTitles[] | undefined;
  /** A Rust integration-test file's module path inside its test binary (`['regression']`); undefined for the binary's root or when unknown. */
  cargoModuleOf(path: string): string[] | undefined;
}

export interface RunnerCommands {
  id: TestRunnerId;
  /** Shell commands running exactly these tests (one when the runner takes them all at once). */
  commandsFor(entry: TestRunnerEntry, tests: readonly string[], facts: RunnerFacts): string[];
  /** Runs the runner's whole suite (default: its command without arguments). */
  wholeSuite?(entry: TestRunnerEntry): string;
  /**
   * Whether the runner can be told to run this case alone, among the file's cases (a name filter
   * that would match another case of the file cannot). Absent: the runner runs whole files only.
   */
  singlesOut?(testCase: TestCase, all: readonly TestCase[]): boolean;
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Files per command line: beyond it a list is split so each line stays readable and under argv limits. */
export const FILES_PER_COMMAND = 40;

/** The runner's command followed by the test files, split into lines of at most FILES_PER_COMMAND. */
export function withFiles(entry: TestRunnerEntry, tests: readonly string[], prefix = ''): string[] {
  return chunks(tests, FILES_PER_COMMAND).map((group) =>
    [entry.command, ...group.map((test) => shellQuote(`${prefix}${test}`))].join(' '),
  );
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let index = 0; index < items.length; index += size) groups.push(items.slice(index, index + size));
  return groups;
}

/** Files grouped by a key, keys sorted. */
export function groupBy(
  items: readonly string[],
  keyOf: (item: string) => string,
): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Runners that take test files as arguments. */
export function fileRunner(id: TestRunnerId, prefix = ''): RunnerCommands {
  return { id, commandsFor: (entry, tests) => withFiles(entry, tests, prefix) };
}

/** `^(a|b)$` for one or more alternatives, escaped. */
export function anchoredAlternatives(texts: readonly string[], prefix = '^'): string {
  const escaped = [...new Set(texts)].map(escapeRegex);
  return `${prefix}${escaped.length === 1 ? escaped[0] : `(${escaped.join('|')})`}$`;
}
