/**
 * Finalize: the last gate and the hand-over. A `finalize` decision holds only if the tree is
 * still the one the evidence was observed on; then the patch is exported (and applied to the
 * user's tree with `--apply`). Whatever the outcome, the sandbox is discarded: the patch and
 * every iteration's files stay.
 */
import { writeFileAtomic } from '../../shared/fs.js';
import { absolutePath } from '../../shared/path.js';
import { workingTreeHash } from '../../shared/worktree-hash.js';
import { runPatchPath } from '../paths.js';
import type { RunContext } from '../ports.js';
import { applyPatch, discardSandbox, readPatch } from '../sandbox.js';
import { priorityOf } from '../signals.js';
import type { Decision } from '../types.js';

export interface FinalizeInput {
  runId: string;
  decision: Decision;
  /** The tree hash Evaluate saw. */
  evaluatedTreeHash: string;
  lastPatchFile: string | undefined;
  apply: boolean;
  sandboxed: boolean;
}

export interface FinalizeOutput {
  decision: Decision;
  patch: string | undefined;
  applied: boolean;
}

export async function finalize(context: RunContext, input: FinalizeInput): Promise<FinalizeOutput> {
  const decision = await finalGate(context, input);
  const patchText = await readPatch(context.home, input.lastPatchFile);
  let patch: string | undefined;
  if (patchText?.trim()) {
    patch = runPatchPath(input.runId);
    await writeFileAtomic(absolutePath(context.home, patch), patchText);
  }
  let applied = false;
  if (decision.action === 'finalize' && input.apply && patchText?.trim() && input.sandboxed) {
    await applyPatch(context.home, patchText);
    applied = true;
  }
  if (input.sandboxed) await discardSandbox(context.home, input.runId);
  return { decision, patch, applied };
}

/** Evidence is current only on the tree it was observed on: a tree that moved since cannot close. */
async function finalGate(context: RunContext, input: FinalizeInput): Promise<Decision> {
  if (input.decision.action !== 'finalize') return input.decision;
  const now = await workingTreeHash(context.work);
  if (now === input.evaluatedTreeHash) return input.decision;
  return {
    ...input.decision,
    action: 'human-review',
    priority: priorityOf('human-review'),
    reason: 'stale-evidence: the tree changed after the gates ran, so their evidence no longer describes it',
    signals: ['finalize:stale-evidence', ...input.decision.signals],
    question: 'The sandbox changed after evaluation. Resume to evaluate it again?',
  };
}
