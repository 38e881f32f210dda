/**
 * The trace whose evidence a loop decision counts: the one the caller names, else the one `run`
 * recorded in the task's state.json (while its file is still there). A trace of another task is
 * refused rather than silently judged.
 */
import { OcppError } from '../shared/errors.js';
import { pathExists } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { readTrace, tracePath } from '../trace/store.js';
import type { Trace } from '../trace/types.js';
import { readRunState } from './state-file.js';

/** The trace recorded in the run's state.json, when its file is still there. */
export async function recordedTrace(root: string, taskId: string): Promise<Trace | undefined> {
  const traceId = (await readRunState(root, taskId))?.traceId;
  if (!traceId || !(await pathExists(absolutePath(root, tracePath(traceId))))) return undefined;
  return traceOfTask(root, traceId, taskId);
}

/** Reads a trace and checks it belongs to the task (when both name one). */
export async function traceOfTask(root: string, traceId: string, taskId: string | undefined): Promise<Trace> {
  const trace = await readTrace(root, traceId);
  if (taskId && trace.taskId && trace.taskId !== taskId) {
    throw new OcppError('INPUT_INVALID', `trace ${traceId} belongs to task ${trace.taskId}, not ${taskId}`, {
      hint: 'pass the trace of this task, or start one with `trace start "<task>" --task-id <id>`',
    });
  }
  return trace;
}
