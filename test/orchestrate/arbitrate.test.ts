/** Arbitration is a total order over the candidates: the order the gates reported in cannot matter. */
import { describe, expect, it } from 'vitest';
import { arbitrate } from '../../src/orchestrate/arbitrate.js';
import { decideIteration } from '../../src/orchestrate/phases/decide.js';
import { candidate } from '../../src/orchestrate/signals.js';
import { type Candidate, type EvaluateOutput, ORCHESTRATOR_ACTIONS } from '../../src/orchestrate/types.js';

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOURCES: Candidate['source'][] = [
  'executor',
  'tests',
  'policy',
  'loop',
  'guards',
  'tree',
  'reflection',
];

function candidates(next: () => number): Candidate[] {
  const count = 1 + Math.floor(next() * 9);
  return Array.from({ length: count }, (_, index) => {
    const blocking = next() < 0.4;
    return candidate({
      id: `${SOURCES[Math.floor(next() * SOURCES.length)]}:signal-${Math.floor(next() * 5)}-${index}`,
      action: ORCHESTRATOR_ACTIONS[Math.floor(next() * ORCHESTRATOR_ACTIONS.length)]!,
      // few distinct confidences, so ties reach the id
      confidence: [0.5, 0.8, 0.9][Math.floor(next() * 3)]!,
      blocking,
      advisory: !blocking && next() < 0.5,
      source: 'loop',
      reason: 'generated',
    });
  });
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function evaluation(list: Candidate[]): EvaluateOutput {
  return {
    context: { mode: 'incremental', reason: 'test', durationMs: 0 },
    tests: [],
    skippedCommands: [],
    verdicts: { verify: 'pass', policy: true, loop: 'ready-for-review', reflection: 'end' },
    treeHash: 'tree',
    candidates: list,
    gateIds: list.filter((entry) => entry.blocking).map((entry) => entry.id),
    missingEvidence: [],
    requiredCommands: [],
    freshness: 'fresh',
  };
}

describe('arbitration', () => {
  it('reordering the gates cannot change the decision (500 generated candidate sets)', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const next = random(seed);
      const list = candidates(next);
      const expected = arbitrate(list);
      const decided = decideIteration({ iteration: 1, maxLoops: 3, evaluate: evaluation(list) });
      for (let round = 0; round < 4; round++) {
        const reordered = shuffled(list, next);
        const again = arbitrate(reordered);
        expect(again.winner.id, `seed ${seed}`).toBe(expected.winner.id);
        expect(again.ordered.map((entry) => entry.id)).toEqual(expected.ordered.map((entry) => entry.id));
        expect(decideIteration({ iteration: 1, maxLoops: 3, evaluate: evaluation(reordered) })).toEqual(
          decided,
        );
      }
    }
  });

  it('a blocking candidate always outranks finalize; among blockers the action priority decides', () => {
    const finalize = candidate({
      id: 'loop:ready-for-review',
      action: 'finalize',
      confidence: 1,
      blocking: false,
      source: 'loop',
      reason: 'ok',
    });
    const repair = candidate({
      id: 'tests:narrow',
      action: 'repair',
      confidence: 0.5,
      blocking: true,
      source: 'tests',
      reason: 'fails',
    });
    const block = candidate({
      id: 'policy:protected',
      action: 'block',
      confidence: 0.5,
      blocking: true,
      source: 'policy',
      reason: 'protected',
    });
    expect(arbitrate([finalize, repair]).winner.id).toBe('tests:narrow');
    const both = arbitrate([finalize, repair, block]);
    expect(both.winner.id).toBe('policy:protected');
    expect(both.supporting).toEqual(['tests:narrow']);
  });

  it('advisories alone never close a run: a person decides', () => {
    const advisory = candidate({
      id: 'reflection:continue',
      action: 'repair',
      confidence: 0.5,
      blocking: false,
      advisory: true,
      source: 'reflection',
      reason: 'more',
    });
    expect(arbitrate([advisory]).winner).toMatchObject({
      action: 'human-review',
      id: 'arbiter:no-closing-signal',
    });
  });

  it('the same blocking fingerprint twice stops with human-review (repeated-state/no-progress)', () => {
    const repair = candidate({
      id: 'change:none',
      action: 'repair',
      confidence: 0.7,
      blocking: true,
      source: 'change',
      reason: 'nothing changed',
    });
    const first = decideIteration({ iteration: 1, maxLoops: 5, evaluate: evaluation([repair]) });
    expect(first).toMatchObject({
      action: 'repair',
      terminal: false,
      convergence: { repeats: 1, stalled: false },
    });
    const second = decideIteration({
      iteration: 2,
      maxLoops: 5,
      evaluate: evaluation([repair]),
      previous: first.convergence,
    });
    expect(second).toMatchObject({
      action: 'human-review',
      reason: 'repeated-state/no-progress',
      rawAction: 'repair',
      terminal: true,
    });
    const moved = decideIteration({
      iteration: 2,
      maxLoops: 5,
      evaluate: { ...evaluation([repair]), treeHash: 'other' },
      previous: first.convergence,
    });
    expect(moved).toMatchObject({ action: 'repair', convergence: { repeats: 1 } });
  });
});
