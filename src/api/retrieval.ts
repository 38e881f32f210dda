/**
 * Retrieval calls of the public API: `retrieve`, `pack` and `ragSearch`. Each opens a retrieval
 * session (which builds or refreshes the context first, and says so on the bus), ranks with
 * `retrieve/`, and lists, packs or searches the ranking with `pack/` and `retrieve/search`.
 */
import { recordServed } from '../memory/served.js';
import { renderPackMarkdown } from '../pack/markdown.js';
import {
  listRanking,
  type PackLesson,
  type PackResult,
  packRanking,
  type RetrieveResult,
} from '../pack/ranked-files.js';
import { parseTask } from '../retrieve/query.js';
import { type ChunkMatch, searchChunks } from '../retrieve/search.js';
import { usageError } from '../shared/errors.js';
import { resolveAbsolute } from '../shared/path.js';
import { taskIdOf } from '../task/task-id.js';
import type { CallOptions } from './context.js';
import {
  checkedTask,
  type RetrievalSession,
  type RetrieveOptions,
  withRetrieval,
} from './retrieval-session.js';

export type {
  PackedFile,
  PackLesson,
  PackResult,
  RetrievedFile,
  RetrievedTest,
  RetrieveResult,
} from '../pack/ranked-files.js';
export { classifyPath } from '../scan/classify.js';
export {
  checkedTask,
  type OpenOptions,
  openRetrieval,
  type RetrievalSession,
  type RetrieveOptions,
  withRetrieval,
} from './retrieval-session.js';

/** Ranked files for a task (whole files, no budget) and the tests that cover them. */
export async function retrieve(
  task: string,
  directory = '.',
  options: RetrieveOptions = {},
): Promise<RetrieveResult> {
  checkedTask(task);
  if (options.top !== undefined) checkedCount(options.top, '--top');
  return withRetrieval(directory, options, async (session) => {
    const top = checkedCount(options.top ?? session.config.retrieve.top, '--top');
    const { retrieval } = await session.run(task, { ...options, top });
    return listRanking(task, retrieval, session.files);
  });
}

export function checkedCount(value: number, flag: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw usageError(`${flag} must be a positive whole number, got ${value}`);
  return value;
}

export interface PackOptions extends RetrieveOptions {
  /** Token budget (o200k). @default config `pack.budget` (12000) */
  budget?: number;
}

/** Candidates offered to the packer: more than fit, so it can trade a big file for several small ones. */
const PACK_CANDIDATES = 30;

/** The packed files a lesson's scope is matched against (besides the task's words). */
const LESSON_PATHS = 10;

/**
 * The files for a task fitted into a token budget, each whole, as a skeleton or as one line, with
 * the lessons that match it (recorded as served to the task, when they differ from last time).
 */
export async function pack(task: string, directory = '.', options: PackOptions = {}): Promise<PackResult> {
  checkedTask(task);
  const result = await withRetrieval(directory, options, (session) =>
    packWithSession(session, task, options),
  );
  await recordServedLessons(resolveAbsolute(directory), 'pack', taskIdOf(result.task), result.lessons);
  return result;
}

/** Records that `lessons` went to `target`; a repository without lessons gets no memory folder. */
export async function recordServedLessons(
  root: string,
  via: string,
  target: string,
  lessons: ReadonlyArray<{ id: string }>,
): Promise<void> {
  if (lessons.length === 0) return;
  await recordServed(root, { via, target, lessons: lessons.map((lesson) => lesson.id), onlyIfChanged: true });
}

export async function packWithSession(
  session: RetrievalSession,
  task: string,
  options: PackOptions = {},
): Promise<PackResult> {
  const budget = checkedCount(options.budget ?? session.config.pack.budget, '--budget');
  const top = Math.max(options.top ?? session.config.retrieve.top, PACK_CANDIDATES);
  const packed = packRanking(task, await session.run(task, { ...options, top }), session.files, budget);
  const about = packed.files.slice(0, LESSON_PATHS).map((file) => file.path);
  const lessons = (await session.lessons(task, about)).map(
    ({ id, line, scope, reasons }): PackLesson => ({ id, line, scope: [...scope], reasons: [...reasons] }),
  );
  const problem = session.lessonProblem();
  return { ...packed, notes: problem ? [...packed.notes, problem] : packed.notes, lessons };
}

/** `pack.md` of a pack result. */
export function packMarkdown(result: PackResult): string {
  return renderPackMarkdown({
    task: result.task,
    files: result.files,
    tests: result.tests,
    budget: result.budget,
    usedTokens: result.usedTokens,
    notes: result.notes,
    tokenizer: result.tokenizer,
    lessons: result.lessons,
  });
}

export interface RagSearchOptions extends CallOptions {
  /** How many matches to print. @default 10 */
  top?: number;
}

export interface RagSearchResult {
  query: string;
  matches: ChunkMatch[];
  /** Files whose chunks were searched. */
  searched: number;
}

/** Files searched for chunks: the best of the ranking, and the tests beside them. */
const SEARCHED_FILES = 30;

/** The indexed chunks (definitions, doc sections, code windows) that best answer a query, as file:line. */
export async function ragSearch(
  query: string,
  directory = '.',
  options: RagSearchOptions = {},
): Promise<RagSearchResult> {
  checkedTask(query);
  if (options.top !== undefined) checkedCount(options.top, '--top');
  return withRetrieval(directory, options, async (session) => {
    const limit = checkedCount(options.top ?? 10, '--top');
    const { retrieval, corpus } = await session.run(query, { top: SEARCHED_FILES, tests: 10 });
    const files = [...retrieval.files, ...retrieval.tests];
    const matches = searchChunks({
      corpus,
      query: parseTask(query),
      files,
      read: (path) => session.readFile(path),
      limit,
    });
    return { query: query.trim(), matches, searched: files.length };
  });
}
