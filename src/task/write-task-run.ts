/**
 * `writeTaskRun()`: a task pack written out as `.agent-context/runs/<task-id>/` — plan, pack,
 * edit boundary, expected diff, tests, the placeholders later stages fill, one prompt per
 * executor, `run.json` and `state.json` (state EDIT_BOUNDARY_READY). Every file is written
 * atomically and only when its bytes change, under a lock on the run; `state.json` is written
 * last. A run that a later stage already moved on is not reset unless asked to.
 */
import { renderPackMarkdown } from '../pack/markdown.js';
import { OcppError } from '../shared/errors.js';
import { readTextIfExists, withLock, writeFileIfChanged } from '../shared/fs.js';
import { formatJsonFile, parseJson } from '../shared/json.js';
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
import { executors, promptFileName, renderPrompt } from './prompts.js';
import type { TaskPack } from './types.js';

export const RUN_SCHEMA_VERSION = 1;

/** The loop's states in order (DESIGN.md §5); BLOCKED can follow any of them. */
export const RUN_STATES = [
  'EMPTY',
  'CONTEXT_READY',
  'TASK_PACK_READY',
  'EDIT_BOUNDARY_READY',
  'AGENT_STARTED',
  'EDITED',
  'VERIFYING',
  'REPAIRING',
  'READY_FOR_REVIEW',
  'BLOCKED',
] as const;
export type RunState = (typeof RUN_STATES)[number];

export interface WriteTaskRunOptions {
  /** Rewrite a run a later stage already moved past EDIT_BOUNDARY_READY. @default false */
  force?: boolean;
}

export interface TaskRunResult {
  taskId: string;
  /** Repository-relative folder of the run. */
  runDir: string;
  state: RunState;
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
      await assertReplaceable(root, runDir, options.force ?? false);
      const documents = runDocuments(pack, runDir);
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
export function runDocuments(pack: TaskPack, runDir: string): Array<[string, string]> {
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
    ['state.json', formatJsonFile(stateRecord(pack))],
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
    explicitFiles: pack.explicitFiles,
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

function stateRecord(pack: TaskPack): Record<string, unknown> {
  return {
    schemaVersion: RUN_SCHEMA_VERSION,
    taskId: pack.taskId,
    state: 'EDIT_BOUNDARY_READY',
    reached: ['CONTEXT_READY', 'TASK_PACK_READY', 'EDIT_BOUNDARY_READY'],
  };
}

/** An existing state.json must be ours, not newer, and not past EDIT_BOUNDARY_READY (unless forced). */
async function assertReplaceable(root: string, runDir: string, force: boolean): Promise<void> {
  const file = `${runDir}/state.json`;
  const text = await readTextIfExists(absolutePath(root, file));
  if (text === undefined) return;
  const value = parseJson(text, file) as { schemaVersion?: unknown; state?: unknown } | null;
  if (!value || typeof value !== 'object' || typeof value.schemaVersion !== 'number') {
    throw new OcppError('INPUT_INVALID', 'state.json has no schemaVersion', {
      file,
      key: 'schemaVersion',
      hint: 'fix or delete the file; nothing was overwritten',
    });
  }
  if (value.schemaVersion > RUN_SCHEMA_VERSION) {
    throw new OcppError(
      'STATE_VERSION',
      `state.json schemaVersion ${value.schemaVersion} is newer than this tool understands (${RUN_SCHEMA_VERSION})`,
      { file, key: 'schemaVersion', hint: 'upgrade opencode-plusplus; nothing was overwritten' },
    );
  }
  const position = RUN_STATES.indexOf(value.state as RunState);
  if (position === -1) {
    throw new OcppError('INPUT_INVALID', `state.json has an unknown state ${JSON.stringify(value.state)}`, {
      file,
      key: 'state',
      hint: `expected one of ${RUN_STATES.join(', ')}; nothing was overwritten`,
    });
  }
  if (!force && position > RUN_STATES.indexOf('EDIT_BOUNDARY_READY')) {
    throw new OcppError('STATE_CONFLICT', `run ${runDir} is already in state ${String(value.state)}`, {
      file,
      key: 'state',
      hint: 'pass --force to write a fresh task pack over it',
    });
  }
}
