/**
 * The lessons a task is served: memory's store read once per session, ranked against each task
 * (and the paths it is about). A store that cannot be read serves nothing and says why.
 */
import { readMemory } from '../memory/lesson-store.js';
import { type RelevantLesson, rankLessons } from '../memory/relevance.js';
import { servedViews } from '../memory/serving.js';
import { PACK_LESSONS, type TaskLesson } from './lesson-signal.js';

export interface LessonLookup {
  /** Lessons that match the task (and, given them, the paths it is about), best first. */
  find(task: string, paths?: readonly string[]): Promise<TaskLesson[]>;
  /** Why the store could not be read (or a lesson in it), once `find` tried. */
  problem(): string | undefined;
}

export function lessonLookup(root: string): LessonLookup {
  let views: Promise<Parameters<typeof rankLessons>[0]> | undefined;
  let problem: string | undefined;
  const load = () =>
    readMemory(root).then(
      (snapshot) => {
        const [first, ...more] = snapshot.problems;
        if (first)
          problem = `lesson skipped: ${first.file}: ${first.message}${more.length > 0 ? ` (and ${more.length} more)` : ''}`;
        return servedViews(snapshot);
      },
      (error: unknown) => {
        problem = `lessons not served: ${(error as Error).message}`;
        return [];
      },
    );
  return {
    async find(task, paths = []) {
      views ??= load();
      return rankLessons(await views, { task, paths: [...paths], limit: PACK_LESSONS }).map(taskLesson);
    },
    problem: () => problem,
  };
}

function taskLesson({ id, text, line, scope, score, reasons }: RelevantLesson): TaskLesson {
  return { id, text, line, scope, score, reasons };
}
