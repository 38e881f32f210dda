/** Artifact names as the reflector compares them; the plan-vs-actual diff itself is `shared/plan-actual-diff.ts`. */
import { artifactKey } from '../shared/plan-actual-diff.js';
import type { FileSummary, Plan } from './types.js';

export { artifactKey } from '../shared/plan-actual-diff.js';

/** The artifact each subtask of the plan is expected to produce. */
export function expectedArtifacts(plan: Plan): string[] {
  return plan.subtasks.map((subtask) => subtask.expected_artifact);
}

/** The summary of each expected artifact that exists, keyed by its name. */
export function artifactsByName(files: FileSummary[]): Map<string, FileSummary> {
  return new Map(files.map((file) => [artifactKey(file.name), file]));
}
