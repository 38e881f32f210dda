/**
 * The part of AGENTS.md (or any agent instructions file) that this tool owns lies between two
 * markers. Text outside them belongs to people and is kept byte for byte.
 */
export const MANAGED_BEGIN = '<!-- opencode-plusplus:begin -->';
export const MANAGED_END = '<!-- opencode-plusplus:end -->';

export interface ManagedBlockSplit {
  before: string;
  block: string | undefined;
  after: string;
}

/** Splits a file around its managed block; `block` is undefined when there are no markers. */
export function splitManagedBlock(text: string): ManagedBlockSplit {
  const begin = text.indexOf(MANAGED_BEGIN);
  const end = begin === -1 ? -1 : text.indexOf(MANAGED_END, begin);
  if (begin === -1 || end === -1) return { before: text, block: undefined, after: '' };
  return {
    before: text.slice(0, begin),
    block: text.slice(begin, end + MANAGED_END.length),
    after: text.slice(end + MANAGED_END.length),
  };
}

/** The file without its managed block: what a person wrote. Hashes of "the user's AGENTS.md" use it. */
export function withoutManagedBlock(text: string): string {
  const { before, block, after } = splitManagedBlock(text);
  return block === undefined ? text : `${before}${after}`;
}

/** Puts `block` in place of the managed block, or appends it (after a blank line) when there is none. */
export function replaceManagedBlock(text: string, block: string): string {
  const split = splitManagedBlock(text);
  if (split.block !== undefined) return `${split.before}${block}${split.after}`;
  if (text.length === 0) return `${block}\n`;
  const separator = text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return `${text}${separator}${block}\n`;
}
