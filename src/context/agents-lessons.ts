/**
 * Lessons served in AGENTS.md: the most relevant `[lesson L-NNNN] text` lines from the lesson
 * store (`memory/`) go into the managed block; once the block is written, the lessons it lists
 * are recorded in `served.jsonl` (only when that set changed). Recording is best effort: a
 * read-only or locked memory folder never fails a build.
 */
import { LESSON_LINE } from '../memory/index-file.js';
import { recordServed } from '../memory/served.js';
import { findServed } from '../memory/serving.js';
import { splitManagedBlock } from '../shared/managed-block.js';

export { LESSON_LINE };

export async function readLessonLines(root: string, limit = 12): Promise<string[]> {
  if (limit === 0) return [];
  return (await findServed(root, { limit })).map((lesson) => lesson.line);
}

/** Records the lessons listed in the managed block of the agents file just written. */
export async function recordServedLessons(root: string, agentsFile: string, content: string): Promise<void> {
  const block = splitManagedBlock(content).block ?? '';
  const ids = block.split('\n').flatMap((line) => LESSON_LINE.exec(line)?.[1] ?? []);
  if (ids.length === 0) return;
  try {
    await recordServed(root, { via: 'build', target: agentsFile, lessons: ids, onlyIfChanged: true });
  } catch {
    // The block is written either way; a missing served record must not fail the build.
  }
}
