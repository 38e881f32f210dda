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
