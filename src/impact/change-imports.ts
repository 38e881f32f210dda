/**
 * The modules a change starts or stops importing: the specifiers of the import statements on its
 * added lines (read from the working tree's text) and on its removed lines (from the base's). A
 * test that names such a module (an allow-list of what a package may import, a check that a
 * dependency stays optional) asserts on what the change did to the file's dependencies, so the
 * module's name weighs as a changed symbol's, not as any word of a changed line.
 */
import type { DiffHunk } from '../shared/git.js';

/** The import statements of a text as the index reads them: the specifier and the line it is on. */
export type ImportsOf = (path: string, text: string) => ReadonlyArray<{ specifier: string; line: number }>;

/** A specifier naming a file of the project (`./x`, `.utils`, `crate::a`): the import graph follows those, they are no module's name. */
const PROJECT_SPECIFIER = /^(?:\.|\/|crate::|self::|super::)/;
/** A scheme before a module's name (`node:fs`, `npm:x`, `jsr:@std/path`) is not part of the name. */
const SCHEME = /^[a-z]+:(?!\/)/;

/** Line -> the outside modules the import statements starting on it name. */
function importLines(path: string, text: string | undefined, importsOf: ImportsOf): Map<number, string[]> {
  const lines = new Map<number, string[]>();
  if (text === undefined) return lines;
  for (const { specifier, line } of importsOf(path, text)) {
    if (PROJECT_SPECIFIER.test(specifier)) continue;
    lines.set(line, [...(lines.get(line) ?? []), specifier.replace(SCHEME, '')]);
  }
  return lines;
}

/** The outside modules whose import statements start on a changed line (removed or added), sorted, once each. */
export function changedModules(
  path: string,
  hunks: readonly DiffHunk[],
  texts: { before: string | undefined; after: string | undefined },
  importsOf: ImportsOf,
): string[] {
  const before = importLines(path, texts.before, importsOf);
  const after = importLines(path, texts.after, importsOf);
  const modules = new Set<string>();
  for (const hunk of hunks) {
    hunk.removed.forEach((_, offset) => {
      for (const module of before.get(hunk.oldStart + offset) ?? []) modules.add(module);
    });
    hunk.added.forEach((_, offset) => {
      for (const module of after.get(hunk.start + offset) ?? []) modules.add(module);
    });
  }
  return [...modules].sort();
}

/** The modules every import statement of a new file names: all of its lines are changed. */
export function allModules(path: string, text: string, importsOf: ImportsOf): string[] {
  return [...new Set([...importLines(path, text, importsOf).values()].flat())].sort();
}
