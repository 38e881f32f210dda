/**
 * Task ids: a readable slug of the task's first words plus a short hash of the whole text, so
 * the same task always gets the same id (and the same run folder) and two tasks that start
 * alike still differ: `fix-the-timeout-when-a-retry-3f9c2a1b`.
 */
import { shortHash } from '../shared/hash.js';

const MAX_SLUG_WORDS = 6;
const MAX_SLUG_CHARS = 40;

export function taskIdOf(task: string): string {
  const normalized = normalizeTask(task);
  return `${slugOf(normalized) || 'task'}-${shortHash(normalized, 8)}`;
}

/** Whitespace collapsed and trimmed: reflowing a task does not change its id. */
export function normalizeTask(task: string): string {
  return task.replace(/\s+/g, ' ').trim();
}

function slugOf(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const words = ascii.match(/[a-z0-9]+/g) ?? [];
  let slug = '';
  for (const word of words.slice(0, MAX_SLUG_WORDS)) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_CHARS) break;
    slug = next;
  }
  return slug;
}
