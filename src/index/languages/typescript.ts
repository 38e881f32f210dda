/**
 * TypeScript and JavaScript. Each file is read by the fast scanner (`typescript-scan.ts`) when it
 * can be certain of the result, else parsed with oxc (`typescript-oxc.ts`); both paths produce a
 * `ModuleOutline` turned into facts by the same code (`typescript-outline.ts`), so which one ran
 * never shows in the facts.
 */
import { emptyFacts, type LanguageAdapter } from './adapter.js';
import { extractWithOxc } from './typescript-oxc.js';

export const typescriptAdapter: LanguageAdapter = {
  id: 'typescript',
  languages: ['typescript', 'javascript'],
  version: 1,
  extract({ path, text }) {
    try {
      return extractWithOxc(path, text);
    } catch (error) {
      const facts = emptyFacts(text, 'failed');
      facts.diagnostics.push({ line: 1, message: `parser crashed: ${(error as Error).message}` });
      return facts;
    }
  },
};
