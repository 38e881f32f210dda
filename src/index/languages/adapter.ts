/** The shape of a language adapter: one file per language in this folder, one line in `registry.ts`. */
import type { FileFacts } from '../types.js';

export interface ExtractInput {
  /** Posix path relative to the repository root (routes and summaries may depend on it). */
  path: string;
  text: string;
}

export interface LanguageAdapter {
  /** Stable id, part of the cache key (`typescript`). */
  id: string;
  /** Language ids (from `scan/classify.ts`) this adapter handles. */
  languages: readonly string[];
  /** Bump whenever the facts an adapter extracts change: cached facts of older versions are re-parsed. */
  version: number;
  /** Loads grammars or native parsers; called once per process before `extract`. */
  init?(): Promise<void>;
  /** Pure: the same input gives the same facts. Must not throw for bad source: report `failed`. */
  extract(input: ExtractInput): FileFacts;
}

export function emptyFacts(text: string, confidence: FileFacts['confidence']): FileFacts {
  let lines = text.length === 0 ? 0 : 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  if (text.endsWith('\n')) lines--;
  return {
    confidence,
    imports: [],
    exports: [],
    symbols: [],
    routes: [],
    env: [],
    summary: { text: '', source: 'derived' },
    diagnostics: [],
    lines,
  };
}
