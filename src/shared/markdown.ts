/**
 * Text from the repository (file names, commands, descriptions) written into Markdown that agents
 * read. A name is data, never markup: a newline in it must not start a heading, a backtick must
 * not end its code span, a marker must not end the managed block.
 */
import { defuseMarkers, MANAGED_BEGIN, MANAGED_END } from './managed-block.js';

/** Line breaks, other control characters, and the invisible characters that reorder text. */
const UNSAFE = /[\u0000-\u001f\u007f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Control characters as visible escapes (`\n`, `\u001b`): the text stays on one line. */
export function visibleControls(text: string): string {
  return text.replace(
    UNSAFE,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `text` as an inline code span: control characters made visible, the fence one backtick longer
 * than any run of backticks inside (CommonMark), markers defused.
 */
export function markdownCode(text: string): string {
  const safe = defuseMarkers(visibleControls(text));
  const longestRun = Math.max(0, ...(safe.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const padding = safe.startsWith('`') || safe.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${safe}${padding}${fence}`;
}

/** `text` as one line of Markdown prose or a table cell: control characters visible, pipes escaped. */
export function markdownText(text: string): string {
  return defuseMarkers(visibleControls(text)).replace(/\|/g, '\\|');
}

/** Markdown (a code span, say) placed in a table cell: a pipe inside would end the cell. */
export function inTableCell(markdown: string): string {
  return markdown.replace(/(?<!\\)\|/g, '\\|');
}

/** A Markdown document from its lines, each kept on one line (line breaks inside shown as `\n`). */
export function markdownLines(lines: readonly string[]): string {
  return lines.map(visibleControls).join('\n');
}

/**
 * The managed block from its lines between the markers. Each line stays one line (a line break
 * inside one, say from a file name, is shown as `\n`), and a line that spells a marker (a
 * description, a lesson, a command someone wrote) is defused: the block has one begin and one end.
 */
export function managedBlock(lines: readonly string[]): string {
  return [MANAGED_BEGIN, ...lines.map((line) => defuseMarkers(visibleControls(line))), MANAGED_END].join(
    '\n',
  );
}

/**
 * Markdown bullets, one an item: `empty` as the only bullet when there are none (no line when it
 * is empty too), and past `limit` items one bullet saying how many more there are.
 */
export function bulletList(
  items: readonly string[],
  empty: string,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  if (items.length === 0) return empty ? [`- ${empty}`] : [];
  const shown = items.slice(0, limit).map((item) => `- ${item}`);
  return items.length > limit ? [...shown, `- ... and ${items.length - limit} more`] : shown;
}
