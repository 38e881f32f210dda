/**
 * A source file that requires a test change (`test.contract.json` `requireTestChange`) changed,
 * and no changed test exercises it: none imports it (directly or through other files) and none is
 * tied to it by a naming convention.
 */
import { transitiveDependents } from '../../graph/operations/dependents.js';
import { GraphView } from '../../graph/view.js';
import { assignTestFiles, conventionTestsFor, pathMatcher } from '../test-files.js';
import { touchesOf } from '../types.js';
import { type ContractRule, makeFinding, type RuleInput } from './rule.js';

export interface UntestedChange {
  path: string;
  /** Tests that exercise the file today (none of them changed). */
  exercising: string[];
}

/** Changed sources that require a test change and whose exercising tests did not change. */
export function findUntestedChanges(
  input: Pick<RuleInput, 'contracts' | 'changes' | 'files' | 'graph'>,
): UntestedChange[] {
  const { requireTestChange, runners, conventions } = input.contracts.tests;
  if (requireTestChange.paths.length === 0 || !input.changes) return [];
  const requires = pathMatcher(requireTestChange.paths, requireTestChange.exclude);
  const kinds = new Map(input.files.map((file) => [file.path, file.kind]));
  const tests = [...assignTestFiles(runners, kinds.keys()).keys()];
  const testSet = new Set(tests);
  const touches = touchesOf(input.changes.files).filter((touch) => touch.action !== 'deleted');
  const changedTests = new Set(touches.map((touch) => touch.path).filter((path) => testSet.has(path)));
  const view = new GraphView(input.graph);
  const untested: UntestedChange[] = [];
  for (const touch of touches) {
    if (kinds.get(touch.path) !== 'source' || !requires(touch.path)) continue;
    const exercising = new Set([
      ...transitiveDependents(view, [touch.path])
        .map((entry) => entry.file)
        .filter((file) => testSet.has(file)),
      ...conventionTestsFor(conventions, touch.path, tests),
    ]);
    if ([...exercising].some((test) => changedTests.has(test))) continue;
    untested.push({ path: touch.path, exercising: [...exercising].sort() });
  }
  return untested;
}

export const missingTestRule: ContractRule = {
  id: 'missing-test',
  contract: 'tests',
  description: 'A source file changed and no test that exercises it changed.',
  needsChanges: true,
  check(input) {
    const severity = input.contracts.tests.requireTestChange.severity;
    return findUntestedChanges(input).map(({ path, exercising }) =>
      makeFinding(
        this,
        severity,
        path,
        undefined,
        `${path} changed but no test that exercises it changed`,
        exercising.length > 0
          ? `Update a test that exercises it (${exercising.slice(0, 3).join(', ')}${exercising.length > 3 ? ', ...' : ''}) to cover the change.`
          : 'No test exercises it yet: add one.',
      ),
    );
  },
};
