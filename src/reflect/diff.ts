/** `planActualDiff`: what the plan expected against what exists — the evidence every decision uses. */
import type { FileSummary, Plan, PlanActualDiff } from './types.js';

/** Artifact names compare as posix paths without a leading `./`. */
export function artifactKey(name: string): string {
  return name
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '');
}

export function planActualDiff(plan: Plan, files: FileSummary[]): PlanActualDiff {
  const expected = [
    ...new Set(plan.subtasks.map((subtask) => artifactKey(subtask.expected_artifact))),
  ].sort();
  const produced = new Set(files.map((file) => artifactKey(file.name)));
  const overlap = expected.filter((name) => produced.has(name));
  const expectedSet = new Set(expected);
  return {
    expected_not_produced: expected.filter((name) => !produced.has(name)),
    produced_not_expected: [...produced].filter((name) => !expectedSet.has(name)).sort(),
    overlap,
    completion_ratio:
      expected.length === 0 ? 0 : Math.round((overlap.length / expected.length) * 1000) / 1000,
  };
}

/** The summary of each expected artifact that exists, keyed by its name. */
export function artifactsByName(files: FileSummary[]): Map<string, FileSummary> {
  return new Map(files.map((file) => [artifactKey(file.name), file]));
}
