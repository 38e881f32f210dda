/** The project facts of a scan, detected once per scan and carried over by a held refresh when they still stand. */
import { detectProject, type ProjectFacts } from '../scan/project.js';
import type { ScanResult } from '../scan/types.js';

/** A scan's project facts, the manifests their detection read, and the scan they describe. */
export interface DetectedProject {
  facts: ProjectFacts;
  reads: ReadonlySet<string>;
  scan: ScanResult;
}

const projects = new WeakMap<ScanResult, DetectedProject>();

/** The project facts of a scan, detected once (compose and the contracts both ask; each detection reads every manifest). */
export function projectOf(scan: ScanResult): ProjectFacts {
  const known = projects.get(scan);
  if (known) return known.facts;
  const reads = new Set<string>();
  const facts = detectProject(scan, reads);
  projects.set(scan, { facts, reads, scan });
  return facts;
}

/** More changed paths than this and a held refresh detects the project again rather than compare each. */
const MAX_CARRIED_CHANGES = 64;

/**
 * A held refresh's project facts are the last ones when none of the changed paths is a file their
 * detection read and each is still there with the same kind and language (detection counts
 * sources per package). The listing stands (`heldScan`), so no manifest appeared either.
 */
export function carryProject(
  held: DetectedProject | undefined,
  scan: ScanResult,
  changed: readonly string[],
): void {
  if (!held || changed.length > MAX_CARRIED_CHANGES) return;
  for (const path of changed) {
    if (held.reads.has(path)) return;
    const before = held.scan.files.find((file) => file.path === path);
    const now = scan.files.find((file) => file.path === path);
    if (!before || !now || before.kind !== now.kind || before.language !== now.language) return;
    if (before.skipped !== now.skipped) return;
  }
  projects.set(scan, { ...held, scan });
}

/** The detection behind a scan's project facts, when they were detected (a held scan keeps it). */
export function detectedProjectOf(scan: ScanResult): DetectedProject | undefined {
  return projects.get(scan);
}
