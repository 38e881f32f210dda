/**
 * Language adapters, one per file in this folder. Adding a language: write `<language>.ts`
 * exporting a `LanguageAdapter` (its `version` from `versions.ts`), add it to `adapters` below, and add a test in
 * `test/index/languages/` after `typescript.test.ts`.
 */
import type { LanguageAdapter } from './adapter.js';
import { goAdapter } from './go.js';
import { javaAdapter } from './java.js';
import { pythonAdapter } from './python.js';
import { rustAdapter } from './rust.js';
import { textAdapter } from './text.js';
import { typescriptAdapter } from './typescript.js';

export const adapters: readonly LanguageAdapter[] = [
  typescriptAdapter,
  pythonAdapter,
  goAdapter,
  rustAdapter,
  javaAdapter,
];

const byLanguage = new Map<string, LanguageAdapter>();
for (const adapter of adapters) for (const language of adapter.languages) byLanguage.set(language, adapter);

/** The adapter for a language id; the lexical text adapter when no parser handles it. */
export function adapterFor(language: string): LanguageAdapter {
  return byLanguage.get(language) ?? textAdapter;
}

export function adapterById(id: string): LanguageAdapter | undefined {
  return id === textAdapter.id ? textAdapter : adapters.find((adapter) => adapter.id === id);
}

/** Loads every adapter that has something to load (grammars); safe to call more than once. */
export async function initAdapters(ids?: Iterable<string>): Promise<void> {
  const wanted = ids ? new Set(ids) : undefined;
  await Promise.all(
    adapters
      .filter((adapter) => adapter.init && (!wanted || wanted.has(adapter.id)))
      .map((adapter) => adapter.init!()),
  );
}

export { textAdapter };
