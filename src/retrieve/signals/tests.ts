/**
 * Test -> source: a test that matches the task (it names the behaviour, the error, the option)
 * points at the source it tests, by its imports or by naming convention.
 */
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';
import { add } from './graph.js';

export const testsSignal: RetrievalSignal = defineSignal({
  id: 'tests',
  phase: 'expansion',
  description: 'the source files tested by the tests that match the task',
  collect(state, scores) {
    const tests = state.seeds
      .filter((seed) => state.corpus.byPath.get(seed.path)?.file.kind === 'test')
      .slice(0, state.settings.seedCount);
    for (const seed of tests) {
      for (const link of state.tests.sourcesOf(seed.path)) {
        add(
          scores,
          link.source,
          seed.score * link.strength,
          `tested by ${seed.path}, which matches the task`,
        );
      }
    }
  },
});
