/**
 * TypeScript and JavaScript. Each file is read by the fast scanner (`typescript-fast-path/`) when it
 * can be certain of the result, else parsed with oxc (`typescript-oxc.ts`). Both paths produce a
 * `ModuleOutline` that the same code (`typescript-outline.ts`) turns into facts, and the scanner
 * answers only where its outline equals oxc's, so which path ran never shows in the facts.
 */
import { factsIfTooDeep } from '../nesting-guard.js';
import type { FileFacts } from '../types.js';
import { emptyFacts, type LanguageAdapter } from './adapter.js';
import { scanTypeScript } from './typescript-fast-path/top-level.js';
import { factsFromOutline } from './typescript-outline.js';
import { extractWithOxc } from './typescript-oxc.js';
import { EXTRACTOR_VERSIONS } from './versions.js';

export const typescriptAdapter: LanguageAdapter = {
  id: 'typescript',
  languages: ['typescript', 'javascript'],
  version: EXTRACTOR_VERSIONS.typescript,
  extract({ path, text }) {
    try {
      return extractWithScanner(path, text) ?? factsIfTooDeep(text) ?? extractWithOxc(path, text);
    } catch (error) {
      const facts = emptyFacts(text, 'failed');
      facts.diagnostics.push({ line: 1, message: `parser crashed: ${(error as Error).message}` });
      return facts;
    }
  },
};

/** Facts from the fast scanner alone; undefined when it declines the file. */
export function extractWithScanner(path: string, text: string): FileFacts | undefined {
  const outline = scanTypeScript(path, text);
  return outline && factsFromOutline(path, text, outline);
}

export { extractWithOxc };
