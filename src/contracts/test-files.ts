/**
 * Which files are tests a runner runs, which tests a naming convention ties to a source file, and
 * which commands run the tests.
 */

import { globMatcher, type PathMatcher } from '../shared/glob.js';
import { escapeRegex } from '../shared/regex.js';
import type { ContractSet, TestContract, TestRunnerEntry } from './schema.js';

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
  const sorted = sortedTests(tests);
  for (const convention of conventions) {
    const match = new RegExp(convention.source).exec(source);
    if (!match) continue;
    const substituted = convention.test.replace(/\$(\d)/g, (_all, index: string) =>
      escapeRegex(match[Number(index)] ?? ''),
    );
    const pattern = new RegExp(substituted);
    // Only tests that start with the pattern's literal prefix can match: look at that slice alone.
    for (const test of withPrefix(sorted, literalPrefix(substituted)))
      if (test !== source && pattern.test(test)) found.add(test);
  }
  return [...found].sort();
}

/**
 * Whether a convention ties any of `sources` to a test among `tests`: the question inference asks
 * of each convention. Stops at the first tie, with the source pattern compiled once (asking
 * `conventionTestsFor` per source compiled it for each of babel's 27k files, for every convention).
 */
export function conventionTiesAnyTest(
  convention: TestContract['conventions'][number],
  sources: readonly string[],
  tests: readonly string[],
): boolean {
  if (tests.length === 0) return false;
  const sourcePattern = new RegExp(convention.source);
  const sorted = sortedTests(tests);
  for (const source of sources) {
    const match = sourcePattern.exec(source);
    if (!match) continue;
    const substituted = convention.test.replace(/\$(\d)/g, (_all, index: string) =>
      escapeRegex(match[Number(index)] ?? ''),
    );
    const candidates = withPrefix(sorted, literalPrefix(substituted));
    if (candidates.length === 0) continue;
    const pattern = new RegExp(substituted);
    for (const test of candidates) if (test !== source && pattern.test(test)) return true;
  }
  return false;
}

const sortedCache = new WeakMap<readonly string[], string[]>();

function sortedTests(tests: readonly string[]): string[] {
  let sorted = sortedCache.get(tests);
  if (!sorted) {
    sorted = [...tests].sort();
    sortedCache.set(tests, sorted);
  }
  return sorted;
}

/** The text every match must start with: after `^`, up to the first regex syntax (escaped characters taken literally). */
export function literalPrefix(pattern: string): string {
  if (!pattern.startsWith('^') || hasTopLevelAlternation(pattern)) return '';
  let prefix = '';
  for (let index = 1; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '\\') {
      const next = pattern[index + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) break;
      prefix += next;
      index++;
      continue;
    }
    if ('.()[]{}?*+|$^'.includes(char)) {
      // A quantifier makes the character before it optional: drop it.
      if ('?*{'.includes(char)) prefix = prefix.slice(0, -1);
      break;
    }
    prefix += char;
  }
  return prefix;
}

function hasTopLevelAlternation(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') index++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}

function withPrefix(sorted: readonly string[], prefix: string): readonly string[] {
  if (!prefix) return sorted;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < sorted.length && sorted[end]!.startsWith(prefix)) end++;
  return sorted.slice(low, end);
}

export function pathMatcher(paths: readonly string[], except: readonly string[] = []): PathMatcher {
  const include = globMatcher(paths);
  const exclude = globMatcher(except);
  return (path) => include(path) && !exclude(path);
}

/** The commands that run the tests, per the contracts (the project's test command, each runner's full and selected forms). */
export function testCommandsOf(contracts: ContractSet): string[] {
  const commands = [
    contracts.commands.commands.test?.command,
    ...contracts.tests.runners.flatMap((runner) => [runner.fullCommand, runner.command]),
  ];
  return [...new Set(commands.filter((command): command is string => Boolean(command)))];
}
