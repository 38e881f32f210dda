/**
 * Rust test functions: a `fn` under `#[test]` (or an attribute ending in `::test`, such as
 * `#[tokio::test]`), named by its module path inside the file (`mod tests { … }`), and the
 * invocations of a macro whose expansion is a `#[test] fn $name` (`rgtest!(r16, …)`).
 */
import { closingBracket, lineFinder, skipLiteral } from './blocks.js';
import type { TestCase } from './test-case.js';

const MODULE = /mod\s+([A-Za-z_]\w*)\s*\{/y;
const TEST_FN =
  /#\[(?:[\w:]+::)?test\](?:\s*#\[[^\]]*\])*\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+([A-Za-z_]\w*)[^{;]*\{/y;

/** Names of macros whose expansion declares a `#[test] fn` named by the macro's first argument. */
export function rustTestMacros(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/macro_rules!\s*([A-Za-z_]\w*)\s*\{/g)) {
    const end = closingBracket(text, match.index + match[0].length - 1, 'rust');
    const body = end < 0 ? '' : text.slice(match.index, end);
    const parameter = /\(\s*\$(\w+)\s*:\s*ident/.exec(body)?.[1];
    if (parameter && new RegExp(`#\\[test\\]\\s*fn\\s+\\$${parameter}\\b`).test(body)) names.push(match[1]!);
  }
  return names;
}

export function rustCases(text: string, macros: readonly string[] = []): TestCase[] {
  const lineOf = lineFinder(text);
  const invocation =
    macros.length > 0
      ? new RegExp(`(?:${macros.join('|')})!\\s*\\(\\s*([A-Za-z_]\\w*)\\s*,`, 'y')
      : undefined;
  const cases: TestCase[] = [];
  const modules: Array<{ name: string; end: number }> = [];
  for (let index = 0; index < text.length; index++) {
    while (modules.length > 0 && index > modules[modules.length - 1]!.end) modules.pop();
    const skipped = skipLiteral(text, index, 'rust');
    if (skipped > index) {
      index = skipped - 1;
      continue;
    }
    if (/\w/.test(text[index - 1] ?? '')) continue;
    const found =
      matchAt(MODULE, text, index) ??
      matchAt(TEST_FN, text, index) ??
      (invocation && matchAt(invocation, text, index));
    if (!found) continue;
    const open = index + found[0].length - 1;
    const end = closingBracket(text, text[open] === '{' ? open : text.indexOf('(', index), 'rust');
    if (end < 0) return [];
    if (found.regex === MODULE) {
      modules.push({ name: found[1]!, end });
      index = open;
      continue;
    }
    cases.push({
      titles: [...modules.map((module) => module.name), found[1]!],
      line: lineOf(index),
      endLine: lineOf(end),
      literal: true,
    });
    index = end;
  }
  return cases;
}

function matchAt(
  regex: RegExp,
  text: string,
  index: number,
): (RegExpExecArray & { regex: RegExp }) | undefined {
  regex.lastIndex = index;
  const match = regex.exec(text);
  return match ? Object.assign(match, { regex }) : undefined;
}
