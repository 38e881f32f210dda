/**
 * Persist: the iteration's index (iteration.json) and what the next iteration starts from — a
 * rollback puts the sandbox back to the previous iteration's patch (this one's stays on disk in
 * diff.patch: recorded, never lost), a repack writes the task run again.
 */
import { writeJsonAtomic } from '../../shared/fs.js';
import { absolutePath } from '../../shared/path.js';
import type { RunContext } from '../ports.js';
import { readPatch, resetSandbox } from '../sandbox.js';
import type { CollectOutput, Decision, EvaluateOutput, ExecuteOutput, IterationSummary } from '../types.js';

export interface PersistInput {
  iteration: number;
  iterationDir: string;
  previousIterationDir: string | undefined;
  baseCommit: string | null;
  sandboxed: boolean;
  execute: ExecuteOutput;
  collect: CollectOutput;
  evaluate: EvaluateOutput;
  decision: Decision;
}

/** The files of an iteration besides iteration.json, in the order they are written; the report lists them too. */
export const ITERATION_FILES = [
  'prompt.md',
  'executor.result.json',
  'executor.events.jsonl',
  'diff.patch',
  'trace.json',
  'guard.findings.json',
  'guard.gates.json',
  'policy.json',
  'verify.json',
  'loop.json',
  'reflection.json',
  'decision.json',
];

export async function persist(context: RunContext, input: PersistInput): Promise<IterationSummary> {
  const summary: IterationSummary = {
    iteration: input.iteration,
    dir: input.iterationDir,
    action: input.decision.action,
    reason: input.decision.reason,
    changedFiles: input.collect.changedFiles,
    treeHash: input.collect.treeHash,
  };
  await writeJsonAtomic(absolutePath(context.home, `${input.iterationDir}/iteration.json`), {
    schemaVersion: 1,
    ...summary,
    files: ITERATION_FILES,
    executor: { exitCode: input.execute.exitCode, stop: input.execute.stop, summary: input.execute.summary },
    context: input.evaluate.context,
    tests: input.evaluate.tests,
    verdicts: input.evaluate.verdicts,
    fingerprint: input.decision.convergence.fingerprint,
  });
  if (
    input.decision.action === 'rollback' &&
    !input.decision.terminal &&
    input.baseCommit &&
    input.sandboxed
  ) {
    const previous = input.previousIterationDir ? `${input.previousIterationDir}/diff.patch` : undefined;
    await resetSandbox(context.work, input.baseCommit, await readPatch(context.home, previous));
  }
  return summary;
}
