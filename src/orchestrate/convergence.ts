/**
 * Convergence: the state fingerprint of an iteration — working-tree hash, the raw action, the
 * blocking finding and gate ids, missing evidence, required commands and freshness. Two
 * consecutive blocking iterations with the same fingerprint are no progress.
 */
import { hashValue } from '../shared/hash.js';
import type { Candidate, Convergence, OrchestratorAction } from './types.js';

export interface FingerprintInput {
  treeHash: string;
  rawAction: OrchestratorAction;
  candidates: readonly Candidate[];
  gateIds: readonly string[];
  missingEvidence: readonly string[];
  requiredCommands: readonly string[];
  freshness: string;
}

/** Consecutive blocking iterations with one fingerprint at which the run stops. */
export const STALL_REPEATS = 2;

export function fingerprintOf(input: FingerprintInput): string {
  return hashValue({
    tree: input.treeHash,
    action: input.rawAction,
    blocking: input.candidates
      .filter((entry) => entry.blocking)
      .map((entry) => entry.id)
      .sort(),
    gates: [...input.gateIds].sort(),
    missing: [...input.missingEvidence].sort(),
    commands: [...input.requiredCommands].sort(),
    freshness: input.freshness,
  });
}

export function convergenceOf(
  fingerprint: string,
  blocking: boolean,
  previous: Convergence | undefined,
): Convergence {
  const same = previous !== undefined && previous.fingerprint === fingerprint;
  const repeats = blocking ? (same ? previous.repeats + 1 : 1) : 0;
  return {
    fingerprint,
    ...(previous ? { previous: previous.fingerprint } : {}),
    repeats,
    stalled: blocking && repeats >= STALL_REPEATS,
  };
}
