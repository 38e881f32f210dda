/**
 * `.agent-context/runs/<task-id>/state.json`: where a task stands, so the next turn, another
 * agent or CI continues from the same truth. Written atomically under the run's lock;
 * schemaVersion'd; a newer schema or a malformed file is a clear error and is never overwritten.
 */
import { z } from 'zod';
import { OcppError } from '../shared/errors.js';
import { readTextIfExists, withLock, writeJsonAtomic } from '../shared/fs.js';
import { lineColumnOf, parseJson } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { LOOP_STATES } from './states.js';

export const STATE_SCHEMA_VERSION = 1;

const StateName = z.enum(LOOP_STATES);

export const NextActionSchema = z.strictObject({
  type: z.string(),
  blocking: z.boolean(),
  reason: z.string(),
  command: z.string().optional(),
});

export const RunStateSchema = z.strictObject({
  schemaVersion: z.number().int(),
  taskId: z.string().min(1),
  state: StateName,
  /** Every state the task has been in, in order of first arrival. */
  reached: z.array(StateName).default([]),
  /** Working-tree hash when the state was written. */
  repoHash: z.string().optional(),
  /** The context's source hash (manifest) the decision was made on. */
  contextHash: z.string().optional(),
  /** Hash of the change against the base (the files and their hashes). */
  diffHash: z.string().optional(),
  lastAction: z.strictObject({ type: z.string(), reason: z.string() }).optional(),
  nextAction: NextActionSchema.optional(),
  satisfiedEvidence: z.array(z.string()).default([]),
  missingEvidence: z.array(z.string()).default([]),
  /** The trace the evidence was read from. */
  traceId: z.string().optional(),
  /** The last transitions (newest last, capped). */
  history: z.array(z.strictObject({ from: StateName, to: StateName, reason: z.string() })).default([]),
});
export type RunState = z.output<typeof RunStateSchema>;
export type NextAction = z.output<typeof NextActionSchema>;

export function statePath(taskId: string): string {
  return `${layout.runs}/${taskId}/state.json`;
}

export async function readRunState(root: string, taskId: string): Promise<RunState | undefined> {
  const file = statePath(taskId);
  const text = await readTextIfExists(absolutePath(root, file));
  if (text === undefined) return undefined;
  const value = parseJson(text, file) as { schemaVersion?: unknown };
  if (typeof value?.schemaVersion === 'number' && value.schemaVersion > STATE_SCHEMA_VERSION) {
    throw new OcppError(
      'STATE_VERSION',
      `state.json schemaVersion ${value.schemaVersion} is newer than this tool understands (${STATE_SCHEMA_VERSION})`,
      {
        file,
        key: 'schemaVersion',
        hint: 'upgrade opencode-plusplus; nothing was overwritten',
      },
    );
  }
  const result = RunStateSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = issue.path.map(String).join('.');
    const offset = key ? text.indexOf(`"${String(issue.path[0])}"`) : -1;
    throw new OcppError('INPUT_INVALID', `not a valid run state: ${key || '(root)'}: ${issue.message}`, {
      file,
      key,
      ...(offset >= 0 ? lineColumnOf(text, offset) : {}),
      hint: 'fix the file by hand or delete it to start the task over; nothing was overwritten',
    });
  }
  return result.data;
}

export async function writeRunState(root: string, state: RunState): Promise<void> {
  await writeJsonAtomic(absolutePath(root, statePath(state.taskId)), {
    ...state,
    history: state.history.slice(-50),
  });
}

/** A task's state before the loop has written any. */
export function initialRunState(taskId: string): RunState {
  return {
    schemaVersion: STATE_SCHEMA_VERSION,
    taskId,
    state: 'EMPTY',
    reached: [],
    satisfiedEvidence: [],
    missingEvidence: [],
    history: [],
  };
}

/** Reads the run's state (or the initial one), computes the next and writes it, under the run's lock. */
export async function updateRunState(
  root: string,
  taskId: string,
  next: (current: RunState) => RunState,
): Promise<RunState> {
  return withLock(
    absolutePath(root, `${layout.runs}/${taskId}`),
    async () => {
      const state = next((await readRunState(root, taskId)) ?? initialRunState(taskId));
      await writeRunState(root, state);
      return state;
    },
    { purpose: `another writer of run ${taskId}` },
  );
}
