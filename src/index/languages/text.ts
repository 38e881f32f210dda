/** Files without a parser: lexical facts only (a summary from the first heading, paragraph or description). */

import { baseName, directoryOf } from '../../shared/path.js';
import { leadingSentence, oneLine } from '../lines.js';
import { type ProseBlock, proseBlocks, withoutInlineMarkup } from '../prose.js';
import { emptyFacts, type LanguageAdapter } from './adapter.js';
import { squashName } from './summary.js';
import { EXTRACTOR_VERSIONS } from './versions.js';

export const textAdapter: LanguageAdapter = {
  id: 'text',
  languages: [],
  version: EXTRACTOR_VERSIONS.text,
  extract({ path, text }) {
    const facts = emptyFacts(text, 'lexical');
    const summary = path.endsWith('.json')
      ? jsonSummary(text)
      : /\.html?$/i.test(path)
        ? (htmlSummary(text) ?? firstProseLine(text))
        : firstProseLine(text, path);
    if (summary) facts.summary = { line: summary.line, source: 'module-doc', text: summary.text };
    return facts;
  },
};

/** A JSON file's `description`, else its top-level keys. */
function jsonSummary(text: string): { text: string; line: number } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.description === 'string' && record.description.trim()) {
    return { text: oneLine(record.description, 160), line: 1 };
  }
  const keys = Object.keys(record).slice(0, 6);
  return keys.length > 0 ? { text: oneLine(`JSON with keys ${keys.join(', ')}`, 160), line: 1 } : undefined;
}

/** A page's meta description, else its title, else its first heading. */
function htmlSummary(text: string): { text: string; line: number } | undefined {
  const head = text.slice(0, 20_000);
  const patterns = [
    /<meta\s[^>]*name\s*=\s*["']description["'][^>]*content\s*=\s*"([^"]+)"/i,
    /<meta\s[^>]*content\s*=\s*"([^"]+)"[^>]*name\s*=\s*["']description["']/i,
    /<title[^>]*>([^<]+)<\/title>/i,
    /<h1[^>]*>([^<]+)<\/h1>/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(head);
    const value = match?.[1]?.replace(/\s+/g, ' ').trim();
    if (match && value && value.length >= 3) {
      const line = head.slice(0, match.index).split('\n').length;
      return { text: oneLine(value, 160), line };
    }
  }
  return undefined;
}

/**
 * The first heading or prose paragraph (its first sentence); front matter, comments, badges and
 * HTML left out. A heading that only repeats the name of the file's folder (gson's
 * `extras/README.md` opens with `# extras`) says nothing the path does not: the tagline quoted
 * right under it (clap's `> **Shell completion generation for clap**`), else the paragraph right
 * under it, speaks instead.
 */
function firstProseLine(text: string, path = ''): { text: string; line: number } | undefined {
  const blocks = proseBlocks(text, 80);
  const block = blocks[0];
  if (!block) return undefined;
  const described =
    block.kind === 'heading' && namesFolder(block.text, path)
      ? underTitle(text, block.line, blocks[1])
      : undefined;
  if (described) return described;
  const sentence = block.kind === 'heading' ? block.text : (leadingSentence(block.text) ?? block.text);
  return { text: oneLine(sentence, 160), line: block.line };
}

/** A license line is not what a folder holds. */
const LICENSE_LINE = /^(dual[- ])?licen[cs]ed under\b/i;

function underTitle(
  text: string,
  titleLine: number,
  next: ProseBlock | undefined,
): { text: string; line: number } | undefined {
  const lines = text.split('\n', titleLine + 40);
  let at = titleLine;
  while (at < lines.length && !lines[at]!.trim()) at++;
  const quote: string[] = [];
  for (let index = at; index < lines.length && /^\s*>/.test(lines[index]!); index++)
    quote.push(lines[index]!.replace(/^\s*>\s?/, ''));
  // A callout (`> [!NOTE]`) is a warning, not a tagline.
  if (quote.length > 0 && !quote[0]!.startsWith('[!')) {
    // Bold around a code span (`**… for `clap`**`) is more than the inline pass unpicks.
    const tagline = withoutInlineMarkup(quote.join(' ').replace(/\*\*/g, ''));
    if (tagline.length >= 8) return { text: oneLine(leadingSentence(tagline) ?? tagline, 160), line: at + 1 };
  }
  // Only a paragraph right under the title: after a subheading, or as a colon-ended lead-in to a
  // code block ("With NPM:"), it does not describe the folder.
  if (!next || next.kind === 'heading') return undefined;
  const sentence = leadingSentence(next.text) ?? next.text;
  if (sentence.trimEnd().endsWith(':') || LICENSE_LINE.test(sentence)) return undefined;
  return { text: oneLine(sentence, 160), line: next.line };
}

function namesFolder(heading: string, path: string): boolean {
  const folder = directoryOf(path);
  if (!folder) return false;
  const name = squashName(baseName(folder));
  // A package's README titled with its scoped name: `@vitejs/plugin-legacy` in `plugin-legacy/`.
  const title = heading.trim();
  const unscoped = title.startsWith('@') && title.includes('/') ? title.slice(title.indexOf('/') + 1) : title;
  return name.length > 0 && (squashName(title) === name || squashName(unscoped) === name);
}
