/**
 * The plan-vs-actual diff, the one definition the loop, the reflector and the orchestrator share:
 * what the plan expected against what was produced, and the share of the expected that exists.
 * An empty plan expected nothing, so nothing of it is complete: its ratio is 0.
 */

export interface PlanActualDiff {
  expected_not_produced: string[];
  produced_not_expected: string[];
  overlap: string[];
  /**
   * |overlap| / |expected|, three decimals; 0 when nothing was expected. When the expected
   * entries are alternatives (`any`: candidates, one of which should change) any overlap is 1.
   */
  completion_ratio: number;
}

/** Names compare as posix paths without a leading `./`. */
export function artifactKey(name: string): string {
  return name
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '');
}

export function planActualDiff(
  expected: Iterable<string>,
  produced: Iterable<string>,
  mode: 'all' | 'any' = 'all',
): PlanActualDiff {
  const wanted = [...new Set([...expected].map(artifactKey))].sort();
  const made = new Set([...produced].map(artifactKey));
  const overlap = wanted.filter((name) => made.has(name));
  const wantedSet = new Set(wanted);
  const ratio =
    wanted.length === 0 ? 0 : mode === 'any' ? Math.min(1, overlap.length) : overlap.length / wanted.length;
  return {
    expected_not_produced: wanted.filter((name) => !made.has(name)),
    produced_not_expected: [...made].filter((name) => !wantedSet.has(name)).sort(),
    overlap,
    completion_ratio: Math.round(ratio * 1000) / 1000,
  };
}
