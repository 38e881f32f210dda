/**
 * The hand edit `benchmark gate` makes to a lockfile: what an agent "fixing" a lockfile does —
 * it bumps one locked package's version in place and leaves everything around it (the resolved
 * URL, the hash, the manifest) as it was. A package manager never writes that.
 */

import { type LockfileFormat, lockfileFormat } from '../api/index.js';

/** Where the first locked dependency's version sits, per lockfile format. */
const FIRST_LOCKED_VERSION: Readonly<Partial<Record<LockfileFormat, RegExp>>> = {
  npm: /("node_modules\/[^"]+": \{[^}]*?"version": ")(\d+)\.(\d+)\.(\d+)/,
  yarn: /(\n {2}version:? "?)(\d+)\.(\d+)\.(\d+)/,
  pnpm: /(\nimporters:[\s\S]*?\n {8}version: '?)(\d+)\.(\d+)\.(\d+)/,
  cargo: /(\[\[package\]\]\nname = "[^"]+"\nversion = ")(\d+)\.(\d+)\.(\d+)(?="\nsource = "registry)/,
  uv: /(\[\[package\]\]\nname = "[^"]+"\nversion = ")(\d+)\.(\d+)\.(\d+)(?="\nsource = \{ registry)/,
  poetry: /(\[\[package\]\]\nname = "[^"]+"\nversion = ")(\d+)\.(\d+)\.(\d+)/,
  'go-sum': /(^|\n)(\S+ v)(\d+)\.(\d+)\.(\d+)(?= h1:)/,
};

/** The lockfile text with one locked version bumped by a patch, or undefined for a format with no such entry. */
export function handEditLockfile(name: string, text: string): string | undefined {
  const format = lockfileFormat(name);
  const pattern = format && FIRST_LOCKED_VERSION[format];
  const match = pattern?.exec(text);
  if (!pattern || !match) return undefined;
  const groups = match.slice(1);
  const patch = Number(groups.pop());
  const [prefix, ...rest] = format === 'go-sum' ? [groups.slice(0, 2).join(''), ...groups.slice(2)] : groups;
  const bumped = `${prefix}${rest.join('.')}.${patch + 1}`;
  return text.slice(0, match.index) + bumped + text.slice(match.index + match[0].length);
}
