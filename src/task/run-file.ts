/**
 * The one owner of `.agent-context/runs/<task-id>/run.json`: its schema, its version and the one
 * way to read it. `writeTaskRun()` writes it; the loop, the refresh (which files a run names) and
 * drift read it here, so they agree on its shape. A missing file is a fact (`undefined`); a
 * malformed file or a version this tool does not know is a clear error naming the file.
 */
import { z } from 'zod';
import { OcppError } from '../shared/errors.js';
import { listDirectory, readTextIfExists } from '../shared/fs.js';
import { lineColumnOf, parseJson } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { type ExpectedDiff, expectedDiffOf } from './expected-diff.js';

export const RUN_SCHEMA_VERSION = 1;

const PackedFile = z.looseObject({ path: z.string(), representation: z.string().optional() });

/**
 * The fields readers rely on; the rest of what `writeTaskRun()` records (context, commands,
 * artifacts...) passes through untouched, so a reader that walks every path still sees it.
 */
export const RunRecordSchema = z.looseObject({
  schemaVersion: z.number().int(),
  taskId: z.string().min(1).optional(),
  task: z.string().optional(),
  files: z.array(PackedFile).optional(),
  tests: z.array(z.looseObject({ path: z.string() })).optional(),
  explicitFiles: z.array(z.looseObject({ path: z.string(), exists: z.boolean().optional() })).optional(),
  expectedDiff: z.strictObject({ mode: z.enum(['all', 'any']), files: z.array(z.string()) }).optional(),
  editBoundary: z
    .looseObject({
      allowedEditGlobs: z.array(z.string()).optional(),
      avoidEditGlobs: z.array(z.string()).optional(),
    })
    .optional(),
  budget: z.number().optional(),
  usedTokens: z.number().optional(),
});
export type RunRecord = z.output<typeof RunRecordSchema>;

/** What the loop needs of a run (the shape of `loop/`'s `TaskRunFacts`). */
export interface RunFacts {
  taskId: string;
  files: string[];
  expected: string[];
  expectedMode: ExpectedDiff['mode'];
  tests: string[];
  allowedEditGlobs: string[];
  avoidEditGlobs: string[];
  budget?: number;
  usedTokens?: number;
}

export function runFilePath(taskId: string): string {
  return `${layout.runs}/${taskId}/run.json`;
}

/** The task ids with a folder under runs/, sorted; none when the folder is missing. */
export async function listRunIds(root: string): Promise<string[]> {
  return listDirectory(absolutePath(root, layout.runs));
}

/** The run's record; `undefined` when the run has no run.json. */
export async function readRunFile(root: string, taskId: string): Promise<RunRecord | undefined> {
  const file = runFilePath(taskId);
  const text = await readTextIfExists(absolutePath(root, file));
  return text === undefined ? undefined : parseRunRecord(text, file);
}

/** Validates run.json's text: its version first, then its shape. */
export function parseRunRecord(text: string, file: string): RunRecord {
  const value = parseJson(text, file) as { schemaVersion?: unknown } | null;
  const version = value?.schemaVersion;
  if (version !== RUN_SCHEMA_VERSION) {
    throw new OcppError(
      'STATE_VERSION',
      `run.json schemaVersion ${JSON.stringify(version)} is not one this tool reads (${RUN_SCHEMA_VERSION})`,
      {
        file,
        key: 'schemaVersion',
        hint:
          typeof version === 'number' && version > RUN_SCHEMA_VERSION
            ? 'upgrade opencode-plusplus; nothing was overwritten'
            : 're-plan the task (opencode-plusplus task "<task>") to write a current run.json',
      },
    );
  }
  const result = RunRecordSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = issue.path.map(String).join('.');
  const offset = key ? text.indexOf(`"${String(issue.path[0])}"`) : -1;
  throw new OcppError('INPUT_INVALID', `not a valid run.json: ${key || '(root)'}: ${issue.message}`, {
    file,
    key,
    ...(offset >= 0 ? lineColumnOf(text, offset) : {}),
    hint: 're-plan the task (opencode-plusplus task "<task>") to write it again',
  });
}

/** One run's run.json as read: its record, or why it does not read. */
export interface RunFileRead {
  taskId: string;
  file: string;
  record?: RunRecord;
  problem?: OcppError;
}

/** Every run's run.json (runs without one left out); a file that does not read carries its error. */
export async function readRunFiles(root: string): Promise<RunFileRead[]> {
  const reads: RunFileRead[] = [];
  for (const taskId of await listRunIds(root)) {
    const file = runFilePath(taskId);
    try {
      const record = await readRunFile(root, taskId);
      if (record) reads.push({ taskId, file, record });
    } catch (error) {
      if (!(error instanceof OcppError)) throw error;
      reads.push({ taskId, file, problem: error });
    }
  }
  return reads;
}

/** The newest run whose run.json names this task (task ids sort by time), if any. */
export async function findRunForTask(
  root: string,
  task: string,
): Promise<{ taskId: string; record: RunRecord } | undefined> {
  for (const taskId of (await listRunIds(root)).reverse()) {
    const record = await readRunFile(root, taskId);
    if (record?.task?.trim() === task.trim()) return { taskId, record };
  }
  return undefined;
}

export function runFacts(taskId: string, record: RunRecord): RunFacts {
  // Runs written before run.json carried the expected diff: derive it the same way.
  const expected = record.expectedDiff ?? expectedDiffOf(record);
  return {
    taskId: record.taskId ?? taskId,
    files: (record.files ?? []).map((file) => file.path),
    expected: [...expected.files].sort(),
    expectedMode: expected.mode,
    tests: (record.tests ?? []).map((test) => test.path),
    allowedEditGlobs: record.editBoundary?.allowedEditGlobs ?? [],
    avoidEditGlobs: record.editBoundary?.avoidEditGlobs ?? [],
    ...(record.budget !== undefined ? { budget: record.budget } : {}),
    ...(record.usedTokens !== undefined ? { usedTokens: record.usedTokens } : {}),
  };
}
