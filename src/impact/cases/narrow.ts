/**
 * A selected test file narrowed to the cases the change points at, where its runner can run
 * them alone: `pytest tests/test_x.py::test_y`, `go test -run '^TestY$'`, `vitest run a.test.ts -t …`.
 * A file the diff changed, or one kept whole (a changed setup file affects it all), runs whole, as
 * does any file whose chosen cases cannot be named.
 */
import { runners } from '../runners/registry.js';
import type { SelectedCase, SelectedTest } from '../selected-test.js';
import type { SelectionFacts } from '../selection-facts.js';
import { chooseCases } from './choose.js';
import { type CaseContext, findTestCases, suiteCaseContext } from './find.js';
import { caseName, type TestCase } from './test-case.js';

export function narrowToCases(
  tests: readonly SelectedTest[],
  narrowable: (file: string) => boolean,
  /** The files the suite's test macros are read from (its runners' files, support modules too). */
  macroFiles: readonly string[],
  facts: SelectionFacts,
): SelectedTest[] {
  let context: CaseContext | undefined;
  const contextOf = (file: string): CaseContext => {
    if (!file.endsWith('.rs')) return {};
    context ??= suiteCaseContext(macroFiles, facts.readTest);
    return context;
  };
  return tests.map((test) => {
    const runner = runners[test.runner];
    const text = narrowable(test.file) && runner.singlesOut ? facts.readTest(test.file) : undefined;
    if (text === undefined) return test;
    const cases = findTestCases(test.file, text, contextOf(test.file));
    const chosen = chooseCases(cases, text, facts.changeTerms);
    const nameable = (testCase: TestCase) =>
      testCase.literal && runner.singlesOut?.(testCase, cases) === true;
    if (chosen === undefined || !chosen.cases.every(nameable)) return test;
    const words = chosen.words.map((word) => `\`${word}\``).join(', ');
    return {
      ...test,
      reason: `${test.reason}; runs ${chosen.cases.length} of its ${cases.length} cases, those that mention ${words}`,
      cases: chosen.cases.map(selectedCase),
    };
  });
}

function selectedCase(testCase: TestCase): SelectedCase {
  return {
    name: caseName(testCase),
    titles: testCase.titles,
    line: testCase.line,
    endLine: testCase.endLine,
  };
}
