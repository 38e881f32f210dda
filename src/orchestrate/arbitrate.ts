/**
 * Arbitration: every signal is a candidate; the decision is the first after sorting by
 * (blocking, then actionable, then advisory), action priority, confidence (higher first) and the
 * candidate id. A total order over the set, so the order the gates reported in cannot change
 * the outcome. The other blocking candidates stay visible as supporting blockers.
 */
import { candidate } from './signals.js';
import type { Candidate } from './types.js';

export interface Arbitration {
  winner: Candidate;
  ordered: Candidate[];
  supporting: string[];
}

export function arbitrate(candidates: readonly Candidate[]): Arbitration {
  const ordered = [...candidates].sort(compareCandidates);
  const winner =
    ordered[0] && !ordered[0].advisory
      ? ordered[0]
      : candidate({
          id: 'arbiter:no-closing-signal',
          action: 'human-review',
          confidence: 0.5,
          blocking: false,
          source: 'loop',
          reason: 'no gate said the change may close and none said what to do: a person decides',
        });
  const supporting = ordered
    .filter((entry) => entry.blocking && entry.id !== winner.id)
    .map((entry) => entry.id);
  return { winner, ordered, supporting };
}

export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    rank(a) - rank(b) ||
    a.priority - b.priority ||
    b.confidence - a.confidence ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function rank(entry: Candidate): number {
  if (entry.blocking) return 0;
  return entry.advisory ? 2 : 1;
}
