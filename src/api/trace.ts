/** Traces through the library: the same objects `trace ... --json` prints. */
import type { AppendResult, ImportInput, ManualInput, RunInput } from '../trace/record.js';
import type { Trace } from '../trace/types.js';

export type { EvidencePolicy, EvidenceRequirement, EvidenceVerdict } from '../trace/evidence.js';
export type { AppendResult, ImportInput, ManualInput, RunInput } from '../trace/record.js';
export type { Trace, TraceStep } from '../trace/types.js';

export interface TraceStartInput {
  task: string;
  taskId?: string;
  agent?: string;
}

/** Starts a trace in the repository containing `directory`. */
export async function traceStart(directory: string, input: TraceStartInput): Promise<Trace> {
  const { root } = await repository(directory);
  const [{ startTrace }, { workingTreeHash }] = await Promise.all([
    import('../trace/store.js'),
    import('../shared/worktree-hash.js'),
  ]);
  if (!input.task.trim())
    throw new (await import('../shared/errors.js')).OcppError('USAGE', 'a trace needs a task description');
  return startTrace(root, {
    task: input.task,
    ...(input.taskId ? { taskId: input.taskId } : {}),
    agent: { name: input.agent ?? 'unknown' },
    treeHash: await workingTreeHash(root),
  });
}

export async function traceAdd(directory: string, id: string, input: ManualInput): Promise<AppendResult> {
  const { root } = await repository(directory);
  return (await import('../trace/record.js')).addManualStep(root, id, input);
}

export async function traceRun(directory: string, id: string, input: RunInput): Promise<AppendResult> {
  const { root } = await repository(directory);
  return (await import('../trace/record.js')).runCommandStep(root, id, input);
}

export async function traceImport(directory: string, id: string, input: ImportInput): Promise<AppendResult> {
  const { root } = await repository(directory);
  return (await import('../trace/record.js')).importReport(root, id, input);
}

export async function traceShow(directory: string, id: string): Promise<Trace> {
  const { root } = await repository(directory);
  return (await import('../trace/store.js')).readTrace(root, id);
}

export async function traceList(
  directory: string,
): Promise<Array<Pick<Trace, 'id' | 'task' | 'state' | 'createdAt'> & { steps: number }>> {
  const { root } = await repository(directory);
  const { listTraceIds, readTrace } = await import('../trace/store.js');
  const traces = [];
  for (const id of await listTraceIds(root)) {
    try {
      const trace = await readTrace(root, id);
      traces.push({
        id,
        task: trace.task,
        state: trace.state,
        createdAt: trace.createdAt,
        steps: trace.steps.length,
      });
    } catch (error) {
      // One bad trace must not hide the others: listed, with why it does not read.
      const why = error instanceof Error ? error.message : String(error);
      traces.push({
        id,
        task: `(unreadable trace file: ${why})`,
        state: 'open' as const,
        createdAt: '',
        steps: 0,
      });
    }
  }
  return traces;
}

async function repository(directory: string): Promise<{ root: string }> {
  const { findRepositoryRoot } = await import('../trace/record.js');
  return { root: await findRepositoryRoot(directory) };
}
