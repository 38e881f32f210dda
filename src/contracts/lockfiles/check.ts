/**
 * Whether a changed lockfile is one its package manager could have written: an update (a bot
 * bumping one package within the manifest's ranges, `npm update`, `cargo update`) keeps every
 * entry coherent — each locked version allowed by the ranges that reach it, its resolved URL and
 * hash naming that version, the lockfile's own copy of the manifest equal to the manifest. A
 * hand edit breaks one of those: a version nothing allows, a version changed under an old hash, an
 * entry nothing requires, text that no longer parses. Only problems the change introduced count:
 * a lockfile already stale at the base is not this change's doing.
 */

import { type LockfileFormat, lockfileFormat } from '../../scan/file-kinds.js';
import { goSumProblems } from './go-sum.js';
import type { LockfileInput } from './input.js';
import { npmLockProblems } from './npm.js';
import { pnpmLockProblems } from './pnpm.js';
import { cargoLockProblems, pythonLockProblems } from './toml-locks.js';
import { yarnLockProblems } from './yarn.js';

type Checker = (input: LockfileInput) => Promise<string[]> | string[];

const CHECKERS: Readonly<Record<LockfileFormat, Checker | undefined>> = {
  npm: npmLockProblems,
  pnpm: pnpmLockProblems,
  yarn: yarnLockProblems,
  cargo: cargoLockProblems,
  poetry: pythonLockProblems,
  uv: pythonLockProblems,
  pdm: undefined,
  'go-sum': goSumProblems,
  other: undefined,
};

/** The problems the change brought into the lockfile; undefined for a format this module cannot read. */
export async function lockfileProblems(input: LockfileInput): Promise<string[] | undefined> {
  const format = lockfileFormat(input.lockfile);
  const checker = format && CHECKERS[format];
  if (!checker) return undefined;
  return checker(input);
}
