/**
 * The edit boundary of a task: where the agent is expected to work (the packed files, the files
 * the task names, the tests that cover them, and new files beside the best hits) and what it
 * should leave alone (generated output, lockfiles, the tool's own state, CI). Advisory here;
 * the boundary guard enforces it on the diff.
 */
import { directoryOf } from '../shared/path.js';
import type { EditBoundary, PackedFiles, TaskRepository } from './types.js';

/** Folders of the best hits where new files are expected too. */
const NEW_FILE_FOLDERS = 3;
const TESTS_ALLOWED = 5;
const MAX_AVOIDED = 40;

/** Avoided in every task: tool state, installed packages, and CI (a code task does not change its own gate). */
const ALWAYS_AVOIDED: Record<string, string> = {
  '.agent-context/**': 'opencode-plusplus state: written by the tool, not by hand',
  '.git/**': 'git internals',
  'node_modules/**': 'installed packages',
  '.github/workflows/**': 'CI configuration',
  '.gitlab-ci.yml': 'CI configuration',
  '.circleci/**': 'CI configuration',
};

export function editBoundaryOf(
  packed: Pick<PackedFiles, 'files' | 'tests'>,
  explicitFiles: ReadonlyArray<{ path: string; exists: boolean }>,
  repo: Pick<TaskRepository, 'files' | 'paths'>,
): EditBoundary {
  const kindOf = new Map(repo.files.map((file) => [file.path, file.kind]));
  const editable = (path: string) =>
    !['generated', 'lockfile', 'binary', 'asset'].includes(kindOf.get(path) ?? '');
  const allowed = new Set<string>();
  const detailed = packed.files.filter((file) => file.representation !== 'line');
  for (const file of detailed) if (editable(file.path)) allowed.add(file.path);
  for (const file of explicitFiles) if (!file.exists || editable(file.path)) allowed.add(file.path);
  const tests = packed.tests.slice(0, TESTS_ALLOWED);
  for (const test of tests) allowed.add(test.path);
  const sources = detailed.filter((file) => kindOf.get(file.path) === 'source').slice(0, NEW_FILE_FOLDERS);
  for (const folder of [...sources, ...tests.slice(0, 2)].map((file) => directoryOf(file.path))) {
    if (folder) allowed.add(`${folder}/*`);
  }
  // A file already covered by its folder's `dir/*` is not listed twice.
  const covered = [...allowed].filter(
    (entry) => !entry.endsWith('/*') && allowed.has(`${directoryOf(entry)}/*`),
  );
  for (const entry of covered) allowed.delete(entry);
  const { globs, reasons } = avoidedGlobs(repo, kindOf);
  return { allowedEditGlobs: [...allowed].sort(), avoidEditGlobs: globs, reasons };
}

function avoidedGlobs(
  repo: Pick<TaskRepository, 'files' | 'paths'>,
  kindOf: Map<string, string>,
): { globs: string[]; reasons: Record<string, string> } {
  const reasons: Record<string, string> = { ...ALWAYS_AVOIDED };
  for (const glob of collapse(
    repo.files.filter((file) => file.kind === 'generated').map((file) => file.path),
    kindOf,
    'generated',
  ))
    reasons[glob] = 'generated: change its source or generator instead';
  for (const file of repo.files)
    if (file.kind === 'lockfile') reasons[file.path] = 'lockfile: changed by the package manager';
  const globs = Object.keys(reasons).sort().slice(0, MAX_AVOIDED);
  return { globs, reasons: Object.fromEntries(globs.map((glob) => [glob, reasons[glob]!])) };
}

/** `dist/**` when every file under `dist/` has the kind, else the files themselves (folders tried from the top). */
function collapse(paths: readonly string[], kindOf: Map<string, string>, kind: string): string[] {
  const byFolder = new Map<string, boolean>();
  for (const [path, fileKind] of kindOf) {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      byFolder.set(folder, (byFolder.get(folder) ?? true) && fileKind === kind);
    }
  }
  const globs = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    let glob = path;
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      if (byFolder.get(folder)) {
        glob = `${folder}/**`;
        break;
      }
    }
    globs.add(glob);
  }
  return [...globs];
}
