/**
 * Project files: entrypoints when the task talks about what the package exposes or how it
 * starts (exports, CLI, main, startup), config files when it talks about configuration, builds
 * or dependencies. Without such words this signal stays silent.
 */
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';

const ENTRY_WORDS =
  /\b(entry ?points?|main|cli|command[- ]line|startup|start up|bootstrap|exports?|exported|public api)\b/i;
const CONFIG_WORDS =
  /\b(config|configuration|configure|settings?|tsconfig|eslint|prettier|biome|lint|linter|build|bundler?|dependency|dependencies|devDependencies|package\.json|scripts?|ci|workflow|docker(file)?|makefile|pyproject|setup\.py)\b/i;

export const projectFilesSignal: RetrievalSignal = defineSignal({
  id: 'project',
  phase: 'direct',
  description: 'entrypoints and config files, when the task mentions exports, startup or configuration',
  collect(state, scores) {
    const text = state.query.text;
    if (ENTRY_WORDS.test(text)) {
      for (const [path, why] of state.entrypoints) {
        scores.set(path, {
          score: 1,
          reasons: [`entrypoint (${why}) and the task mentions ${ENTRY_WORDS.exec(text)![0]}`],
        });
      }
    }
    if (CONFIG_WORDS.test(text)) {
      const word = CONFIG_WORDS.exec(text)![0];
      for (const document of state.corpus.documents) {
        if (document.file.kind !== 'config') continue;
        const existing = scores.get(document.path);
        const reason = `config file and the task mentions ${word}`;
        if (existing) existing.reasons.push(reason);
        else scores.set(document.path, { score: 1, reasons: [reason] });
      }
    }
  },
});
