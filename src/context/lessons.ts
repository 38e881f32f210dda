/**
 * Lessons served in AGENTS.md: the `[lesson L-NNNN] text` lines of `.agent-context/memory/MEMORY.md`
 * when a lesson store exists. The store itself (and relevance ranking) belongs to `memory/`.
 */
import { readTextIfExists } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';

export const LESSON_LINE = /^\s*(?:[-*]\s+)?(\[lesson L-\d{4,}\] .+?)\s*$/;
const MAX_SERVED = 12;

export async function readLessonLines(root: string): Promise<string[]> {
  const text = await readTextIfExists(absolutePath(root, `${layout.memory}/MEMORY.md`));
  if (!text) return [];
  const lessons: string[] = [];
  for (const line of text.split('\n')) {
    const match = LESSON_LINE.exec(line);
    if (match) lessons.push(match[1]!);
  }
  return lessons.slice(0, MAX_SERVED);
}
