/**
 * pytest cases: `def test_*` at the top level and in test classes (`class Test*`, or a
 * `unittest.TestCase`). Blocks end by indentation, read over logical statements: a line inside a
 * multi-line string or bracket (a dedented expected output, say) neither starts nor ends one.
 */
import { continuationLines, pythonStatements } from '../python-statements.js';
import type { TestCase } from './test-case.js';

const DEF = /^(\s*)(?:async\s+)?def\s+(test\w*)\s*\(/;
const CLASS = /^(\s*)class\s+(\w+)\s*(\([^)]*\))?\s*:/;

interface OpenClass {
  name: string;
  indent: number;
  collected: boolean;
}

export function pythonCases(text: string): TestCase[] {
  const lines = text.split('\n');
  const inside = continuationLines(pythonStatements(text));
  const skipped = (index: number) => inside.has(index + 1) || isBlankOrComment(lines[index]!);
  const cases: TestCase[] = [];
  const classes: OpenClass[] = [];
  for (const [index, line] of lines.entries()) {
    if (skipped(index)) continue;
    const indent = indentOf(line);
    while (classes.length > 0 && indent <= classes[classes.length - 1]!.indent) classes.pop();
    const declared = CLASS.exec(line);
    if (declared) {
      const name = declared[2]!;
      const collected = name.startsWith('Test') || /TestCase/.test(declared[3] ?? '');
      classes.push({ name, indent, collected });
      continue;
    }
    const def = DEF.exec(line);
    if (!def) continue;
    const owner = classes[classes.length - 1];
    // A test function nested in another function, or a method of a class pytest does not collect, is no case.
    if (owner ? !owner.collected || indent <= owner.indent : indent > 0) continue;
    if (classes.some((open) => !open.collected)) continue;
    cases.push({
      titles: [...classes.map((open) => open.name), def[2]!],
      line: firstDecorator(lines, index, indent) + 1,
      endLine: blockEnd(lines, index, indent, skipped) + 1,
      literal: true,
    });
  }
  return cases;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** The line of the first decorator right above a def (the def's own line when there is none). */
function firstDecorator(lines: readonly string[], index: number, indent: number): number {
  let first = index;
  for (let at = index - 1; at >= 0; at--) {
    const line = lines[at]!;
    if (line.trim() === '') break;
    if (indentOf(line) === indent && line.trimStart().startsWith('@')) first = at;
    else if (indentOf(line) <= indent) break;
  }
  return first;
}

function isBlankOrComment(line: string): boolean {
  return line.trim() === '' || line.trimStart().startsWith('#');
}

/** The last line of the block a def opens: the line before the next statement indented no deeper. */
function blockEnd(
  lines: readonly string[],
  index: number,
  indent: number,
  skipped: (index: number) => boolean,
): number {
  let last = index;
  for (let at = index + 1; at < lines.length; at++) {
    if (skipped(at)) {
      if (!isBlankOrComment(lines[at]!)) last = at;
      continue;
    }
    if (indentOf(lines[at]!) <= indent) break;
    last = at;
  }
  return last;
}
