/**
 * The part of AGENTS.md (or any agent instructions file) that this tool owns lies between two
 * markers. Text outside them belongs to people and is kept byte for byte.
 *
 * A marker counts only on a line of its own and, before the block, outside a fenced code block:
 * a hand-written example of the markers inside a fence is not the block, and a file name that
 * spells a marker (escaped into a code span, see `markdown.ts`) can never end it early.
 */
export const MANAGED_BEGIN = '<!-- opencode-plusplus:begin -->';
export const MANAGED_END = '<!-- opencode-plusplus:end -->';

export interface ManagedBlockSplit {
  before: string;
  /** The block, markers included, with line ends as `\n` (what the manifest hashes). */
  block: string | undefined;
  after: string;
}

interface Line {
  start: number;
  /** Offset just after the line's end (after its `\n`, or the text's end). */
  end: number;
  /** The line without its line end and trailing white space. */
  text: string;
}

function* linesOf(text: string): Generator<Line> {
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    yield { start, end, text: text.slice(start, newline === -1 ? end : newline).trimEnd() };
    start = end;
  }
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Offsets of the managed block (from its begin marker to just after its end marker), if any. */
function findBlock(text: string): { start: number; end: number } | undefined {
  let fence: string | undefined;
  let begin: number | undefined;
  for (const line of linesOf(text)) {
    if (begin !== undefined) {
      if (line.text === MANAGED_END) return { start: begin, end: line.start + MANAGED_END.length };
      continue;
    }
    const opening = FENCE.exec(line.text)?.[1];
    if (fence !== undefined) {
      if (
        opening &&
        opening[0] === fence[0] &&
        opening.length >= fence.length &&
        line.text.trim() === opening
      )
        fence = undefined;
    } else if (opening) fence = opening;
    else if (line.text === MANAGED_BEGIN) begin = line.start;
  }
  return undefined;
}

/** Splits a file around its managed block; `block` is undefined when there is none. */
export function splitManagedBlock(text: string): ManagedBlockSplit {
  const found = findBlock(text);
  if (!found) return { before: text, block: undefined, after: '' };
  return {
    before: text.slice(0, found.start),
    block: text.slice(found.start, found.end).replace(/\r\n/g, '\n'),
    after: text.slice(found.end),
  };
}

/** The file without its managed block: what a person wrote. Hashes of "the user's AGENTS.md" use it. */
export function withoutManagedBlock(text: string): string {
  const { before, block, after } = splitManagedBlock(text);
  return block === undefined ? text : `${before}${after}`;
}

/**
 * Puts `block` in place of the managed block, or appends it (after a blank line) when there is
 * none. A file written with CRLF line ends gets the block with CRLF too.
 */
export function replaceManagedBlock(text: string, block: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const written = eol === '\n' ? block : block.replace(/\r?\n/g, eol);
  const split = splitManagedBlock(text);
  if (split.block !== undefined) return `${split.before}${written}${split.after}`;
  if (text.length === 0) return `${written}${eol}`;
  const separator = text.endsWith(`${eol}${eol}`) ? '' : text.endsWith(eol) ? eol : `${eol}${eol}`;
  return `${text}${separator}${written}${eol}`;
}

/** A marker made harmless: it no longer reads as one, and a person can still see what it said. */
export function defuseMarkers(text: string): string {
  return text.includes('opencode-plusplus:')
    ? text.replace(/<!--(\s*opencode-plusplus:)/g, '<\\!--$1')
    : text;
}
