/** Files without a parser: lexical facts only (a summary from the first heading, paragraph or description). */
import { leadingSentence, oneLine } from '../lines.js';
import { emptyFacts, type LanguageAdapter } from './adapter.js';

export const textAdapter: LanguageAdapter = {
  id: 'text',
  languages: [],
  version: 7,
  extract({ path, text }) {
    const facts = emptyFacts(text, 'lexical');
    const summary = path.endsWith('.json')
      ? jsonSummary(text)
      : /\.html?$/i.test(path)
        ? (htmlSummary(text) ?? firstProseLine(text))
        : firstProseLine(text);
    if (summary) facts.summary = { text: summary.text, source: 'module-doc', line: summary.line };
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

/** A paragraph wrapped over several lines, up to a blank line, heading, list, fence or tag. */
function paragraphFrom(lines: string[], index: number, first: string): string {
  let text = first;
  for (let next = index + 1; next < lines.length && text.length < 400; next++) {
    const line = lines[next]!.trim();
    if (!line || /^(#|```|[-*+>]\s|\d+[.)]\s|<|\||[-=*_]{3,}$)/.test(line)) break;
    text = `${text} ${line}`;
    if (/[.!?]$/.test(line)) break;
  }
  return text;
}

function firstProseLine(text: string): { text: string; line: number } | undefined {
  const lines = text.split('\n', 80);
  let inFence = false;
  let inDirective = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const raw = line.trim();
    if (raw.startsWith('```')) inFence = !inFence;
    // reStructuredText directives and comments (`.. toctree::`), their indented body and options.
    if (raw.startsWith('..')) {
      inDirective = true;
      continue;
    }
    // A directive's body is indented and may follow a blank line (a toctree's entries).
    if (inDirective && (!raw || /^\s/.test(line))) continue;
    inDirective = false;
    if (inFence || !raw || raw.startsWith('<!--') || raw.startsWith('[!') || raw.startsWith('![')) continue;
    // MyST attribute lines (`{.hide-header}`) and reStructuredText field options.
    if (/^\{[^}]*\}$/.test(raw) || /^:[\w-]+:/.test(raw)) continue;
    if (/^[-=*_]{3,}$/.test(raw) || raw.startsWith('<')) continue;
    // The inside of a tag written over several lines (`name="description"`, `/>`).
    if (/^[\w:-]+\s*=\s*["'{]/.test(raw) || /^\/?>$/.test(raw)) continue;
    const heading = /^#+\s/.test(raw);
    const cleaned = raw.replace(/^#+\s*/, '').replace(/^[>*-]\s+/, '');
    if (cleaned.length < 3) continue;
    if (heading) return { text: oneLine(cleaned, 160), line: index + 1 };
    const paragraph = paragraphFrom(lines, index, cleaned);
    return { text: oneLine(leadingSentence(paragraph) ?? paragraph, 160), line: index + 1 };
  }
  return undefined;
}
