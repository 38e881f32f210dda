/**
 * The truth when tests exercise a change but no configured runner runs them (a `.ts` test under
 * `node --test` on Node 20, a test outside every runner's include): say which tests and why.
 */
import { conventionTestsFor } from '../contracts/index.js';
import type { SelectionInput } from './selected-test.js';

export function unrunnableNotes(input: SelectionInput, runnable: Map<string, number>): string[] {
  const testFiles = input.files.filter((file) => file.kind === 'test').map((file) => file.path);
  const orphans = new Set(testFiles.filter((path) => !runnable.has(path)));
  if (orphans.size === 0) return [];
  const reaching = new Set<string>();
  for (const entry of input.impact.affected)
    if (entry.depth === 1 && orphans.has(entry.file)) reaching.add(entry.file);
  for (const file of input.impact.changed) {
    if (orphans.has(file.path) && file.status !== 'deleted') reaching.add(file.path);
    if (file.kind === 'source')
      for (const test of conventionTestsFor(input.contracts.tests.conventions, file.path, [...orphans]))
        reaching.add(test);
  }
  if (reaching.size === 0) return [];
  const list = [...reaching].sort();
  const shown = list.slice(0, 5).join(', ') + (list.length > 5 ? ` and ${list.length - 5} more` : '');
  const runners = input.contracts.tests.runners;
  const why =
    runners.length === 0
      ? 'no test runner is configured'
      : `no configured runner runs them (${runners.map((entry) => `${entry.runner}: ${entry.include.join(', ')}${entry.comment ? ` — ${entry.comment}` : ''}`).join('; ')})`;
  return [`${list.length} test file(s) exercise this change (${shown}), but ${why}.`];
}
