/**
 * Where the five contract files live, without their schemas: a build asks whether any is missing
 * on every edit, and loading zod's schemas and inference to learn that they are all there cost
 * more than the stage's own work (`schema.ts` pairs each path with its schema).
 */
import { pathExists } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';

export const CONTRACT_PATHS = {
  architecture: `${layout.contracts}/architecture.contract.json`,
  boundaries: `${layout.contracts}/module-boundaries.json`,
  commands: `${layout.contracts}/commands.contract.json`,
  tests: `${layout.contracts}/test.contract.json`,
  safety: `${layout.contracts}/safety.contract.json`,
} as const;

/** Is every contract file on disk? Then inference has nothing to write (it never rewrites one). */
export async function everyContractPresent(root: string): Promise<boolean> {
  for (const path of Object.values(CONTRACT_PATHS))
    if (!(await pathExists(absolutePath(root, path)))) return false;
  return true;
}
