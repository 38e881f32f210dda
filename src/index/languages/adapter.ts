/** The shape of a language adapter: one file per language in this folder, one line in `registry.ts`. */
import { countLines } from '../lines.js';
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

/**
 * Facts with nothing found yet. Keys are in sorted order, as the index stores them, so its stable
 * JSON copies no entry. `lineCount` spares a second pass over the text when the caller already
 * counted its lines (a `LineMap`'s `lineCount`).
 */
export function emptyFacts(
  text: string,
  confidence: FileFacts['confidence'],
  lineCount = countLines(text),
): FileFacts {
  return {
    confidence,
    diagnostics: [],
    env: [],
    exports: [],
    imports: [],
    lines: lineCount,
    routes: [],
    summary: { source: 'derived', text: '' },
    symbols: [],
  };
}
