/**
 * Which lessons to serve. Without a task every live lesson applies (repository-wide ones first,
 * then the newest); with a task or paths a lesson applies when its scope globs match one of the
 * paths or its text shares words with the task, and each match says why. Deterministic: ties go
 * to the lower id.
 */
import { globMatcher } from '../shared/glob.js';
import { type LessonView, lessonViews, readMemory } from './lesson-store.js';
import { recordServed } from './served.js';
import type { MemoryOptions } from './store.js';

export interface RelevanceQuery {
  /** The task in words. */
  task?: string;
  /** Repository-relative posix paths the task is about. */
  paths?: string[];
  /** Most lessons returned. @default 12 */
  limit?: number;
}

export interface RelevantLesson {
  id: string;
  text: string;
  /** `[lesson L-0007] text`, the served form. */
  line: string;
  kind: LessonView['kind'];
  scope: string[];
  score: number;
  /** Why it matched, in words: scope matches and shared terms. */
  reasons: string[];
}

export async function findRelevantLessons(
  root: string,
  query: RelevanceQuery = {},
): Promise<RelevantLesson[]> {
  return rankLessons(lessonViews(await readMemory(root)), query);
}

export function rankLessons(views: LessonView[], query: RelevanceQuery): RelevantLesson[] {
  const live = views.filter((view) => view.status !== 'forgotten');
  const targeted = Boolean(query.task?.trim()) || (query.paths?.length ?? 0) > 0;
  const scored = targeted ? scoreAgainstTask(live, query) : live.map(scoreWithoutTask);
  return scored
    .filter((lesson) => lesson.score > 0)
    .sort((a, b) => b.score - a.score || compareIds(a.id, b.id))
    .slice(0, query.limit ?? 12);
}

function compareIds(a: string, b: string): number {
  return Number(a.slice(2)) - Number(b.slice(2));
}

function scoreWithoutTask(view: LessonView): RelevantLesson {
  const wide = view.scope.length === 0;
  // Newer lessons first among equals: a small tie-breaker that never outweighs scope.
  const recency = Number(view.id.slice(2)) / 1e6;
  return resultOf(view, (wide ? 1 : 0.5) + recency, [
    wide ? 'applies to the whole repository' : `scoped to ${view.scope.join(', ')}`,
  ]);
}

function scoreAgainstTask(views: LessonView[], query: RelevanceQuery): RelevantLesson[] {
  const taskTerms = new Set(termsOf(query.task ?? ''));
  const documents = views.map(
    (view) => new Set(termsOf(`${view.body ?? view.text} ${view.scope.join(' ')}`)),
  );
  const frequency = new Map<string, number>();
  for (const terms of documents)
    for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  return views.map((view, index) => {
    const reasons: string[] = [];
    let score = 0;
    const scopeHit = scopeMatch(view.scope, query.paths ?? []);
    if (scopeHit) {
      score += 2;
      reasons.push(`scope ${scopeHit.glob} matches ${scopeHit.path}`);
    }
    const shared = [...documents[index]!].filter((term) => taskTerms.has(term)).sort();
    if (shared.length > 0) {
      score += shared.reduce((sum, term) => sum + Math.log(1 + views.length / frequency.get(term)!), 0);
      reasons.push(`shares ${shared.map((term) => `"${term}"`).join(', ')} with the task`);
    }
    return resultOf(view, Math.round(score * 1000) / 1000, reasons);
  });
}

function scopeMatch(scope: string[], paths: string[]): { glob: string; path: string } | undefined {
  for (const glob of scope) {
    const matches = globMatcher([glob]);
    const path = paths.find((candidate) => matches(candidate));
    if (path) return { glob, path };
  }
  return undefined;
}

function resultOf(view: LessonView, score: number, reasons: string[]): RelevantLesson {
  return {
    id: view.id,
    text: view.text,
    line: view.line,
    kind: view.kind,
    scope: view.scope,
    score,
    reasons,
  };
}

const STOPWORDS = new Set(
  'the and for with that this from into when then than have has had are was were will would should could not but you your they them their its our use used using run runs make makes before after about over under only also just each every any all some more most other such what which who how why where here there been being does did doing can may must one two new old get set add file files code'.split(
    ' ',
  ),
);

/** Lower-case word stems of a text: camelCase and paths split, stopwords and short words dropped. */
export function termsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && !STOPWORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  for (const suffix of ['ing', 'ies', 'es', 'ed', 's']) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

export interface ServeLessonsRequest extends RelevanceQuery {
  via: string;
  target: string;
  session?: string;
  /** Record only when the served set changed since the last time for this via and target. */
  onlyIfChanged?: boolean;
}

/** Finds the lessons for a task (or all of them) and records that they were served. */
export async function serveLessons(
  root: string,
  request: ServeLessonsRequest,
  options: MemoryOptions = {},
): Promise<RelevantLesson[]> {
  const lessons = await findRelevantLessons(root, request);
  // Nothing to serve writes nothing: a repository without lessons never gets a memory folder.
  if (lessons.length === 0) return lessons;
  await recordServed(
    root,
    {
      via: request.via,
      target: request.target,
      session: request.session,
      lessons: lessons.map((lesson) => lesson.id),
      onlyIfChanged: request.onlyIfChanged ?? false,
    },
    options,
  );
  return lessons;
}
