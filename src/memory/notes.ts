/**
 * Daily notes, `YYYY-MM-DD.md`: a journal of what each reflection (and each person using
 * `memory`) saved or declined, and why — the part of memory meant to be read, not served.
 */
import { dateOf, type MemoryOptions, type MemoryTransaction, withMemory } from './store.js';

export function dailyNoteFile(date: Date): string {
  return `${dateOf(date)}.md`;
}

/** Appends one entry (a headline and detail lines) to today's note inside a transaction. */
export async function appendNote(
  transaction: MemoryTransaction,
  headline: string,
  details: string[] = [],
): Promise<void> {
  const file = dailyNoteFile(transaction.now);
  const current = (await transaction.read(file)) ?? `# Memory notes, ${dateOf(transaction.now)}\n`;
  const time = transaction.now.toISOString().slice(11, 19);
  const entry = [`- ${time} UTC ${headline}`, ...details.map((detail) => `  - ${detail}`)].join('\n');
  const base = current.endsWith('\n') ? current : `${current}\n`;
  const separator = /^- /m.test(base) ? '' : '\n';
  await transaction.write(file, `${base}${separator}${entry}\n`);
}

export interface ReflectionOutcomeNote {
  /** Who reflected: a run or session id. */
  source: string;
  saved: Array<{ id: string; text: string }>;
  declined: Array<{ text: string; reason: string }>;
  /** The reflection's own one-line verdict, e.g. "Nothing to save.". */
  message?: string;
}

/** What a reflection saved or declined, and why, as one entry of today's note. */
export async function recordReflectionOutcome(
  root: string,
  outcome: ReflectionOutcomeNote,
  options: MemoryOptions = {},
): Promise<void> {
  const details = [
    ...outcome.saved.map((lesson) => `saved [lesson ${lesson.id}] ${lesson.text}`),
    ...outcome.declined.map((entry) => `declined "${entry.text}": ${entry.reason}`),
  ];
  const headline = `reflection ${outcome.source}: ${outcome.message ?? `${outcome.saved.length} saved, ${outcome.declined.length} declined`}`;
  await withMemory(root, (transaction) => appendNote(transaction, headline, details), options);
}
