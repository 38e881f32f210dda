/** Files without a parser: lexical facts only (a summary from the first heading or paragraph). */
import { oneLine } from '../lines.js';
import { emptyFacts, type LanguageAdapter } from './adapter.js';

export const textAdapter: LanguageAdapter = {
  id: 'text',
  languages: [],
  version: 1,
  extract({ text }) {
    const facts = emptyFacts(text, 'lexical');
    const summary = firstProseLine(text);
    if (summary) facts.summary = { text: summary.text, source: 'module-doc', line: summary.line };
    return facts;
  },
};

function firstProseLine(text: string): { text: string; line: number } | undefined {
  const lines = text.split('\n', 80);
  let inFence = false;
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!.trim();
    if (raw.startsWith('```')) inFence = !inFence;
    if (inFence || !raw || raw.startsWith('<!--') || raw.startsWith('[!') || raw.startsWith('![')) continue;
    if (/^[-=*_]{3,}$/.test(raw) || raw.startsWith('<')) continue;
    const cleaned = raw.replace(/^#+\s*/, '').replace(/^[>*-]\s+/, '');
    if (cleaned.length >= 3) return { text: oneLine(cleaned, 160), line: index + 1 };
  }
  return undefined;
}
