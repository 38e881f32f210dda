/** Files without a parser: lexical facts only (a summary from the first heading, paragraph or description). */
import { leadingSentence, oneLine } from '../lines.js';
import { proseBlocks } from '../prose.js';
import { emptyFacts, type LanguageAdapter } from './adapter.js';

export const textAdapter: LanguageAdapter = {
  id: 'text',
  languages: [],
  version: 9,
  extract({ path, text }) {
    const facts = emptyFacts(text, 'lexical');
    const summary = path.endsWith('.json')
      ? jsonSummary(text)
      : /\.html?$/i.test(path)
        ? (htmlSummary(text) ?? firstProseLine(text))
        : firstProseLine(text);
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

/** The first heading or prose paragraph (its first sentence); front matter, comments, badges and HTML left out. */
function firstProseLine(text: string): { text: string; line: number } | undefined {
  const block = proseBlocks(text, 80)[0];
  if (!block) return undefined;
  const sentence = block.kind === 'heading' ? block.text : (leadingSentence(block.text) ?? block.text);
  return { text: oneLine(sentence, 160), line: block.line };
}
