/** .gitignore rules for walking a directory that is not a git work tree (nested files honoured). */

import ignore, { type Ignore } from 'ignore';
import { readTextSyncIfExists } from '../shared/fs.js';
import { joinPath } from '../shared/path.js';

export class IgnoreTree {
  private readonly rules = new Map<string, Ignore | null>();

  constructor(
    private readonly root: string,
    private readonly always: Ignore,
  ) {}

  /** `relativePath` is posix, relative to the root; directories are tested with a trailing slash. */
  isIgnored(relativePath: string, isDirectory: boolean): boolean {
    const subject = isDirectory ? `${relativePath}/` : relativePath;
    if (this.always.ignores(subject)) return true;
    const segments = relativePath.split('/');
    for (let depth = segments.length - 1; depth >= 0; depth--) {
      const base = segments.slice(0, depth).join('/');
      const rules = this.rulesFor(base);
      if (!rules) continue;
      const inner = segments.slice(depth).join('/') + (isDirectory ? '/' : '');
      const verdict = rules.test(inner);
      if (verdict.ignored) return true;
      if (verdict.unignored) return false;
    }
    return false;
  }

  private rulesFor(base: string): Ignore | null {
    let rules = this.rules.get(base);
    if (rules !== undefined) return rules;
    // A folder without a .gitignore has no rules of its own; one that cannot be read is an error, not "no rules".
    const text = readTextSyncIfExists(joinPath(this.root, base, '.gitignore'));
    rules = text === undefined ? null : ignore().add(text);
    this.rules.set(base, rules);
    return rules;
  }
}
