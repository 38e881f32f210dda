/**
 * What a reflection reads of a session: the window since the last reflection, tail-capped at
 * `maxReplayChars` (the first of the person's messages before the cut kept), and a digest of it for a model (about `digestTokens` tokens) in which every
 * line names its transcript line, so answers can point back. User messages are kept whole as
 * long as the budget allows; agent activity is shortened first, oldest first.
 */
import { cap, inputSummary, type TranscriptEntry } from './transcripts/types.js';

export interface WindowOptions {
  /** Only entries after this transcript line (the last reflected one). @default 0 */
  afterLine?: number;
  /** Characters of rendered entries kept, from the end. @default 60000 */
  maxReplayChars?: number;
}

export function reflectionWindow(entries: TranscriptEntry[], options: WindowOptions = {}): TranscriptEntry[] {
  const after = entries.filter((entry) => entry.line > (options.afterLine ?? 0));
  const limit = options.maxReplayChars ?? 60_000;
  let used = 0;
  let start = after.length;
  while (start > 0) {
    const size = renderEntry(after[start - 1]!).length + 1;
    if (used + size > limit) break;
    used += size;
    start -= 1;
  }
  return [...earlierWords(after.slice(0, start), limit / 10), ...after.slice(start)];
}

/** The person's messages before the cut, first ones first (the task), within a tenth of the budget. */
function earlierWords(entries: TranscriptEntry[], budget: number): TranscriptEntry[] {
  const kept: TranscriptEntry[] = [];
  let used = 0;
  for (const entry of entries) {
    if (entry.role !== 'user' || entry.meta) continue;
    used += renderEntry(entry).length + 1;
    if (used > budget) break;
    kept.push(entry);
  }
  return kept;
}

export function renderEntry(entry: TranscriptEntry, limit = Number.MAX_SAFE_INTEGER): string {
  const text = cap(entry.text.replace(/\s+/g, ' ').trim(), limit);
  switch (entry.role) {
    case 'user':
      return entry.interrupt
        ? `L${entry.line} [the user interrupted]`
        : `L${entry.line} ${entry.meta ? 'context' : 'user'}: ${text}`;
    case 'assistant':
      return `L${entry.line} agent: ${text}`;
    case 'tool-call':
      return `L${entry.line} tool ${entry.tool ?? '?'}: ${cap(inputSummary(entry.input) || text, limit)}`;
    case 'tool-result': {
      const status = entry.rejected ? ' (refused by the user)' : entry.failed ? ' (failed)' : '';
      return `L${entry.line} result${status}: ${text}`;
    }
  }
}

/** The window as text within `budgetChars`: agent activity shortened, then the oldest of it dropped. */
export function buildDigest(entries: TranscriptEntry[], budgetChars: number): string {
  for (const limit of [Number.MAX_SAFE_INTEGER, 400, 160, 80]) {
    const lines = entries.map((entry) => renderEntry(entry, entry.role === 'user' ? 2000 : limit));
    if (total(lines) <= budgetChars) return lines.join('\n');
  }
  const lines = entries.map((entry) => ({
    entry,
    text: renderEntry(entry, entry.role === 'user' ? 1000 : 80),
  }));
  let size = total(lines.map((line) => line.text));
  for (let index = 0; index < lines.length && size > budgetChars; index++) {
    if (lines[index]!.entry.role === 'user' && !lines[index]!.entry.meta) continue;
    size -= lines[index]!.text.length + 1;
    lines[index]!.text = '';
  }
  const kept = lines.filter((line) => line.text).map((line) => line.text);
  const text = kept.join('\n');
  return text.length <= budgetChars ? text : text.slice(text.length - budgetChars);
}

function total(lines: string[]): number {
  return lines.reduce((sum, line) => sum + line.length + 1, 0);
}
