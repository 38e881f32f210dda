/**
 * MEMORY.md, the index people read and agents are served: one line per lesson,
 * `- [lesson L-0007] One sentence.`, under `## Lessons`, and applied skills under `## Skills`.
 * The file is edited line by line, never regenerated, so whatever a person wrote around the
 * lines (notes, reordering, extra sections) stays as it is.
 */

export const LESSON_LINE = /^\s*(?:[-*]\s+)?\[lesson (L-\d{4,})\]\s+(.+?)\s*$/;
export const SKILL_LINE = /^\s*(?:[-*]\s+)?\[skill (P-\d{4,})\]\s+(.+?)\s*$/;

export interface IndexEntry {
  id: string;
  text: string;
  /** 1-based line in MEMORY.md. */
  line: number;
}

export function newIndexText(): string {
  return [
    '# Memory',
    '',
    'Lessons coding agents learned in this repository, one per line as `[lesson L-NNNN] text`;',
    'the details of each are in `lessons/L-NNNN.md`. Written by `opencode-plusplus memory` and by',
    'reflection; people may edit it too: keep one lesson per line with its `[lesson L-NNNN]` prefix.',
    '',
    '## Lessons',
    '',
  ].join('\n');
}

export function parseIndexEntries(text: string | undefined, pattern = LESSON_LINE): IndexEntry[] {
  if (!text) return [];
  const entries: IndexEntry[] = [];
  text.split('\n').forEach((line, index) => {
    const match = pattern.exec(line);
    if (match) entries.push({ id: match[1]!, text: match[2]!, line: index + 1 });
  });
  return entries;
}

/** The form lessons are served in, everywhere: `[lesson L-0007] text`. */
export function servedLine(id: string, text: string): string {
  return `[lesson ${id}] ${text}`;
}

/** Adds `line` after the last line matching `pattern`, else under `heading` (created at the end when missing). */
export function insertIndexLine(
  text: string | undefined,
  line: string,
  heading = '## Lessons',
  pattern = LESSON_LINE,
): string {
  const lines = (text ?? newIndexText()).replace(/\n+$/, '').split('\n');
  let at = findLastIndex(lines, (candidate) => pattern.test(candidate));
  if (at === -1) {
    at = lines.findIndex((candidate) => candidate.trim() === heading);
    if (at === -1) {
      lines.push('', heading);
      at = lines.length - 1;
    }
    if (lines[at + 1] !== '') lines.splice(at + 1, 0, '');
    at += 1;
  }
  lines.splice(at + 1, 0, line);
  return `${lines.join('\n')}\n`;
}

/** Removes the line of `id`; the text unchanged when it has none. */
export function removeIndexLine(text: string, id: string, pattern = LESSON_LINE): string {
  const lines = text.split('\n');
  const kept = lines.filter((line) => pattern.exec(line)?.[1] !== id);
  return kept.join('\n');
}

function findLastIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (predicate(items[index]!)) return index;
  return -1;
}

/** The one-sentence form of a lesson for the index: its first sentence, on one line, at most 240 characters. */
export function summarize(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?])(?=\s+[A-Z0-9"'`([]|$)/.exec(flat)?.[1] ?? flat;
  return sentence.length > 240 ? `${sentence.slice(0, 239).trimEnd()}…` : sentence;
}
