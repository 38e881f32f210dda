/**
 * Decide: arbitration over the iteration's candidates, then the two stops that outrank it —
 * no progress (the same blocking fingerprint twice in a row) and the loop budget. Writes
 * decision.json.
 */
import { writeJsonAtomic } from '../../shared/fs.js';
import { absolutePath } from '../../shared/path.js';
import { arbitrate } from '../arbitrate.js';
import { convergenceOf, fingerprintOf } from '../convergence.js';
import type { RunContext } from '../ports.js';
import { priorityOf } from '../signals.js';
import {
  CONTINUING_ACTIONS,
  type Convergence,
  type Decision,
  type EvaluateOutput,
  type OrchestratorAction,
} from '../types.js';

export interface DecideInput {
  iteration: number;
  maxLoops: number;
  evaluate: EvaluateOutput;
  previous?: Convergence;
}

export function decideIteration(input: DecideInput): Decision {
  const { winner, ordered, supporting } = arbitrate(input.evaluate.candidates);
  const blocking = ordered.some((entry) => entry.blocking);
  const fingerprint = fingerprintOf({ ...input.evaluate, rawAction: winner.action, candidates: ordered });
  const convergence = convergenceOf(fingerprint, blocking, input.previous);
  const base = {
    schemaVersion: 1 as const,
    iteration: input.iteration,
    confidence: winner.confidence,
    blocking,
    convergence,
    candidates: ordered,
    rawAction: winner.action,
  };
  if (convergence.stalled)
    return stop(
      base,
      'repeated-state/no-progress',
      [winner.id, ...supporting],
      [
        `the same blocking state ${convergence.repeats} iterations in a row (fingerprint ${fingerprint.slice(0, 12)}): ${winner.reason}`,
        'What should change before the agent tries again?',
      ],
    );
  const continuing = CONTINUING_ACTIONS.includes(winner.action);
  if (continuing && input.iteration >= input.maxLoops)
    return stop(
      base,
      'max-loops',
      [winner.id, ...supporting],
      [
        `${input.maxLoops} iteration(s) used and ${winner.action} is still needed: ${winner.reason}`,
        `Resume with more loops, or answer what the agent should do differently (--resume <run-id> --answer "…")?`,
      ],
    );
  return {
    ...base,
    action: winner.action,
    reason: winner.reason,
    priority: winner.priority,
    signals: [winner.id],
    supporting,
    terminal: !continuing,
    ...(winner.action === 'human-review' ? { question: questionOf(winner.details, winner.reason) } : {}),
  };
}

function stop(
  base: Omit<Decision, 'action' | 'reason' | 'priority' | 'signals' | 'supporting' | 'terminal'>,
  reason: string,
  signals: string[],
  [detail, question]: [string, string],
): Decision {
  const action: OrchestratorAction = 'human-review';
  return {
    ...base,
    action,
    reason,
    priority: priorityOf(action),
    signals,
    supporting: signals.slice(1),
    terminal: true,
    question: `${detail}. ${question}`,
  };
}

function questionOf(details: readonly string[], reason: string): string {
  return details.length > 0 ? `${reason} (options: ${details.join(' | ')})` : reason;
}

export async function decide(
  context: RunContext,
  input: DecideInput & { iterationDir: string },
): Promise<Decision> {
  const decision = decideIteration(input);
  await writeJsonAtomic(absolutePath(context.home, `${input.iterationDir}/decision.json`), decision);
  context.bus.log('info', `iteration ${input.iteration}: ${decision.action} (${decision.reason})`);
  return decision;
}
