/**
 * The expected diff comes from the plan: the files the task names (each should change), else the
 * pack's edit targets — its best-ranked files shown whole or as skeletons — of which a change to
 * any one completes the plan. One home for it: expected-diff.md, run.json and the loop read it here.
 */

export interface ExpectedDiff {
  /** `all`: every file should change; `any`: candidates, one changed file completes the plan. */
  mode: 'all' | 'any';
  files: string[];
}

/** How many of the pack's best files count as edit targets when the task names none. */
export const EDIT_TARGETS = 5;

/** Works on a task pack and on run.json alike (both carry `files` and `explicitFiles`). */
export interface ExpectedDiffSource {
  files?: ReadonlyArray<{ path: string; representation?: string }>;
  explicitFiles?: ReadonlyArray<{ path: string }>;
}

export function expectedDiffOf(source: ExpectedDiffSource): ExpectedDiff {
  const named = [...new Set((source.explicitFiles ?? []).map((file) => file.path))].sort();
  if (named.length > 0) return { mode: 'all', files: named };
  const targets = (source.files ?? [])
    .filter((file) => file.representation !== 'line')
    .slice(0, EDIT_TARGETS)
    .map((file) => file.path);
  return { mode: 'any', files: targets };
}
