/**
 * PrepareSandbox: the place the executor works — a git worktree at HEAD (or the user's tree with
 * `--checkpoint none`) — with the task run copied in, its context built, and a trace started
 * there, since evidence is only evidence on the tree it was observed on.
 */
import { copyFile, listFilesRecursive } from '../../shared/fs.js';
import { headCommit } from '../../shared/git.js';
import { absolutePath, joinPath } from '../../shared/path.js';
import { workingTreeHash } from '../../shared/worktree-hash.js';
import { startTrace, tracePath } from '../../trace/store.js';
import { startedTracePath } from '../paths.js';
import type { RunContext } from '../ports.js';
import { createSandbox } from '../sandbox.js';
import type { Checkpoint } from '../types.js';

export interface PrepareSandboxInput {
  runId: string;
  task: string;
  taskId: string;
  runDir: string;
  checkpoint: Checkpoint;
  executor: string;
}

export interface PrepareSandboxOutput {
  sandbox: { kind: Checkpoint; path: string; baseCommit: string | null };
  traceId: string;
  contextTreeHash: string;
}

export async function prepareSandbox(
  context: RunContext,
  input: PrepareSandboxInput,
): Promise<PrepareSandboxOutput> {
  const sandbox =
    input.checkpoint === 'git-worktree'
      ? { kind: input.checkpoint, ...(await createSandbox(context.home, input.runId)) }
      : { kind: input.checkpoint, path: '.', baseCommit: (await headCommit(context.home)) ?? null };
  const work = absolutePath(context.home, sandbox.path);
  if (work !== context.home) {
    await copyRun(context.home, work, input.runDir);
    await context.ports.refreshContext(work, 'rebuilt', context.bus);
  }
  const contextTreeHash = await workingTreeHash(work);
  const trace = await startTrace(work, {
    task: input.task,
    taskId: input.taskId,
    agent: { name: input.executor },
    treeHash: contextTreeHash,
  });
  if (work !== context.home)
    await copyFile(
      absolutePath(work, tracePath(trace.id)),
      absolutePath(context.home, startedTracePath(input.runId)),
    );
  return { sandbox, traceId: trace.id, contextTreeHash };
}

/** The loop controller finds the task run in the tree it judges: copy it into the sandbox. */
export async function copyRun(home: string, work: string, runDir: string): Promise<void> {
  const from = absolutePath(home, runDir);
  for (const entry of await listFilesRecursive(from)) {
    if (entry.path.startsWith('iterations/')) continue;
    await copyFile(joinPath(from, entry.path), joinPath(absolutePath(work, runDir), entry.path));
  }
}
