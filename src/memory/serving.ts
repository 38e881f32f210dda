/**
 * What memory serves to an agent: the live lessons and the applied skills (a proposal a person
 * approved, `memory approve P-…` → `skills/<slug>.md`, listed in MEMORY.md as `[skill P-NNNN]`).
 * One home for that list, so AGENTS.md and task packs serve the same things; a skill is served as
 * `[skill P-NNNN] title (.agent-context/memory/skills/<slug>.md)`, ranked against a task by its
 * title like a lesson by its text.
 */
import { parseIndexEntries, SKILL_LINE } from './index-file.js';
import { type LessonView, lessonViews, type MemorySnapshot, readMemory } from './lesson-store.js';
import { type RelevanceQuery, type RelevantLesson, rankLessons } from './relevance.js';
import { memoryPath } from './store.js';

/** Lessons and applied skills, in the shape lessons are ranked and served in. */
export function servedViews(snapshot: MemorySnapshot): LessonView[] {
  return [...lessonViews(snapshot), ...skillViews(snapshot)];
}

/** The lessons and skills that apply to a task (or all of them), best first. */
export async function findServed(root: string, query: RelevanceQuery = {}): Promise<RelevantLesson[]> {
  return rankLessons(servedViews(await readMemory(root)), query);
}

function skillViews(snapshot: MemorySnapshot): LessonView[] {
  return parseIndexEntries(snapshot.indexText, SKILL_LINE).map((entry) => {
    const { title, file } = splitSkillText(entry.text);
    const shown = file ? `${title} (${file})` : title;
    return {
      id: entry.id,
      text: shown,
      line: `[skill ${entry.id}] ${shown}`,
      kind: null,
      kindName: null,
      scope: [],
      status: 'active',
      created: null,
      lastServed: null,
      timesServed: 0,
      timesIgnored: 0,
      file,
      indexLine: entry.line,
      body: title,
    };
  });
}

/** `Title (\`skills/x.md\`)` → the title and the skill file, repository-relative. */
function splitSkillText(text: string): { title: string; file: string | null } {
  const match = /^(.*?)\s*\(`?([^`()]+\.md)`?\)\s*$/.exec(text);
  if (!match) return { title: text, file: null };
  const file = match[2]!.startsWith('.agent-context/') ? match[2]! : memoryPath(match[2]!);
  return { title: match[1]!, file };
}
