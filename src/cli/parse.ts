/** Flag and argument values shared by several commands. */
import { isOcppError, usageError } from '../shared/errors.js';
import { resolveAbsolute } from '../shared/path.js';

/** A whole number of at least `min` from a flag's text, or a usage error naming the flag. */
export function parseCount(text: string, flag: string, min = 1): number {
  const value = Number(text.trim());
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value) || value < min) {
    throw usageError(`${flag} must be a whole number of at least ${min}, got "${text}"`);
  }
  return value;
}

/**
 * The absolute path of a file a flag names for writing, checked before any work is done: a
 * directory there is a usage error naming the flag, not an EISDIR after the work.
 */
export async function parseOutputFile(cwd: string, text: string, flag: string): Promise<string> {
  const [{ stat }, { resolveAbsolute }] = await Promise.all([
    import('node:fs/promises'),
    import('../shared/path.js'),
  ]);
  const path = resolveAbsolute(cwd, text);
  const stats = await stat(path).catch(() => undefined);
  if (stats?.isDirectory())
    throw usageError(
      `${flag} ${text} is a directory`,
      `give the path of a file to write, e.g. ${flag} ${text.replace(/\/+$/, '')}/pack.md`,
    );
  return path;
}

/**
 * The repository a command works on: its `[dir]` argument, or the `-C/--dir` alias some commands
 * keep, relative to the caller's directory (default: that directory). Checked to be an existing
 * directory before any work, so a mistyped path never becomes a new `.agent-context/` somewhere.
 * `hint` says what else the argument might have been meant as (free text of several words).
 */
export async function parseRepository(
  cwd: string,
  given: { dir?: string | undefined; alias?: string | undefined },
  hint?: string,
): Promise<string> {
  const [dir, alias] = [given.dir, given.alias].map((path) =>
    path === undefined ? undefined : resolveAbsolute(cwd, path),
  );
  if (dir !== undefined && alias !== undefined && dir !== alias)
    throw usageError(
      `the repository is given twice: [dir] ${given.dir} and -C ${given.alias}`,
      'give it once, as the [dir] argument',
    );
  const { existingDirectory } = await import('../shared/fs.js');
  try {
    return await existingDirectory(dir ?? alias ?? cwd);
  } catch (error) {
    if (hint && dir !== undefined && isOcppError(error))
      throw usageError(`the repository [dir] ${error.message}`, hint);
    throw error;
  }
}
