/**
 * The task runs' records for evolve, delta and drift. Most repositories have no runs folder; there
 * the run schema (and zod, which it is written in) is not loaded at all.
 */
import { pathExists } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import type { RunFileRead } from '../task/run-file.js';

export async function readTaskRuns(root: string): Promise<RunFileRead[]> {
  if (!(await pathExists(absolutePath(root, layout.runs)))) return [];
  return (await import('../task/run-file.js')).readRunFiles(root);
}
