/** Go test functions: `func TestX(t *testing.T)` at the top level (subtests run with their parent). */
import { closingBracket, lineFinder } from './blocks.js';
import type { TestCase } from './test-case.js';

const TEST_FUNC = /^func\s+(Test(?:[A-Z0-9_]\w*)?)\s*\(\s*\w+\s+\*testing\.T\s*\)[^{\n]*\{/gm;

export function goCases(text: string): TestCase[] {
  const lineOf = lineFinder(text);
  const cases: TestCase[] = [];
  for (const match of text.matchAll(TEST_FUNC)) {
    const open = match.index + match[0].length - 1;
    const end = closingBracket(text, open, 'go');
    if (end < 0) return [];
    cases.push({ titles: [match[1]!], line: lineOf(match.index), endLine: lineOf(end), literal: true });
  }
  return cases;
}
