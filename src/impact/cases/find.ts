/**
 * The test cases of a test file, by its language: the units a runner can be told to run alone.
 * A file whose cases cannot be found (a language without a finder here, text that does not
 * balance) gives none, and is run whole.
 */
import { goCases } from './go.js';
import { javascriptCases } from './javascript.js';
import { pythonCases } from './python.js';
import { rustCases, rustTestMacros } from './rust.js';
import type { TestCase } from './test-case.js';

export interface CaseContext {
  /** Rust macros that declare a test (see `rustTestMacros`). */
  rustMacros?: readonly string[];
}

export function findTestCases(path: string, text: string, context: CaseContext = {}): TestCase[] {
  if (/\.[cm]?[jt]sx?$/.test(path)) return javascriptCases(text);
  if (path.endsWith('.py')) return pythonCases(text);
  if (path.endsWith('_test.go')) return goCases(text);
  if (path.endsWith('.rs')) return rustCases(text, context.rustMacros);
  return [];
}

/** The context for finding the cases of a suite's files: the Rust test macros its files define. */
export function suiteCaseContext(
  suite: readonly string[],
  readFile: (path: string) => string | undefined,
): CaseContext {
  const rust = suite.filter((file) => file.endsWith('.rs'));
  return rust.length === 0
    ? {}
    : { rustMacros: rust.flatMap((file) => rustTestMacros(readFile(file) ?? '')) };
}
