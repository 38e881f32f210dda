/** One test case inside a test file: what a runner can be told to run alone. */
export interface TestCase {
  /**
   * The names from the outermost group to the case, as the runner joins them: `['Help', 'sorts
   * options']` (a `describe` and an `it`), `['TestLexer', 'test_empty']` (pytest), `['TestRecovery']`
   * (Go), `['regression', 'r16']` (a Rust module and its `#[test]` fn).
   */
  titles: string[];
  /** First and last line of the case, 1-based (decorators and attributes included). */
  line: number;
  endLine: number;
  /** False when a name is not written literally (a template, a variable, `.each`): no filter can name it. */
  literal: boolean;
}

/** A case's name for people and JSON: its titles joined as the runner's report joins them. */
export function caseName(testCase: TestCase, separator = ' > '): string {
  return testCase.titles.join(separator);
}

/** What a runner needs of a case to name it. */
export type CaseTitles = Pick<TestCase, 'titles'>;
