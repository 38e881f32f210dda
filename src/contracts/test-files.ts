/** Which files are tests a runner runs, and which tests a naming convention ties to a source file. */
import { globMatcher, type PathMatcher } from '../shared/glob.js';
import { escapeRegex } from './infer/input.js';
import type { TestContract, TestRunnerEntry } from './schema.js';

/** Test path -> index of the first runner whose include (and not exclude) matches it. */
export function assignTestFiles(
  runners: readonly TestRunnerEntry[],
  paths: Iterable<string>,
): Map<string, number> {
  const matchers = runners.map((runner) => ({
    include: globMatcher(runner.include),
    exclude: globMatcher(runner.exclude),
  }));
  const assigned = new Map<string, number>();
  for (const path of paths) {
    const index = matchers.findIndex((matcher) => matcher.include(path) && !matcher.exclude(path));
    if (index !== -1) assigned.set(path, index);
  }
  return assigned;
}

/** Tests among `tests` that a convention ties to `source` (`src/a.ts` -> `test/a.test.ts`). */
export function conventionTestsFor(
  conventions: TestContract['conventions'],
  source: string,
  tests: readonly string[],
): string[] {
  const found = new Set<string>();
  for (const convention of conventions) {
    const match = new RegExp(convention.source).exec(source);
    if (!match) continue;
    const pattern = new RegExp(
      convention.test.replace(/\$(\d)/g, (_all, index: string) => escapeRegex(match[Number(index)] ?? '')),
    );
    for (const test of tests) if (test !== source && pattern.test(test)) found.add(test);
  }
  return [...found].sort();
}

export function pathMatcher(paths: readonly string[], except: readonly string[] = []): PathMatcher {
  const include = globMatcher(paths);
  const exclude = globMatcher(except);
  return (path) => include(path) && !exclude(path);
}
