/**
 * Collect: what the executor actually did, read from the tree rather than from its own account —
 * the patch against the run's base commit (diff.patch), the files it touches, the tree hash, and
 * which files this iteration changed compared with the previous one.
 */
import { writeFileAtomic } from '../../shared/fs.js';
import { sha256 } from '../../shared/hash.js';
import { absolutePath } from '../../shared/path.js';
import { workingTreeHash } from '../../shared/worktree-hash.js';
import type { RunContext } from '../ports.js';
import { diffAgainst, filesOfPatch } from '../sandbox.js';
import type { CollectOutput } from '../types.js';

export interface CollectInput {
  baseCommit: string | null;
  iterationDir: string;
  /** The previous iteration's patch (undefined on the first). */
  previousPatch: string | undefined;
}

export async function collect(context: RunContext, input: CollectInput): Promise<CollectOutput> {
  const patch = await diffAgainst(context.work, input.baseCommit);
  await writeFileAtomic(absolutePath(context.home, `${input.iterationDir}/diff.patch`), patch);
  return {
    treeHash: await workingTreeHash(context.work),
    changedFiles: filesOfPatch(patch),
    iterationFiles: changedSince(input.previousPatch ?? '', patch),
    patchSha256: sha256(patch),
    patchBytes: Buffer.byteLength(patch),
  };
}

/** Files whose section of the patch differs between two patches. */
export function changedSince(before: string, after: string): string[] {
  const a = sectionsOf(before);
  const b = sectionsOf(after);
  const files = new Set([...a.keys(), ...b.keys()]);
  return [...files].filter((file) => a.get(file) !== b.get(file)).sort();
}

function sectionsOf(patch: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const section of patch.split(/^(?=diff --git )/m)) {
    const file = /^diff --git a\/.+? b\/(.+)$/m.exec(section)?.[1];
    if (file) sections.set(file, section);
  }
  return sections;
}
