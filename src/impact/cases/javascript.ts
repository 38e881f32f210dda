/**
 * Cases of mocha, jest, vitest and node:test files: `describe`/`context`/`suite` groups and
 * `it`/`test`/`specify` cases, each with its title when the title is a literal string.
 */
import { closingBracket, lineFinder, skipLiteral } from './blocks.js';
import type { TestCase } from './test-case.js';

const CALL =
  /(describe|context|suite|it|test|specify)((?:\.(?:only|skip|todo|concurrent|sequential|serial|each|failing))*)\s*\(/y;
const GROUPS = new Set(['describe', 'context', 'suite']);

interface Group {
  title: string | undefined;
  end: number;
}

export function javascriptCases(text: string): TestCase[] {
  const lineOf = lineFinder(text);
  const cases: TestCase[] = [];
  const groups: Group[] = [];
  for (let index = 0; index < text.length; index++) {
    while (groups.length > 0 && index > groups[groups.length - 1]!.end) groups.pop();
    const skipped = skipLiteral(text, index, 'js');
    if (skipped > index) {
      index = skipped - 1;
      continue;
    }
    if (/[\w$.]/.test(text[index - 1] ?? '')) continue;
    CALL.lastIndex = index;
    const call = CALL.exec(text);
    if (!call) continue;
    const open = index + call[0].length - 1;
    const end = closingBracket(text, open, 'js');
    if (end < 0) return [];
    const title = call[2]!.includes('.each') ? undefined : literalTitle(text, open + 1);
    if (GROUPS.has(call[1]!)) groups.push({ title, end });
    else {
      const titles = [...groups.map((group) => group.title), title];
      cases.push({
        titles: titles.map((part) => part ?? ''),
        line: lineOf(index),
        endLine: lineOf(end),
        literal: titles.every((part) => part !== undefined),
      });
      index = end;
      continue;
    }
    index = open;
  }
  return cases;
}

/** The call's first argument when it is a plain string ('…', "…", or `…` without `${}`). */
function literalTitle(text: string, from: number): string | undefined {
  const match =
    /^\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.|\$(?!\{))*)`)\s*[,)]/.exec(
      text.slice(from, from + 2000),
    );
  if (!match) return undefined;
  const raw = match[1] ?? match[2] ?? match[3] ?? '';
  return raw.replace(/\\(.)/g, '$1');
}
