/**
 * The lessons: read the whole store as a snapshot, add, forget, and count a lesson ignored.
 * MEMORY.md lines and `lessons/L-NNNN.md` files are joined by id; a line without a file is an
 * "index-only" lesson (someone wrote it by hand) and is served like any other.
 */
import { inputError, OcppError } from '../shared/errors.js';
import {
  type IndexEntry,
  insertIndexLine,
  parseIndexEntries,
  removeIndexLine,
  servedLine,
  summarize,
} from './index-file.js';
import {
  LESSON_ID,
  type Lesson,
  type LessonKind,
  type LessonSource,
  lessonFileName,
  lessonKinds,
  lessonNumber,
  parseLessonFile,
  renderLessonFile,
} from './lesson-file.js';
import { appendNote } from './notes.js';
import { redactOrRefuse, type SecretFinding } from './secrets.js';
import {
  contentHash,
  dateOf,
  type MemoryOptions,
  type MemoryReader,
  type MemoryTransaction,
  memoryFiles,
  memoryPath,
  memoryReader,
  withMemory,
} from './store.js';

export interface MemoryProblem {
  file: string;
  message: string;
}

/** The store as read at one moment; pass it back as `basedOn` to refuse writes if MEMORY.md moved since. */
export interface MemorySnapshot {
  indexText: string | undefined;
  /** Short hash of MEMORY.md as read (`none` when missing): the `--expect-hash` token. */
  indexHash: string;
  entries: IndexEntry[];
  lessons: Lesson[];
  /** Lesson files that could not be read; they are skipped, never overwritten. */
  problems: MemoryProblem[];
}

/** One lesson as people and agents see it. */
export interface LessonView {
  id: string;
  /** The index text (what is served), or the file's first sentence when the index has no line. */
  text: string;
  /** `[lesson L-0007] text`: the served form. */
  line: string;
  kind: LessonKind | null;
  kindName: string | null;
  scope: string[];
  status: 'active' | 'forgotten' | 'index-only';
  created: string | null;
  lastServed: string | null;
  timesServed: number;
  timesIgnored: number;
  /** The lesson file, repository-relative, when there is one. */
  file: string | null;
  /** 1-based line in MEMORY.md, when listed there. */
  indexLine: number | null;
  /** The full text from the lesson file. */
  body: string | null;
}

export function readMemory(root: string): Promise<MemorySnapshot> {
  return readSnapshot(memoryReader(root));
}

async function readSnapshot(reader: MemoryReader): Promise<MemorySnapshot> {
  const indexText = await reader.read(memoryFiles.index);
  const lessons: Lesson[] = [];
  const problems: MemoryProblem[] = [];
  for (const id of await lessonIdsOnDisk(reader)) {
    const file = lessonFileName(id);
    try {
      const lesson = parseLessonFile((await reader.read(file)) ?? '', memoryPath(file));
      if (lesson.id !== id)
        throw inputError(`the front matter says ${lesson.id}, the file name ${id}`, {
          file: memoryPath(file),
          key: 'id',
        });
      lessons.push(lesson);
    } catch (error) {
      problems.push({ file: memoryPath(file), message: (error as Error).message });
    }
  }
  return {
    indexText,
    indexHash: contentHash(indexText),
    entries: parseIndexEntries(indexText),
    lessons,
    problems,
  };
}

async function lessonIdsOnDisk(reader: MemoryReader): Promise<string[]> {
  return (await reader.list(memoryFiles.lessons))
    .filter((name) => name.endsWith('.md') && LESSON_ID.test(name.slice(0, -3)))
    .map((name) => name.slice(0, -3))
    .sort((a, b) => lessonNumber(a) - lessonNumber(b));
}

/** Every lesson joined with its index line, by id; forgotten ones only when `all`. */
export function lessonViews(snapshot: MemorySnapshot, all = false): LessonView[] {
  const byId = new Map(snapshot.lessons.map((lesson) => [lesson.id, lesson]));
  const entries = new Map(snapshot.entries.map((entry) => [entry.id, entry]));
  const ids = [...new Set([...byId.keys(), ...entries.keys()])].sort(
    (a, b) => lessonNumber(a) - lessonNumber(b),
  );
  return ids
    .map((id) => viewOf(id, byId.get(id), entries.get(id)))
    .filter((view) => all || view.status !== 'forgotten');
}

function viewOf(id: string, lesson: Lesson | undefined, entry: IndexEntry | undefined): LessonView {
  const text = entry?.text ?? summarize(lesson?.text ?? '');
  return {
    id,
    text,
    line: servedLine(id, text),
    kind: lesson?.kind ?? null,
    kindName: lesson ? lessonKinds[lesson.kind].name : null,
    scope: lesson?.scope ?? [],
    status: !lesson ? 'index-only' : lesson.status,
    created: lesson?.created ?? null,
    lastServed: lesson?.lastServed ?? null,
    timesServed: lesson?.timesServed ?? 0,
    timesIgnored: lesson?.timesIgnored ?? 0,
    file: lesson ? memoryPath(lessonFileName(id)) : null,
    indexLine: entry?.line ?? null,
    body: lesson?.text ?? null,
  };
}

export async function listLessons(root: string, options: { all?: boolean } = {}): Promise<LessonView[]> {
  return lessonViews(await readMemory(root), options.all);
}

/** One lesson by id; a clear NOT_FOUND error (exit 2) naming the known ids when there is none. */
export async function showLesson(root: string, id: string): Promise<LessonView> {
  const snapshot = await readMemory(root);
  const broken = snapshot.problems.find((problem) => problem.file.endsWith(`/${id}.md`));
  if (broken) throw inputError(broken.message, { file: broken.file });
  const view = lessonViews(snapshot, true).find((candidate) => candidate.id === id);
  if (!view) throw notFound(id, snapshot);
  return view;
}

function notFound(id: string, snapshot: MemorySnapshot): OcppError {
  const known = lessonViews(snapshot, true).map((view) => view.id);
  return new OcppError('NOT_FOUND', `no lesson ${id} in ${memoryPath('')}`, {
    hint:
      known.length === 0
        ? 'the store is empty: add one with `memory add "<lesson>"`'
        : `known lessons: ${rangeText(known)}`,
  });
}

function rangeText(ids: string[]): string {
  return ids.length <= 6
    ? ids.join(', ')
    : `${ids.slice(0, 3).join(', ')} … ${ids.slice(-2).join(', ')} (${ids.length})`;
}

export interface NewLesson {
  text: string;
  /** @default 5 (a fact about this project) */
  kind?: LessonKind;
  scope?: string[];
  source?: LessonSource;
}

export interface AddLessonOptions extends MemoryOptions {
  /** Refuse (and back up) when MEMORY.md differs from this snapshot (or `--expect-hash`): the caller decided on stale data. */
  basedOn?: Pick<MemorySnapshot, 'indexHash'>;
  /** Longest text accepted. @default 2000 */
  maxChars?: number;
}

export interface AddLessonResult {
  status: 'added' | 'duplicate';
  lesson: LessonView;
  /** Secrets masked in the text before it was written. */
  masked: SecretFinding[];
}

/** Adds one lesson: a new sequential id, its file, its index line and a daily note, in one transaction. */
export async function addLesson(
  root: string,
  input: NewLesson,
  options: AddLessonOptions = {},
): Promise<AddLessonResult> {
  const checked = checkNewLesson(input, options.maxChars ?? 2000);
  return withMemory(
    root,
    async (transaction) => {
      const snapshot = await readSnapshot(transaction);
      if (options.basedOn) transaction.expectHash(memoryFiles.index, options.basedOn.indexHash);
      const duplicate = findDuplicate(snapshot, checked.text);
      if (duplicate) return { status: 'duplicate', lesson: duplicate, masked: checked.masked };
      const lesson: Lesson = {
        id: nextLessonId(snapshot),
        kind: input.kind ?? 5,
        scope: checked.scope,
        created: dateOf(transaction.now),
        lastServed: null,
        timesServed: 0,
        timesIgnored: 0,
        source: input.source ?? { session: 'cli' },
        status: 'active',
        text: checked.text,
      };
      const entryText = summarize(lesson.text);
      await transaction.write(
        memoryFiles.index,
        insertIndexLine(snapshot.indexText, `- ${servedLine(lesson.id, entryText)}`),
      );
      await transaction.write(lessonFileName(lesson.id), renderLessonFile(lesson));
      await appendNote(transaction, `saved [lesson ${lesson.id}] (${lesson.source.session})`, [entryText]);
      const after = await readSnapshot(transaction);
      return {
        status: 'added',
        lesson: lessonViews(after).find((view) => view.id === lesson.id)!,
        masked: checked.masked,
      };
    },
    options,
  );
}

function checkNewLesson(
  input: NewLesson,
  maxChars: number,
): { text: string; scope: string[]; masked: SecretFinding[] } {
  const text = input.text.replace(/\r\n/g, '\n').trim();
  if (!text)
    throw inputError('the lesson text is empty', { hint: 'write the lesson as one or two sentences' });
  if (text.length > maxChars) {
    throw inputError(`the lesson is ${text.length} characters; at most ${maxChars} are accepted`, {
      key: 'memory.maxLessonChars',
      hint: 'a lesson is one or two sentences an agent reads before starting; put long material in a doc and point to it',
    });
  }
  const scope = (input.scope ?? []).map(checkScopeGlob);
  const scanned = redactOrRefuse(text, 'the lesson');
  return { text: scanned.text, scope: [...new Set(scope)].sort(), masked: scanned.findings };
}

function checkScopeGlob(glob: string): string {
  const value = glob.trim();
  if (
    !value ||
    value.startsWith('/') ||
    /^[A-Za-z]:/.test(value) ||
    value.split('/').includes('..') ||
    value.includes('\\')
  ) {
    throw inputError(`scope "${glob}" is not a repository-relative posix glob`, {
      hint: 'e.g. src/api/** or **/*.test.ts',
    });
  }
  return value;
}

function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function findDuplicate(snapshot: MemorySnapshot, text: string): LessonView | undefined {
  const wanted = normalized(text);
  return lessonViews(snapshot).find(
    (view) => normalized(view.body ?? view.text) === wanted || normalized(view.text) === wanted,
  );
}

/** One more than the highest id ever used (files, forgotten ones included, and index lines). */
function nextLessonId(snapshot: MemorySnapshot): string {
  const numbers = [
    ...snapshot.lessons.map((lesson) => lesson.id),
    ...snapshot.entries.map((entry) => entry.id),
    ...snapshot.problems.map((problem) => /L-\d+/.exec(problem.file)?.[0] ?? 'L-0'),
  ].map(lessonNumber);
  return `L-${String(Math.max(0, ...numbers) + 1).padStart(4, '0')}`;
}

export interface ForgetResult {
  lesson: LessonView;
}

/** Removes a lesson from the index and marks its file forgotten (kept, so its id is never reused). */
export async function forgetLesson(
  root: string,
  id: string,
  reason: string,
  options: MemoryOptions = {},
): Promise<ForgetResult> {
  return withMemory(
    root,
    async (transaction) => {
      const snapshot = await readSnapshot(transaction);
      const view = lessonViews(snapshot, true).find((candidate) => candidate.id === id);
      if (!view) throw notFound(id, snapshot);
      if (view.status === 'forgotten')
        throw inputError(`${id} is already forgotten`, { file: view.file ?? undefined });
      if (snapshot.indexText !== undefined && view.indexLine !== null) {
        await transaction.write(memoryFiles.index, removeIndexLine(snapshot.indexText, id));
      }
      const lesson = snapshot.lessons.find((candidate) => candidate.id === id);
      if (lesson) {
        const forgotten = {
          ...lesson,
          status: 'forgotten' as const,
          forgottenOn: dateOf(transaction.now),
          forgottenReason: reason,
        };
        await transaction.write(lessonFileName(id), renderLessonFile(forgotten));
      }
      await appendNote(transaction, `forgot [lesson ${id}]`, [view.text, `why: ${reason}`]);
      return {
        lesson:
          lessonViews(await readSnapshot(transaction), true).find((candidate) => candidate.id === id) ?? view,
      };
    },
    options,
  );
}

/**
 * Updates the counters of lessons in one transaction: `served` bumps times served and the date,
 * `ignored` bumps times ignored (a user had to repeat what a served lesson already said).
 * Index-only lessons have no file to count in and are skipped. Returns the ids updated.
 */
export async function bumpLessonCounters(
  transaction: MemoryTransaction,
  ids: string[],
  counter: 'served' | 'ignored',
): Promise<string[]> {
  const updated: string[] = [];
  for (const id of [...new Set(ids)].sort()) {
    const file = lessonFileName(id);
    const text = await transaction.read(file);
    if (text === undefined) continue;
    const lesson = parseLessonFile(text, memoryPath(file));
    const next =
      counter === 'served'
        ? { ...lesson, timesServed: lesson.timesServed + 1, lastServed: dateOf(transaction.now) }
        : { ...lesson, timesIgnored: lesson.timesIgnored + 1 };
    await transaction.write(file, renderLessonFile(next));
    updated.push(id);
  }
  return updated;
}

/** A served lesson the user still had to repeat: counted, noted, nothing new saved. */
export async function recordIgnored(
  root: string,
  ids: string[],
  session: string,
  options: MemoryOptions = {},
): Promise<string[]> {
  return withMemory(
    root,
    async (transaction) => {
      const updated = await bumpLessonCounters(transaction, ids, 'ignored');
      if (updated.length > 0)
        await appendNote(transaction, `served but ignored in ${session}: ${updated.join(', ')}`);
      return updated;
    },
    options,
  );
}
