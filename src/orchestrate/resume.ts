/**
 * What a resume needs before the next phase: the sandbox, if it was lost (a crash, a reboot, a
 * finished run asked to continue), recreated at the base commit with the last persisted patch
 * applied, the task run copied in, the trace restored and the context rebuilt.
 */
import { pathExists, readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { tracePath } from '../trace/store.js';
import { iterationDir, startedTracePath } from './paths.js';
import { copyRun } from './phases/prepare-sandbox.js';
import type { RunContext } from './ports.js';
import { readPatch, restoreSandbox } from './sandbox.js';
import type { OrchestratorState } from './types.js';

export async function ensureSandbox(context: RunContext, state: OrchestratorState): Promise<void> {
  const sandbox = state.sandbox;
  if (sandbox?.kind !== 'git-worktree' || !state.runDir || !sandbox.baseCommit) return;
  if (await pathExists(absolutePath(context.work, '.git'))) return;
  const last = lastPersistedIteration(state);
  const dir = last ? iterationDir(state.runDir, last) : undefined;
  context.bus.log(
    'info',
    `the sandbox of ${state.runId} is gone: recreating it${dir ? ` from ${dir}/diff.patch` : ''}`,
  );
  await restoreSandbox(
    context.home,
    state.runId,
    sandbox.baseCommit,
    await readPatch(context.home, dir && `${dir}/diff.patch`),
  );
  await copyRun(context.home, context.work, state.runDir);
  if (state.traceId) await restoreTrace(context, state, last ?? 0);
  await context.ports.refreshContext(context.work, 'rebuilt', context.bus);
}

/** The newest iteration whose Collect (its patch) is on disk. */
function lastPersistedIteration(state: OrchestratorState): number | undefined {
  const collected = state.completed
    .map((label) => /^(\d{3})\/collect$/.exec(label)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number);
  return collected.length > 0 ? Math.max(...collected) : undefined;
}

/**
 * The newest trace an iteration persisted (this iteration's Evaluate may not have run yet), else
 * the trace as PrepareSandbox started it.
 */
async function restoreTrace(context: RunContext, state: OrchestratorState, from: number): Promise<void> {
  const candidates = [
    ...Array.from({ length: from }, (_, index) => `${iterationDir(state.runDir!, from - index)}/trace.json`),
    startedTracePath(state.runId),
  ];
  for (const file of candidates) {
    const trace = await readTextIfExists(absolutePath(context.home, file));
    if (!trace) continue;
    await writeFileAtomic(absolutePath(context.work, tracePath(state.traceId!)), trace);
    return;
  }
}
