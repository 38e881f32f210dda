/**
 * `writeTaskRun()`: a task pack written out as `.agent-context/runs/<task-id>/` — plan, pack,
 * edit boundary, expected diff, tests, the placeholders later stages fill, one prompt per
 * executor, `run.json` and `state.json` (state EDIT_BOUNDARY_READY). Every file is written
 * atomically and only when its bytes change, under a lock on the run; `state.json` is written
 * last. Whether a run that moved on may be re-packed is the caller's call (`previousState`).
 */

import { renderPackMarkdown } from '../pack/markdown.js';
import { withLock, writeFileIfChanged } from '../shared/fs.js';
import { formatJsonFile } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import {
  renderEditBoundary,
  renderExpectedDiff,
  renderImpactPlaceholder,
  renderPlan,
  renderTests,
  renderVerifyPlaceholder,
} from './documents.js';
import { expectedDiffOf } from './expected-diff.js';
import { executors, promptFileName, renderPrompt } from './prompts.js';
import { RUN_SCHEMA_VERSION } from './run-file.js';
import type { TaskPack } from './types.js';

/** The run's state before this write, as the loop's state file records it. */
export interface PreviousRunState {
  state: string;
  reached: readonly string[];
  history: ReadonlyArray<{ from: string; to: string; reason: string }>;
  /** The trace `run` started for the task: a re-pack keeps it. */
  traceId?: string;
}

export interface WriteTaskRunOptions {
  /**
   * Reads the run's current state under the run's lock and refuses (throws) when the task may
   * not be re-packed from it; the caller owns the state machine (`loop/`). Without it an
   * existing run is simply rewritten.
   */
  previousState?: () => Promise<PreviousRunState | undefined>;
}

export interface TaskRunResult {
  taskId: string;
  /** Repository-relative folder of the run. */
  runDir: string;
  state: 'EDIT_BOUNDARY_READY';
  /** Every file of the run (repository-relative, sorted). */
  files: string[];
  /** Files whose bytes changed in this call. */
  written: string[];
}

export async function writeTaskRun(
  root: string,
  pack: TaskPack,
  options: WriteTaskRunOptions = {},
): Promise<TaskRunResult> {
  const runDir = `${layout.runs}/${pack.taskId}`;
  return withLock(
    absolutePath(root, runDir),
    async () => {
      const previous = await options.previousState?.();
      const documents = runDocuments(pack, runDir, previous);
      const written: string[] = [];
      // state.json last: a run interrupted halfway still shows its previous state.
      for (const [name, content] of documents) {
        const path = `${runDir}/${name}`;
        if (await writeFileIfChanged(absolutePath(root, path), content)) written.push(path);
      }
      return {
        taskId: pack.taskId,
        runDir,
        state: 'EDIT_BOUNDARY_READY' as const,
        files: documents.map(([name]) => `${runDir}/${name}`).sort(),
        written: written.sort(),
      };
    },
    { purpose: `another writer of ${runDir}` },
  );
}

/** File name -> content, state.json last. */
export function runDocuments(
  pack: TaskPack,
  runDir: string,
  previous?: PreviousRunState,
): Array<[string, string]> {
  const prompts = Object.values(executors).map((executor): [string, string] => [
    promptFileName(executor),
    renderPrompt(pack, executor, runDir),
  ]);
  return [
    ['plan.md', renderPlan(pack, runDir)],
    ['pack.md', renderPackMarkdown(pack)],
    ['edit-boundary.md', renderEditBoundary(pack)],
    ['expected-diff.md', renderExpectedDiff(pack)],
    ['tests.md', renderTests(pack)],
    ['verify.md', renderVerifyPlaceholder(pack)],
    ['impact.md', renderImpactPlaceholder(pack)],
    ...prompts,
    [
      'run.json',
      formatJsonFile(
        runRecord(
          pack,
          prompts.map(([name]) => name),
        ),
      ),
    ],
    ['state.json', formatJsonFile(stateRecord(pack, previous))],
  ];
}

function runRecord(pack: TaskPack, prompts: string[]): Record<string, unknown> {
  return {
    schemaVersion: RUN_SCHEMA_VERSION,
    taskId: pack.taskId,
    task: pack.task,
    context: pack.context,
    budget: pack.budget,
    usedTokens: pack.usedTokens,
    tokenizer: pack.tokenizer,
    files: pack.files.map(({ path, representation, tokens, score }) => ({
      path,
      representation,
      tokens,
      score,
    })),
    tests: pack.tests.map(({ path, covers }) => ({ path, covers })),
    lessons: pack.lessons.map(({ id }) => id),
    explicitFiles: pack.explicitFiles,
    expectedDiff: expectedDiffOf(pack),
    configFiles: pack.configFiles,
    entrypoints: pack.entrypoints,
    commands: pack.commands,
    editBoundary: pack.editBoundary,
    artifacts: {
      plan: 'plan.md',
      pack: 'pack.md',
      editBoundary: 'edit-boundary.md',
      expectedDiff: 'expected-diff.md',
      tests: 'tests.md',
      verify: 'verify.md',
      impact: 'impact.md',
      prompts,
    },
  };
}

/**
 * The loop's state file at EDIT_BOUNDARY_READY. A new run starts with the states it reached and
 * an empty history; a run already there keeps its record (writing the same task twice changes
 * nothing); a run elsewhere is re-packed: its history gains the moves back.
 */
function stateRecord(pack: TaskPack, previous: PreviousRunState | undefined): Record<string, unknown> {
  const steps = previous
    ? [
        { from: previous.state, to: 'TASK_PACK_READY', reason: 'the task is re-packed' },
        { from: 'TASK_PACK_READY', to: 'EDIT_BOUNDARY_READY', reason: 'the edit boundary was derived' },
      ]
    : [];
  const unchanged = previous?.state === 'EDIT_BOUNDARY_READY';
  const reached = [...(previous?.reached ?? [])];
  for (const state of ['CONTEXT_READY', 'TASK_PACK_READY', 'EDIT_BOUNDARY_READY'])
    if (!reached.includes(state)) reached.push(state);
  return {
    schemaVersion: RUN_SCHEMA_VERSION,
    taskId: pack.taskId,
    state: 'EDIT_BOUNDARY_READY',
    reached,
    contextHash: pack.context.sourceHash,
    ...(previous?.traceId ? { traceId: previous.traceId } : {}),
    history: unchanged ? [...previous.history] : [...(previous?.history ?? []), ...steps],
  };
}
