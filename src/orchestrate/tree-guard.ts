/**
 * The tree guard: edits no gate may wave through on the orchestrator's watch. A lockfile changed
 * while no manifest beside it did was edited by hand (a package manager rewrites both).
 */
import { isProjectConfiguration } from '../context/refresh.js';
import { kindOf, languageOf } from '../scan/classify.js';
import { directoryOf } from '../shared/path.js';
import type { TreeFinding } from './signals.js';

export function treeFindings(changedFiles: readonly string[]): TreeFinding[] {
  const manifestsIn = new Set(
    changedFiles
      .filter((path) => isProjectConfiguration(path) && kindOf(path, languageOf(path)) !== 'lockfile')
      .map(directoryOf),
  );
  return changedFiles
    .filter((path) => kindOf(path, languageOf(path)) === 'lockfile' && !manifestsIn.has(directoryOf(path)))
    .map((file) => ({
      id: `hand-edited-lockfile:${file}`,
      file,
      message:
        'the lockfile changed without its manifest: lockfiles are written by the package manager, not by hand',
    }));
}
