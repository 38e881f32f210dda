/**
 * Versions and ranges as package managers write them (npm/yarn/pnpm `^1.2`, `~1.2.3`, `>=1 <2`,
 * `1.x || 2`, `1.2.3 - 2`; Cargo's bare `1.2` meaning `^1.2`). Enough to tell whether a locked
 * version is one a declared range allows. A range this reader does not understand (a git URL, a
 * dist-tag, `workspace:*`, a file path) answers `undefined`: unknowable, never "not allowed".
 * Pre-release versions are compared by their precedence only (npm's rule that a range admits a
 * pre-release only from a comparator naming the same version is not applied: looser, never a
 * false "not allowed" for what npm itself wrote).
 */

export interface Version {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

const VERSION = /^\s*[=v]*\s*(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?\s*$/;
/** A possibly partial version: `1`, `1.2`, `1.x`, `*`, `1.2.3-beta.1`. */
const PARTIAL =
  /^[=v]*(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version | undefined {
  const match = VERSION.exec(text);
  if (!match) return undefined;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

/** A registry tarball URL, `…/-/<name>-<version>.tgz`, before the `?query` or `#hash` some lockfiles add. */
const TARBALL = /\/-\/[^/]+-(\d+\.\d+\.\d+[^/?#]*)\.tgz(?:[?#].*)?$/;

/** The version a registry tarball URL names (npm's `resolved`, yarn's `resolved "…tgz#sha"`), if it is one. */
export function tarballVersion(url: string): string | undefined {
  return TARBALL.exec(url)?.[1];
}

export function compareVersions(a: Version, b: Version): number {
  for (const key of ['major', 'minor', 'patch'] as const) if (a[key] !== b[key]) return a[key] - b[key];
  if (a.prerelease.length === 0 || b.prerelease.length === 0)
    return b.prerelease.length - a.prerelease.length;
  for (let index = 0; index < Math.max(a.prerelease.length, b.prerelease.length); index++) {
    const left = a.prerelease[index];
    const right = b.prerelease[index];
    if (left === undefined || right === undefined) return left === undefined ? -1 : 1;
    if (left === right) continue;
    const numeric = /^\d+$/.test(left) && /^\d+$/.test(right);
    if (numeric) return Number(left) - Number(right);
    return left < right ? -1 : 1;
  }
  return 0;
}

type Comparator = (version: Version) => boolean;

/**
 * Whether `version` satisfies `range`; undefined when either is not something this reader knows.
 * `cargo: true` reads a bare version as a caret requirement, as Cargo does.
 */
export function satisfies(
  version: string,
  range: string,
  options: { cargo?: boolean } = {},
): boolean | undefined {
  const parsed = parseVersion(version);
  const alias = /^npm:(?:@[^@/]+\/)?[^@]+@(.*)$/.exec(range.trim());
  const text = (alias ? alias[1]! : range).trim();
  if (!parsed) return undefined;
  if (text === '' || text === '*' || text === 'latest' || /^[xX]$/.test(text)) return true;
  const alternatives: Comparator[][] = [];
  for (const alternative of text.split('||')) {
    const comparators = comparatorsOf(alternative.trim(), options.cargo ?? false);
    if (!comparators) return undefined;
    alternatives.push(comparators);
  }
  return alternatives.some((comparators) => comparators.every((test) => test(parsed)));
}

function comparatorsOf(text: string, cargo: boolean): Comparator[] | undefined {
  if (text === '' || text === '*') return [() => true];
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
  if (hyphen) {
    const low = comparator('>=', hyphen[1]!, cargo);
    const high = comparator('<=', hyphen[2]!, cargo);
    return low && high ? [low, high] : undefined;
  }
  const parts = text
    .replace(/([<>=~^]+)\s+/g, '$1')
    .split(/[\s,]+/)
    .filter(Boolean);
  const comparators: Comparator[] = [];
  for (const part of parts) {
    const match = /^(\^|~>|~=|~|>=|<=|>|<|==|=)?(.*)$/.exec(part)!;
    const test = comparator(match[1] ?? '', match[2]!, cargo);
    if (!test) return undefined;
    comparators.push(test);
  }
  return comparators;
}

interface Partial {
  major?: number;
  minor?: number;
  patch?: number;
  prerelease: string[];
}

function partialOf(text: string): Partial | undefined {
  const match = PARTIAL.exec(text);
  if (!match) return undefined;
  const number = (part: string | undefined) =>
    part === undefined || /^[xX*]$/.test(part) ? undefined : Number(part);
  const major = number(match[1]);
  const minor = major === undefined ? undefined : number(match[2]);
  const patch = minor === undefined ? undefined : number(match[3]);
  return { major, minor, patch, prerelease: patch !== undefined && match[4] ? match[4].split('.') : [] };
}

const at = (major: number, minor = 0, patch = 0, prerelease: string[] = []): Version => ({
  major,
  minor,
  patch,
  prerelease,
});
const atLeast =
  (low: Version): Comparator =>
  (version) =>
    compareVersions(version, low) >= 0;
const below =
  (high: Version): Comparator =>
  (version) =>
    compareVersions(version, high) < 0;
const both =
  (...tests: Comparator[]): Comparator =>
  (version) =>
    tests.every((test) => test(version));

function comparator(operator: string, text: string, cargo: boolean): Comparator | undefined {
  const partial = partialOf(text);
  if (!partial) return undefined;
  if (partial.major === undefined) return () => true;
  const op = operator === '' && cargo ? '^' : operator === '~>' || operator === '~=' ? '~' : operator;
  const low = at(partial.major, partial.minor ?? 0, partial.patch ?? 0, partial.prerelease);
  switch (op) {
    case '^':
      return both(atLeast(low), below(caretCeiling(partial)));
    case '~':
      return both(
        atLeast(low),
        below(partial.minor === undefined ? at(partial.major + 1) : at(partial.major, partial.minor + 1)),
      );
    case '>=':
      return atLeast(low);
    case '>':
      return partial.patch === undefined
        ? atLeast(xCeiling(partial))
        : (version) => compareVersions(version, low) > 0;
    case '<':
      return below(low);
    case '<=':
      return partial.patch === undefined
        ? below(xCeiling(partial))
        : (version) => compareVersions(version, low) <= 0;
    default:
      return partial.patch === undefined ? xRange(partial) : (version) => compareVersions(version, low) === 0;
  }
}

/** `1.2` as a set: [1.2.0, 1.3.0). */
function xRange(partial: Partial): Comparator {
  return both(atLeast(at(partial.major!, partial.minor ?? 0)), below(xCeiling(partial)));
}

function xCeiling(partial: Partial): Version {
  return partial.minor === undefined ? at(partial.major! + 1) : at(partial.major!, partial.minor + 1);
}

/** The first version `^partial` excludes: the next change of the leftmost non-zero part given. */
function caretCeiling(partial: Partial): Version {
  const { major, minor, patch } = partial;
  if (major! > 0 || minor === undefined) return at(major! + 1);
  if (minor > 0 || patch === undefined) return at(0, minor + 1);
  return at(0, 0, patch + 1);
}
