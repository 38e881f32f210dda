/**
 * Lessons in task packs. A lesson from `.agent-context/memory/` that matches the task is served
 * with the pack (`[lesson L-0007] text`), and it is a retrieval signal: the files in its scope
 * and the files it names rank higher. The store belongs to `memory/`, the ranking to
 * `retrieve/`; this stage sits above both and joins them.
 */
import type { RetrievalSignal, SignalScores } from '../retrieve/types.js';
import { globMatcher } from '../shared/glob.js';
import { baseName } from '../shared/path.js';

/** A lesson that matched a task, as `memory/` ranks it. */
export interface TaskLesson {
  id: string;
  text: string;
  /** `[lesson L-0007] text`, the served form. */
  line: string;
  scope: readonly string[];
  /** Relevance to the task (> 0). */
  score: number;
  /** Why it matched the task. */
  reasons: readonly string[];
}

/** Most lessons a pack serves: a lesson is one line, but a pack that is mostly lessons is not a pack. */
export const PACK_LESSONS = 8;

/** Shortest file name a lesson must spell out to name a file (`db.ts` yes, `a.c` no). */
const MIN_NAMED = 5;

/**
 * Files in the scope of a matching lesson, or named in its text (a path, or a file name that
 * occurs once in the repository), scored by the lesson's relevance relative to the best
 * lesson's. Silent without lessons.
 */
export function lessonsSignal(lessons: readonly TaskLesson[]): RetrievalSignal {
  return {
    id: 'lessons',
    phase: 'direct',
    description: 'files in the scope of, or named by, a lesson from memory that matches the task',
    score(state) {
      const scores: SignalScores = new Map();
      const best = Math.max(0, ...lessons.map((lesson) => lesson.score));
      if (best === 0) return scores;
      const paths = state.corpus.documents.map((document) => document.path);
      const present = new Set(paths);
      const byName = new Map<string, string[]>();
      for (const path of paths) {
        const name = baseName(path);
        byName.set(name, [...(byName.get(name) ?? []), path]);
      }
      const add = (path: string, score: number, reason: string) => {
        const existing = scores.get(path);
        if (!existing) scores.set(path, { score, reasons: [reason] });
        else {
          existing.score = Math.max(existing.score, score);
          if (existing.reasons.length < 3) existing.reasons.push(reason);
        }
      };
      for (const lesson of lessons) {
        const weight = Math.round((lesson.score / best) * 1000) / 1000;
        if (lesson.scope.length > 0) {
          const inScope = globMatcher(lesson.scope);
          for (const path of paths)
            if (inScope(path))
              add(path, weight, `in the scope (${lesson.scope.join(', ')}) of lesson ${lesson.id}`);
        }
        for (const path of namedFiles(lesson.text, present, byName))
          add(path, weight, `named by lesson ${lesson.id}`);
      }
      return scores;
    },
  };
}

/** Repository paths a lesson's text spells out: whole paths, or file names unique in the tree. */
function namedFiles(
  text: string,
  present: ReadonlySet<string>,
  byName: ReadonlyMap<string, string[]>,
): string[] {
  const named = new Set<string>();
  for (const match of text.matchAll(/[\w@.-]+(?:\/[\w@.-]+)*\.[A-Za-z0-9]+/g)) {
    const mention = match[0].replace(/^\.\//, '').replace(/[.]+$/, '');
    if (mention.includes('/')) {
      if (present.has(mention)) named.add(mention);
      continue;
    }
    const owners = byName.get(mention);
    if (mention.length >= MIN_NAMED && owners?.length === 1) named.add(owners[0]!);
  }
  return [...named].sort();
}
