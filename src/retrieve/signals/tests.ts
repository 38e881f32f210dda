/**
 * Test -> source: a test that matches the task (it names the behaviour, the error, the option)
 * points at the source it tests, by its imports or by naming convention.
 *
 * A link by folder alone (`tests/builder/groups.rs` -> `builder/mod.rs`) does not vote: every
 * test of the folder carries the same link, so the tests of a folder that match the task lent
 * the folder's index file the folder's name once per test, and it outranked the files the task
 * is about (clap's `builder/mod.rs`, held out, saturated this signal from eight tests of
 * `tests/builder/`). The link still lists the test beside its source (`rankTests`).
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
        if (link.via === 'directory') continue;
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
