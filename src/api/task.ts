/** Task packs and task runs in the public API: `plan` (nothing written) and `task` (writes the run). */

import { detectEntrypoints } from '../context/entrypoints.js';
import { type RunState, readRunState, statePath } from '../loop/state-file.js';
import { canTransition } from '../loop/states.js';
import { kindOf, languageOf } from '../scan/classify.js';
import { OcppError } from '../shared/errors.js';
import { layout } from '../shared/layout.js';
import { buildTaskPack } from '../task/build-task-pack.js';
import type { TaskPack, TaskRepository } from '../task/types.js';
import { type TaskRunResult, writeTaskRun } from '../task/write-task-run.js';
import { update } from './context.js';
import {
  checkedTask,
  type PackOptions,
  packWithSession,
  type RetrievalSession,
  recordServedLessons,
  withRetrieval,
} from './retrieval.js';

export interface TaskOptions extends PackOptions {
  /** Re-pack a run even from a state the loop does not re-pack from (READY_FOR_REVIEW). @default false */
  force?: boolean;
}

/** The task pack of a task: files, tests, config, entrypoints, commands and edit boundary. Writes nothing. */
export async function plan(task: string, directory = '.', options: PackOptions = {}): Promise<TaskPack> {
  checkedTask(task);
  return withRetrieval(directory, { ...options, readOnly: true }, (session) =>
    buildTaskPack(task, taskRepository(session, options), budgetOf(options)),
  );
}

/** Builds the task pack and writes `.agent-context/runs/<task-id>/`. */
export async function task(task: string, directory = '.', options: TaskOptions = {}): Promise<TaskRunResult> {
  checkedTask(task);
  const result = await withRetrieval(directory, options, async (session) => {
    const pack = await buildTaskPack(task, taskRepository(session, options), budgetOf(options));
    const run = await writeTaskRun(session.root, pack, {
      previousState: () => repackableState(session.root, pack.taskId, options.force ?? false),
    });
    await recordServedLessons(session.root, 'task', run.runDir, pack.lessons);
    return run;
  });
  // The manifest records the task packs: refresh it so the context stays fresh after the write.
  if (result.written.length > 0) await update(directory, options);
  return result;
}

export interface StartRunOptions extends TaskOptions {
  /** The agent the trace is for (`claude`, `codex`, ...). @default "unknown" */
  agent?: string;
}

export interface StartedRun extends TaskRunResult {
  /** The trace started for the task; `loop` reads its evidence without `--trace`. */
  traceId: string;
  /** Repository-relative path of the trace file. */
  trace: string;
}

/**
 * `task()` plus a trace: writes the run, starts a trace with the run's task id and records the
 * trace in the run's `state.json`, so `trace run <id> -- <cmd>` and `loop "<task>"` pick it up.
 */
export async function startRun(
  text: string,
  directory = '.',
  options: StartRunOptions = {},
): Promise<StartedRun> {
  const run = await task(text, directory, options);
  const [
    { withLock },
    { absolutePath, resolveAbsolute },
    { writeRunState },
    { startTrace },
    { workingTreeHash },
  ] = await Promise.all([
    import('../shared/fs.js'),
    import('../shared/path.js'),
    import('../loop/state-file.js'),
    import('../trace/store.js'),
    import('../shared/worktree-hash.js'),
  ]);
  // The trace lives beside the run (the same root), not at an enclosing git top level.
  const root = resolveAbsolute(directory);
  const trace = await startTrace(root, {
    task: text,
    taskId: run.taskId,
    agent: { name: options.agent ?? 'unknown' },
    treeHash: await workingTreeHash(root),
  });
  await withLock(
    absolutePath(root, run.runDir),
    async () => {
      const current = await readRunState(root, run.taskId);
      if (current) await writeRunState(root, { ...current, traceId: trace.id });
    },
    { purpose: `another writer of ${run.runDir}` },
  );
  return { ...run, traceId: trace.id, trace: `${layout.traces}/${trace.id}.json` };
}

function budgetOf(options: PackOptions): { budget?: number } {
  return options.budget === undefined ? {} : { budget: options.budget };
}

function taskRepository(session: RetrievalSession, options: PackOptions): TaskRepository {
  const { context, project } = session;
  const indexedKind = new Map(context.files.map((file) => [file.path, file.kind as string]));
  const paths = Object.keys(context.manifest.sources).sort();
  const entrypoints = detectEntrypoints(context.files, project, session.config.context.entrypoints);
  return {
    root: session.root,
    files: paths.map((path) => ({ path, kind: indexedKind.get(path) ?? kindOf(path, languageOf(path)) })),
    paths,
    commands: project.commands.map(({ name, command, source }) => ({ name, command, source })),
    entrypoints: entrypoints.map((entry) => ({ path: entry.path, reasons: entry.reasons })),
    ...(context.manifest.git ? { gitCommit: context.manifest.git.commit } : {}),
    sourceHash: context.manifest.hashes.source,
    pack: (text, packOptions) => packWithSession(session, text, { ...options, ...packOptions }),
  };
}

/**
 * The run's current state (validated by the loop's state file reader: a malformed or newer file
 * is an error and stays untouched); refused unless the loop allows re-packing from it, or forced.
 */
async function repackableState(root: string, taskId: string, force: boolean): Promise<RunState | undefined> {
  const current = await readRunState(root, taskId);
  if (!current || force || canTransition(current.state, 'TASK_PACK_READY')) return current;
  throw new OcppError(
    'STATE_CONFLICT',
    `run ${taskId} is in state ${current.state}, which cannot be re-packed`,
    {
      file: statePath(taskId),
      key: 'state',
      hint: 'pass --force to write a fresh task pack over it',
    },
  );
}
