/**
 * Subject scope: a conventional-commit title (`fix(hmr): …`, `feat(plugin-legacy): …`) names the
 * part of the code it changes. Files named after the scope (`hmr.ts`, `hmr/index.ts`) or inside
 * a folder of that name share the evidence: one file gets all of it, n files 1/√n each, counting
 * source files only. Silent without a scope.
 */
import type { Corpus, CorpusDocument } from '../corpus.js';
import type { TaskQuery } from '../query.js';
import { termsOfWord } from '../text/tokenize.js';
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';

export const subjectScopeSignal: RetrievalSignal = defineSignal({
  id: 'scope',
  phase: 'direct',
  description: "files named after, or inside a folder named after, the scope of a 'type(scope): …' title",
  collect(state, scores) {
    for (const scope of state.query.scopes) {
      const matches = documentsNamedAfter(scope, state.corpus);
      const sources = matches.filter((document) => document.file.kind === 'source').length;
      const strength = 1 / Math.sqrt(Math.max(1, sources));
      for (const document of matches) {
        const entry = scores.get(document.path) ?? { score: 0, reasons: [] };
        entry.score = Math.min(1, entry.score + strength);
        entry.reasons.push(`named after the task's scope (${scope})`);
        scores.set(document.path, entry);
      }
    }
  },
});

/** The files named after `scope` (`hmr.ts`, `hmr/index.ts`) or inside a folder of that name. */
function documentsNamedAfter(scope: string, corpus: Corpus): CorpusDocument[] {
  const key = normalized(scope);
  return corpus.documents.filter((document) =>
    document.path.split('/').some((segment, index, segments) => {
      const name = index === segments.length - 1 ? segment.replace(/\.[^.]+$/, '') : segment;
      return normalized(name) === key;
    }),
  );
}

/** What a scope that names no file or folder (`fix(editor): …` where nothing is called editor) still weighs as a search term. */
const LABEL_SCOPE_WEIGHT = 0.15;

/**
 * A scope that names nothing in the tree is the author's label for an area, not a word of the
 * code: its words, where nothing else in the task says them, weigh as little as "fix" does, so
 * every file that happens to say "editor" is not lifted by it.
 */
export function withLabelScopesDemoted(query: TaskQuery, corpus: Corpus): TaskQuery {
  const labels = query.scopes.filter((scope) => documentsNamedAfter(scope, corpus).length === 0);
  const demoted = new Set(
    labels.flatMap((scope) => termsOfWord(scope)).filter((term) => query.scopeTerms.has(term)),
  );
  if (demoted.size === 0) return query;
  const terms = new Map(
    [...query.terms].map(([term, weight]): [string, number] => [
      term,
      demoted.has(term) ? Math.min(weight, LABEL_SCOPE_WEIGHT) : weight,
    ]),
  );
  return { ...query, terms };
}

/** `plugin-legacy`, `pluginLegacy` and `plugin_legacy` are one name. */
function normalized(name: string): string {
  return name.toLowerCase().replace(/[-_.]/g, '');
}
