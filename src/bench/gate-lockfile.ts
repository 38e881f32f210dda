/**
 * The hand edit `benchmark gate` makes to a lockfile: what an agent "fixing" a lockfile does —
 * it bumps one locked package's version in place and leaves everything around it (the resolved
 * URL, the hash, the manifest) as it was. A package manager never writes that.
 */

/** Where the first locked dependency's version sits, per lockfile format. */
const FIRST_LOCKED_VERSION: Readonly<Record<string, RegExp>> = {
  'package-lock.json': /("node_modules\/[^"]+": \{[^}]*?"version": ")(\d+)\.(\d+)\.(\d+)/,
  'npm-shrinkwrap.json': /("node_modules\/[^"]+": \{[^}]*?"version": ")(\d+)\.(\d+)\.(\d+)/,
  'yarn.lock': /(\n {2}version:? "?)(\d+)\.(\d+)\.(\d+)/,
  'pnpm-lock.yaml': /(\nimporters:[\s\S]*?\n {8}version: '?)(\d+)\.(\d+)\.(\d+)/,
  'Cargo.lock': /(\[\[package\]\]\nname = "[^"]+"\nversion = ")(\d+)\.(\d+)\.(\d+)(?="\nsource = "registry)/,
  'uv.lock': /(\[\[package\]\]\nname = "[^"]+"\nversion = ")(\d+)\.(\d+)\.(\d+)(?="\nsource = \{ registry)/,
  'poetry.lock': /(\[\[package\]\]\nname = "[^"]+"\nversion = ")(\d+)\.(\d+)\.(\d+)/,
  'go.sum': /(^|\n)(\S+ v)(\d+)\.(\d+)\.(\d+)(?= h1:)/,
};

/** The lockfile text with one locked version bumped by a patch, or undefined for a format with no such entry. */
export function handEditLockfile(name: string, text: string): string | undefined {
  const pattern = FIRST_LOCKED_VERSION[name];
  const match = pattern?.exec(text);
  if (!pattern || !match) return undefined;
  const groups = match.slice(1);
  const patch = Number(groups.pop());
  const [prefix, ...rest] = name === 'go.sum' ? [groups.slice(0, 2).join(''), ...groups.slice(2)] : groups;
  const bumped = `${prefix}${rest.join('.')}.${patch + 1}`;
  return text.slice(0, match.index) + bumped + text.slice(match.index + match[0].length);
}
