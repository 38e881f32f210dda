/**
 * The prose of a Markdown or reStructuredText document, block by block: headings and paragraphs
 * with what is not prose left out (front matter, HTML comments and blocks, badges, code fences,
 * reStructuredText directives and comments, MyST attribute lines, tables, lists, quotes and
 * callouts). Summaries of doc files and a project's description from its README read it.
 */
export interface ProseBlock {
  kind: 'heading' | 'paragraph';
  /** Inline markup removed (links become their text, tags and images go). */
  text: string;
  /** 1-based line where the block starts. */
  line: number;
  /** Heading level (1 for `#`); 0 for a paragraph. */
  level: number;
}

/** `[![alt](img)](link)`, `![alt](img)`, `<img ...>`, `<a ...>`, `[text](url)` -> text, emphasis markers. */
export function withoutInlineMarkup(text: string): string {
  return text
    .replace(/\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)/g, '')
    .replace(/\[!\[[^\]]*\]\[[^\]]*\]\]\[[^\]]*\]/g, '')
    .replace(/!\[[^\]]*\](\([^)]*\)|\[[^\]]*\])/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .split(/(`[^`\n]*`)/)
    .map((part, index) => (index % 2 === 1 ? part.slice(1, -1) : withoutEmphasis(part)))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Emphasis markers open or close a word; an underscore inside one is part of it (`clap_builder`
 * is a name, not "clap" and "builder" in italics), and a code span keeps what it holds.
 */
function withoutEmphasis(text: string): string {
  return text
    .replace(/(^|[^\w*])(\*\*|__|\*|_)(?=\S)/g, '$1')
    .replace(/(\S)(\*\*|__|\*|_)(?=[^\w*]|$)/g, '$1')
    .replace(/`/g, '');
}

const NOT_PROSE_START = /^([-*+>|]\s?|\d+[.)]\s|\[!|\{[^}]*\}$|:[\w-]+:|[-=*_~^]{3,}$)/;

export function proseBlocks(text: string, maxLines = 120): ProseBlock[] {
  const lines = text.split('\n', maxLines);
  const blocks: ProseBlock[] = [];
  let index = frontMatterEnd(lines);
  while (index < lines.length) {
    const line = lines[index]!;
    const raw = line.trim();
    const skipped = skipNonProse(lines, index);
    if (skipped > index) {
      index = skipped;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(raw);
    if (heading) {
      const cleaned = withoutInlineMarkup(heading[2]!.replace(/\s#+$/, ''));
      if (cleaned.length >= 2)
        blocks.push({ kind: 'heading', text: cleaned, line: index + 1, level: heading[1]!.length });
      index++;
      continue;
    }
    let end = index;
    const parts: string[] = [];
    while (end < lines.length && isParagraphLine(lines[end]!.trim(), end === index))
      parts.push(lines[end++]!.trim());
    const paragraph = withoutInlineMarkup(parts.join(' '));
    if (paragraph.length >= 3) blocks.push({ kind: 'paragraph', text: paragraph, line: index + 1, level: 0 });
    index = Math.max(end, index + 1);
  }
  return blocks;
}

function isParagraphLine(raw: string, first: boolean): boolean {
  if (!raw || raw.startsWith('#') || raw.startsWith('```') || raw.startsWith('<') || raw.startsWith('..'))
    return false;
  return first ? !NOT_PROSE_START.test(raw) : !/^([-*+>|]\s|\d+[.)]\s|[-=*_~^]{3,}$)/.test(raw);
}

/** YAML (`---`) or TOML (`+++`) front matter at the very top. */
function frontMatterEnd(lines: string[]): number {
  const fence = lines[0]?.trim();
  if (fence !== '---' && fence !== '+++') return 0;
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === fence);
  return end === -1 ? 0 : end + 1;
}

/** The index after a non-prose construct starting at `index`, or `index` when it starts prose. */
function skipNonProse(lines: string[], index: number): number {
  const line = lines[index]!;
  const raw = line.trim();
  if (!raw) return index + 1;
  if (raw.startsWith('<!--')) return untilLine(lines, index, (text) => text.includes('-->')) + 1;
  if (raw.startsWith('```') || raw.startsWith('~~~')) {
    const fence = raw.slice(0, 3);
    return untilLine(lines, index + 1, (text) => text.trim().startsWith(fence)) + 1;
  }
  // An HTML block runs to the next blank line; so does a reStructuredText directive or comment
  // (`.. toctree::`, `.. black documentation master file`), whose indented body may follow a blank line.
  if (raw.startsWith('<')) return untilLine(lines, index, (text) => !text.trim()) + 1;
  if (raw.startsWith('..')) {
    let next = index + 1;
    while (next < lines.length && (!lines[next]!.trim() || /^\s/.test(lines[next]!))) next++;
    return next;
  }
  // MyST attribute lines (`{.hide-header}`), field options and underlines stand alone.
  if (/^(\{[^}]*\}|:[\w-]+:.*|[-=*_~^]{3,})$/.test(raw)) return index + 1;
  if (NOT_PROSE_START.test(raw)) return untilLine(lines, index, (text) => !text.trim()) + 1;
  // A line of badges or images only, or a reStructuredText underline.
  if (withoutInlineMarkup(raw).length === 0) return index + 1;
  return index;
}

function untilLine(lines: string[], from: number, stop: (line: string) => boolean): number {
  let index = from;
  while (index < lines.length && !stop(lines[index]!)) index++;
  return Math.min(index, lines.length - 1);
}
