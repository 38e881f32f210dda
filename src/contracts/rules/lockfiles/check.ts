/**
 * Whether a changed lockfile is one its package manager could have written: an update (a bot
 * bumping one package within the manifest's ranges, `npm update`, `cargo update`) keeps every
 * entry coherent — each locked version allowed by the ranges that reach it, its resolved URL and
 * hash naming that version, the lockfile's own copy of the manifest equal to the manifest. A
 * hand edit breaks one of those: a version nothing allows, a version changed under an old hash, an
 * entry nothing requires, text that no longer parses. Only problems the change introduced count:
 * a lockfile already stale at the base is not this change's doing.
 */

import { goSumProblems } from './go-sum.js';
import { npmLockProblems } from './npm.js';
import { pnpmLockProblems } from './pnpm.js';
import { cargoLockProblems, pythonLockProblems } from './toml-locks.js';
import { yarnLockProblems } from './yarn.js';

export interface LockfileInput {
  /** The lockfile's path in the repository. */
  lockfile: string;
  before: string | undefined;
  after: string;
  /** A file of the tree before and after the change (the manifests the lockfile copies). */
  readBefore(path: string): Promise<string | undefined>;
  readAfter(path: string): Promise<string | undefined>;
}

type Checker = (input: LockfileInput) => Promise<string[]> | string[];

const CHECKERS: Readonly<Record<string, Checker>> = {
  'package-lock.json': npmLockProblems,
  'npm-shrinkwrap.json': npmLockProblems,
  'pnpm-lock.yaml': pnpmLockProblems,
  'yarn.lock': yarnLockProblems,
  'Cargo.lock': cargoLockProblems,
  'poetry.lock': pythonLockProblems,
  'uv.lock': pythonLockProblems,
  'go.sum': goSumProblems,
};

/** The problems the change brought into the lockfile; undefined for a format this module cannot read. */
export async function lockfileProblems(input: LockfileInput): Promise<string[] | undefined> {
  const checker = CHECKERS[input.lockfile.slice(input.lockfile.lastIndexOf('/') + 1)];
  if (!checker) return undefined;
  return checker(input);
}
