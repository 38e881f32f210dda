/** Offset -> line lookups shared by the adapters. */
export class LineMap {
  private readonly starts: number[] = [0];
  /** Lines as `FileFacts.lines` counts them (`countLines`), from the one pass that found the starts. */
  readonly lineCount: number;

  constructor(text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.starts.push(index + 1);
    }
    // A final newline starts no line of its own; an empty text has none.
    this.lineCount = text.length === 0 ? 0 : this.starts.length - (text.endsWith('\n') ? 1 : 0);
  }

  /** 1-based line of a 0-based character offset. */
  lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

/** Whitespace other than a single space: where `\s+` -> ' ' would change the text. */
const NEEDS_COLLAPSING = /[^\S ]| {2}/;

/** Collapses whitespace and cuts a signature to `max` characters. */
export function oneLine(text: string, max = 160): string {
  // Most signatures have single spaces only: test for a run to collapse instead of rebuilding the string.
  const collapsed = (NEEDS_COLLAPSING.test(text) ? text.replace(/\s+/g, ' ') : text).trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}

/** The text up to its first full stop, question or exclamation mark; undefined when it has none. */
export function leadingSentence(text: string): string | undefined {
  return /^(.+?[.!?])(\s|$)/.exec(text)?.[1];
}

/** Tags whose text describes the thing itself (`@deprecated Use x.` says what it is now). */
const DESCRIBING_TAGS =
  /^\s*@(deprecated|internal|remarks|description|summary|brief|file|fileoverview|packageDocumentation)\b\s*/;

/** The first sentence of a comment body, without comment markers and tags. */
export function firstSentence(comment: string, max = 200): string | undefined {
  // Only the first sentence is wanted: stop reading lines once one has ended (long comments are common).
  let text = '';
  let start = 0;
  // Inside a tag such as `@param x ...`, whose text (continued on the next lines) is not the description.
  let inTag = false;
  while (start <= comment.length) {
    const end = comment.indexOf('\n', start);
    const raw = comment.slice(start, end === -1 ? comment.length : end);
    start = end === -1 ? comment.length + 1 : end + 1;
    let line = raw.replace(/^\s*(\/\*\*?|\*\/|\*|\/\/\/?|#+|"""|''')?\s?/, '').replace(/\*\/\s*$/, '');
    if (/^\s*@/.test(line)) {
      if (!DESCRIBING_TAGS.test(line)) {
        if (text.trim()) break;
        inTag = true;
        continue;
      }
      line = line.replace(DESCRIBING_TAGS, '');
      inTag = false;
    } else if (inTag) {
      if (line.trim() === '') inTag = false;
      continue;
    } else if (line.trim() === '' && text.trim()) {
      break; // the first paragraph ended without a full stop: it is the summary
    } else if (/^\s*([=~^"'`#*+-])\1{2,}\s*$/.test(line)) {
      // A reStructuredText underline (or overline): what came before is a title. A dotted module
      // name (`requests.models` over `~~~~`) says nothing; a real title is the summary.
      if (!text.trim()) continue;
      if (/^\w+(\.\w+)+$/.test(text.trim())) {
        text = '';
        continue;
      }
      break;
    }
    text = text ? `${text} ${line}` : line;
    if (/[.!?](\s|$)/.test(line) || text.length > max * 2) break;
  }
  text = oneLine(withoutInlineTags(text), Number.POSITIVE_INFINITY);
  if (!text) return undefined;
  // An introduction to a list ("Our exception hierarchy:") reads as a title without its colon.
  const sentence = leadingSentence(text) ?? text.replace(/:$/, '');
  return oneLine(sentence, max);
}

/**
 * Inline markup a doc renders through, read as its text: Javadoc's `{@link x label}` -> `label`
 * (or `x`), `{@code x}` and `<code>x</code>` -> `` `x` ``, other inline HTML tags (`<a href=…>`,
 * `<em>`, `<p>`) dropped and the common entities decoded. Only known tag names count, so a
 * generic such as `List<T>` stays; most comments have none of this.
 */
function withoutInlineTags(text: string): string {
  return withoutHtml(withoutJavadocTags(withoutMarkdown(text)));
}

/**
 * Markdown a Rust, Go or JSDoc comment renders through: a leading quote marker, `**bold**`, doc
 * links (`` [`Command`] `` and `` [`Command`][crate::Command] `` keep the code span,
 * `[arguments][`Arg`]` and `[text](url)` their text). `__x__` is left alone: in Python it is a name.
 */
function withoutMarkdown(text: string): string {
  if (!text.includes('[') && !text.includes('**') && !/^\s*>/.test(text)) return text;
  return text
    .replace(/^\s*>\s?(?!\[!)/, '')
    .replace(/(^|[\s(])\*\*(\S(?:[^*]*\S)?)\*\*(?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/\[([^\][]+)\](?:\[[^\]\s]+\]|\([^)\s]+\))/g, '$1')
    .replace(/\[(`[^`\]]+`)\](?:\[[^\]\s]+\])?/g, '$1');
}

const HTML_TAG =
  /<\/?(?:a|abbr|b|big|blockquote|br|cite|code|dd|dfn|div|dl|dt|em|h[1-6]|i|kbd|li|ol|p|pre|q|s|samp|small|span|strong|sub|sup|table|td|th|tr|tt|u|ul|var)\b[^<>]*>/gi;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };

function withoutHtml(text: string): string {
  if (!text.includes('<') && !text.includes('&')) return text;
  return text
    .replace(/<code>([^<]*)<\/code>/gi, '`$1`')
    .replace(HTML_TAG, '')
    .replace(/&(lt|gt|amp|quot|apos|nbsp);/g, (_all, name: string) => ENTITIES[name]!);
}

function withoutJavadocTags(text: string): string {
  if (!text.includes('{@')) return text;
  return text
    .replace(
      /\{@(?:link|linkplain)\s+#?([^\s}]+)(?:\s+([^}]+))?\}/g,
      (_all, target: string, label?: string) => (label ? label : target.replace(/#/g, '.')),
    )
    .replace(/\{@(?:code|literal)\s+([^}]+)\}/g, '`$1`');
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let count = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count++;
  return text.endsWith('\n') ? count - 1 : count;
}
