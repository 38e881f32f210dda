/**
 * The built-in retrieval signals, one module each. Adding a signal: write `<name>.ts` exporting
 * a `RetrievalSignal` (`defineSignal` when it fills a fresh score map), add it here, give it a
 * weight in `retrieve.weights` (config/schema.ts) and a line in docs/retrieval.md.
 *
 * Extension point — lessons from memory: a signal scoring files by the lessons in
 * `.agent-context/memory/` that match the task belongs to `memory/`, which this stage may not
 * import. Callers above both (task/, api/) pass it in `RetrieveOptions.extraSignals`; its
 * weight comes from `RetrieveOptions.extraWeights` (by signal id) until it gets a config key.
 */
import type { RetrievalSignal } from '../types.js';
import { centralitySignal } from './centrality.js';
import { cochangeSignal } from './cochange.js';
import { companionSignal } from './companion.js';
import { fileNamesSignal } from './file-names.js';
import { graphSignal } from './graph.js';
import { lexicalSignal } from './lexical.js';
import { mentionsSignal } from './mentions.js';
import { projectFilesSignal } from './project-files.js';
import { recentChangesSignal } from './recent-changes.js';
import { similarChangesSignal } from './similar-changes.js';
import { subjectScopeSignal } from './subject-scope.js';
import { testsSignal } from './tests.js';

export const signals = {
  lexical: lexicalSignal,
  mentions: mentionsSignal,
  named: fileNamesSignal,
  centrality: centralitySignal,
  project: projectFilesSignal,
  churn: recentChangesSignal,
  similar: similarChangesSignal,
  scope: subjectScopeSignal,
  graph: graphSignal,
  tests: testsSignal,
  cochange: cochangeSignal,
  companion: companionSignal,
} as const satisfies Record<string, RetrievalSignal>;

export type BuiltinSignalId = keyof typeof signals;
