/**
 * `served.jsonl`: which lessons were served to which session (or file), when, and by what — one
 * JSON object a line. With the `[lesson L-NNNN]` form in the agent's context, a later reader of a
 * transcript can tell exactly which lessons a session was shown.
 */
import { z } from 'zod';
import { inputError } from '../shared/errors.js';
import { stableStringify } from '../shared/json.js';
import { bumpLessonCounters } from './lesson-store.js';
import { type MemoryOptions, memoryFiles, memoryPath, memoryReader, withMemory } from './store.js';

export interface ServedRecord {
  /** ISO timestamp. */
  at: string;
  /** What served them: `build` (AGENTS.md), `pack` (a task pack), `hook` (a session start), … */
  via: string;
  /** Where they went: a file (`AGENTS.md`), a task id, or a session. */
  target: string;
  /** The agent session, when known. */
  session: string | null;
  lessons: string[];
}

const ServedRecordSchema = z.object({
  at: z.string(),
  via: z.string(),
  target: z.string(),
  session: z.string().nullable().default(null),
  lessons: z.array(z.string()),
});

export interface ServeRequest {
  via: string;
  target: string;
  session?: string | undefined;
  lessons: string[];
  /** Record only when these lessons differ from the last record with the same `via` and `target`
   *  (a build re-serving the same AGENTS.md block is not news). @default false */
  onlyIfChanged?: boolean;
}

/** Appends a served record and bumps each lesson's times served; returns whether it recorded. */
export async function recordServed(
  root: string,
  request: ServeRequest,
  options: MemoryOptions = {},
): Promise<boolean> {
  const lessons = [...new Set(request.lessons)].sort();
  return withMemory(
    root,
    async (transaction) => {
      const current = (await transaction.read(memoryFiles.served)) ?? '';
      if (request.onlyIfChanged) {
        const last = parseServed(current)
          .filter((record) => record.via === request.via && record.target === request.target)
          .at(-1);
        if (last ? sameIds(last.lessons, lessons) : lessons.length === 0) return false;
      }
      const record: ServedRecord = {
        at: transaction.now.toISOString(),
        via: request.via,
        target: request.target,
        session: request.session ?? null,
        lessons,
      };
      await transaction.write(memoryFiles.served, `${current}${stableStringify(record)}\n`);
      await bumpLessonCounters(transaction, lessons, 'served');
      return true;
    },
    options,
  );
}

function sameIds(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** Parses `served.jsonl`; a malformed line is a clear error naming its line. */
export function parseServed(text: string): ServedRecord[] {
  const records: ServedRecord[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw inputError('not a JSON line', { file: memoryPath(memoryFiles.served), line: index + 1 });
    }
    const result = ServedRecordSchema.safeParse(value);
    if (!result.success)
      throw inputError(`not a served record: ${result.error.issues[0]!.message}`, {
        file: memoryPath(memoryFiles.served),
        line: index + 1,
        key: result.error.issues[0]!.path.join('.'),
      });
    records.push(result.data);
  });
  return records;
}

export interface ServedQuery {
  lesson?: string;
  session?: string;
  /** Most recent records kept. @default all */
  limit?: number;
}

export async function readServed(root: string, query: ServedQuery = {}): Promise<ServedRecord[]> {
  const text = (await memoryReader(root).read(memoryFiles.served)) ?? '';
  const records = parseServed(text).filter(
    (record) =>
      (!query.lesson || record.lessons.includes(query.lesson)) &&
      (!query.session || record.session === query.session),
  );
  return query.limit === undefined ? records : records.slice(-query.limit);
}
