/**
 * `pack.md`: what an agent reads first for a task — the files in the order to read them, whole
 * or as skeletons, then the ones listed by name only, then the tests that cover them. Lessons
 * from earlier sessions that match the task come first: they are short and they say what went
 * wrong last time.
 */

import { countText } from '../shared/count-text.js';
import type { Representation } from './render.js';

export interface PackTest {
  path: string;
  covers: readonly string[];
  reasons: readonly string[];
}

export interface PackDocument {
  task: string;
  files: ReadonlyArray<{ representation: Representation; content: string }>;
  tests: readonly PackTest[];
  budget: number;
  usedTokens: number;
  notes: readonly string[];
  tokenizer: string;
  /** Served lessons, `[lesson L-0007] text` each. */
  lessons?: ReadonlyArray<{ line: string }>;
}

/** Most characters of the task quoted at the top; a pasted log says no more after its first pages. */
const MAX_TASK_QUOTE = 4000;

export function renderPackMarkdown(document: PackDocument): string {
  const blocks = document.files.filter((entry) => entry.representation !== 'line');
  const lines = document.files.filter((entry) => entry.representation === 'line');
  const parts: string[] = ['# Task pack', '', ...quoteTask(document.task), '', summaryLine(document), ''];
  for (const note of document.notes) parts.push(`> ${note}`, '');
  if (document.lessons && document.lessons.length > 0) {
    parts.push('## Lessons from earlier sessions', '');
    for (const lesson of document.lessons) parts.push(`- ${lesson.line}`);
    parts.push('');
  }
  if (blocks.length > 0) {
    parts.push('## Files to read, in order', '');
    for (const entry of blocks) parts.push(entry.content);
  }
  if (lines.length > 0) {
    parts.push('## Also relevant (by name only)', '');
    parts.push(lines.map((entry) => entry.content.trimEnd()).join('\n'), '');
  }
  if (document.tests.length > 0) {
    parts.push('## Tests that cover these files', '');
    for (const test of document.tests) {
      const covers =
        test.covers.length > 0 ? ` — covers ${test.covers.slice(0, 3).map(code).join(', ')}` : '';
      parts.push(`- ${code(test.path)}${covers}`);
    }
    parts.push('');
  }
  if (document.files.length === 0 && document.tests.length === 0) parts.push('Nothing matched the task.', '');
  return `${parts.join('\n').trimEnd()}\n`;
}

function quoteTask(task: string): string[] {
  const text =
    task.length > MAX_TASK_QUOTE ? `${task.slice(0, MAX_TASK_QUOTE)}… (${task.length} characters)` : task;
  return text.split('\n').map((line) => `> ${line}`.trimEnd());
}

function summaryLine(document: PackDocument): string {
  const count = (representation: string) =>
    document.files.filter((entry) => entry.representation === representation).length;
  return (
    `Budget ${countText(document.budget)} tokens (${document.tokenizer}); ` +
    `${countText(document.usedTokens)} used by ${document.files.length} file(s): ` +
    `${count('full')} in full, ${count('skeleton')} as skeletons, ${count('line')} by name.`
  );
}

function code(path: string): string {
  return `\`${path}\``;
}
