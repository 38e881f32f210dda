/**
 * The audit log of a run: `.agent-context/reflections/<run-id>.jsonl`, one reflection a line, with
 * its inputs' hashes, decision, depth and which reflector answered. Reading it back gives the
 * depth reached and the history the hard rules need, so a run can be resumed where it stopped.
 */
import { inputError, OcppError } from '../shared/errors.js';
import { readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { stableStringify } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { withLock } from '../shared/lock.js';
import { absolutePath } from '../shared/path.js';
import type { ReflectionRecord } from './types.js';

export const RECORD_SCHEMA_VERSION = 1;
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

export function checkRunId(runId: string): string {
  if (!RUN_ID.test(runId) || runId.includes('..'))
    throw inputError(`"${runId}" is not a run id`, {
      hint: 'use letters, digits, dots, dashes and underscores (at most 80)',
    });
  return runId;
}

export function runLogPath(runId: string): string {
  return `${layout.reflections}/${checkRunId(runId)}.jsonl`;
}

export async function readRunLog(root: string, runId: string): Promise<ReflectionRecord[]> {
  const file = runLogPath(runId);
  return parseRunLog((await readTextIfExists(absolutePath(root, file))) ?? '', file);
}

export function parseRunLog(text: string, file: string): ReflectionRecord[] {
  const records: ReflectionRecord[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    let record: ReflectionRecord;
    try {
      record = JSON.parse(line) as ReflectionRecord;
    } catch {
      throw inputError('not a JSON line', {
        file,
        line: index + 1,
        hint: 'a run log is written by `reflect`; restore it from git or start a new run',
      });
    }
    if (typeof record.schemaVersion !== 'number' || typeof record.depth !== 'number')
      throw inputError('not a reflection record (no schemaVersion or depth)', { file, line: index + 1 });
    if (record.schemaVersion > RECORD_SCHEMA_VERSION)
      throw new OcppError(
        'STATE_VERSION',
        `schemaVersion ${record.schemaVersion} is newer than this tool understands`,
        { file, line: index + 1, hint: 'upgrade opencode-plusplus' },
      );
    records.push(record);
  });
  return records;
}

/** Appends one record under the run's lock; the whole file is replaced atomically. */
export async function appendRunRecord(root: string, record: ReflectionRecord): Promise<void> {
  const file = absolutePath(root, runLogPath(record.run_id));
  await withLock(
    file,
    async () => {
      const current = (await readTextIfExists(file)) ?? '';
      await writeFileAtomic(file, `${current}${stableStringify(record)}\n`);
    },
    { purpose: `another reflection of run ${record.run_id}` },
  );
}
