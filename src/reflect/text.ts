/** Small text rules every decision obeys, whoever proposed it: word and sentence limits, artifact lists. */
import { sha256 } from '../shared/hash.js';

export const MAX_DIAGNOSIS_WORDS = 30;

/** At most `limit` words; a cut text ends with `…`. */
export function limitWords(text: string, limit = MAX_DIAGNOSIS_WORDS): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  return words.length <= limit ? words.join(' ') : `${words.slice(0, limit).join(' ')}…`;
}

/** Sentences end at `.`, `!` or `?` followed by a space: `data.csv` is not two sentences. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
}

/** At most three sentences, and at least one artifact named (appended when the text names none). */
export function normalizeFinalAnswer(text: string, artifacts: string[]): string {
  const kept = sentencesOf(text).slice(0, 3);
  const names = artifacts.length > 0 ? artifacts : [];
  const mentions = names.some((name) => kept.join(' ').includes(name));
  if (!mentions && names.length > 0) {
    const listed = `Artifacts: ${listNames(names)}.`;
    if (kept.length === 3) kept[2] = listed;
    else kept.push(listed);
  }
  return kept.join(' ');
}

/** `a`, `a and b`, `a, b and c`; long lists end with `and N more`. */
export function listNames(names: string[], max = 5): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, max);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/**
 * Stable hash of a critique: case, punctuation, numbers and spacing do not matter, so "active for
 * 3 steps" and "active for 4 steps" are the same defect reported twice.
 */
export function critiqueHash(critique: string | undefined): string | null {
  if (!critique) return null;
  const normalized = critique
    .toLowerCase()
    .replace(/[0-9]+/g, '#')
    .replace(/[^a-z#]+/g, ' ')
    .trim();
  return normalized ? sha256(normalized).slice(0, 16) : null;
}
