/**
 * Subject scope: a conventional-commit title (`fix(hmr): …`, `feat(plugin-legacy): …`) names the
 * part of the code it changes. Files named after the scope (`hmr.ts`, `hmr/index.ts`) or inside
 * a folder of that name share the evidence: one file gets all of it, n files 1/√n each, counting
 * source files only. Silent without a scope.
 */
import type { RetrievalSignal, SignalScores } from '../types.js';

export const subjectScopeSignal: RetrievalSignal = {
  id: 'scope',
  phase: 'direct',
  description: "files named after, or inside a folder named after, the scope of a 'type(scope): …' title",
  score(state) {
    const scores: SignalScores = new Map();
    for (const scope of state.query.scopes) {
      const key = normalized(scope);
      const matches = state.corpus.documents.filter((document) =>
        document.path.split('/').some((segment, index, segments) => {
          const name = index === segments.length - 1 ? segment.replace(/\.[^.]+$/, '') : segment;
          return normalized(name) === key;
        }),
      );
      const sources = matches.filter((document) => document.file.kind === 'source').length;
      const strength = 1 / Math.sqrt(Math.max(1, sources));
      for (const document of matches) {
        const entry = scores.get(document.path) ?? { score: 0, reasons: [] };
        entry.score = Math.min(1, entry.score + strength);
        entry.reasons.push(`named after the task's scope (${scope})`);
        scores.set(document.path, entry);
      }
    }
    return scores;
  },
};

/** `plugin-legacy`, `pluginLegacy` and `plugin_legacy` are one name. */
function normalized(name: string): string {
  return name.toLowerCase().replace(/[-_.]/g, '');
}
