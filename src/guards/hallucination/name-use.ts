/** Where a file uses a name of a module it imports, as the removed-name checks of every language report it. */
import { escapeRegex } from '../../shared/regex.js';

export interface NameUse {
  name: string;
  line: number;
  /** How the file reaches the name (`a named import`, `as m.name`), for the finding's message. */
  how: string;
}

/** A use of a removed name, with the module that defined it before the change. */
export interface RemovedNameUse extends NameUse {
  module: string;
}

export function lineAt(text: string, index: number): number {
  if (index < 0) return 1;
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** `text` with each match of `noise` (comments, string literals) blanked, newlines kept, so indexes and lines stay. */
export function blanked(text: string, noise: RegExp): string {
  return text.replace(noise, (match) => match.replace(/[^\n]/g, ' '));
}

/**
 * Each `binding.name` in `code` (blanked of comments and strings), in order: how Python reads a
 * module's name off `import pkg.mod as binding` and Go off an imported package's alias.
 */
export function* memberReads(code: string, binding: string): Generator<{ name: string; index: number }> {
  const pattern = new RegExp(`(?<![\\w.])${escapeRegex(binding)}[ \\t]*\\.[ \\t]*(\\w+)`, 'g');
  for (const match of code.matchAll(pattern)) yield { name: match[1]!, index: match.index };
}
