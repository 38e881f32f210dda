/** Flag values shared by several commands. */
import { usageError } from '../shared/errors.js';

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
