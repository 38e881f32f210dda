/** Task packs and task runs in the public API: `plan` (nothing written) and `task` (writes the run). */

import { detectEntrypoints } from '../context/entrypoints.js';
import { kindOf, languageOf } from '../scan/classify.js';
import { buildTaskPack } from '../task/build-task-pack.js';
import type { TaskPack, TaskRepository } from '../task/types.js';
import { type TaskRunResult, writeTaskRun } from '../task/write-task-run.js';
import { openRetrieval, type PackOptions, packWithSession, type RetrievalSession } from './retrieval.js';

export interface TaskOptions extends PackOptions {
  /** Rewrite a run a later stage already moved past EDIT_BOUNDARY_READY. @default false */
  force?: boolean;
}

/** The task pack of a task: files, tests, config, entrypoints, commands and edit boundary. Writes nothing. */
export async function plan(task: string, directory = '.', options: PackOptions = {}): Promise<TaskPack> {
  const session = await openRetrieval(directory, options);
  try {
    return await buildTaskPack(task, taskRepository(session, options), budgetOf(options));
  } finally {
    await session.close();
  }
}

/** Builds the task pack and writes `.agent-context/runs/<task-id>/`. */
export async function task(task: string, directory = '.', options: TaskOptions = {}): Promise<TaskRunResult> {
  const session = await openRetrieval(directory, options);
  try {
    const pack = await buildTaskPack(task, taskRepository(session, options), budgetOf(options));
    return await writeTaskRun(session.root, pack, { force: options.force ?? false });
  } finally {
    await session.close();
  }
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
