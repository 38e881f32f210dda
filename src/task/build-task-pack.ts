/**
 * `buildTaskPack()`: everything an agent needs to start a task — the packed files and their
 * tests, the files the task names, related config files, entrypoints, the commands that prove
 * a change, and the edit boundary derived from all of it. Deterministic: the same repository
 * and task give the same pack.
 */
import { parseTask } from '../retrieve/query.js';
import { isManifest } from '../scan/file-kinds.js';
import { baseName, directoryOf } from '../shared/path.js';
import { editBoundaryOf } from './edit-boundary.js';
import { taskIdOf } from './task-id.js';
import { TASK_PACK_SCHEMA_VERSION, type TaskPack, type TaskRepository } from './types.js';

export interface TaskPackOptions {
  /** Token budget of the pack. @default the repository's `pack.budget` */
  budget?: number;
}

const ENTRYPOINTS_LISTED = 5;
const CONFIG_FILES_LISTED = 10;
/** Beside the dependency manifests (scan/file-kinds): the compiler configs a task's files are built with. */
const COMPILER_CONFIGS = new Set(['tsconfig.json', 'jsconfig.json']);
const isProjectFile = (path: string) => isManifest(path) || COMPILER_CONFIGS.has(baseName(path));
const TEST_CONFIG =
  /^(vitest|jest|playwright|karma|ava|cypress)\.config\.[a-z]+$|^\.mocharc(\.[a-z]+)?$|^(pytest|tox)\.ini$/;

export async function buildTaskPack(
  task: string,
  repo: TaskRepository,
  options: TaskPackOptions = {},
): Promise<TaskPack> {
  const packed = await repo.pack(task, options.budget === undefined ? {} : { budget: options.budget });
  const explicitFiles = explicitFilesOf(task, repo);
  const pack: TaskPack = {
    schemaVersion: TASK_PACK_SCHEMA_VERSION,
    taskId: taskIdOf(task),
    task: task.trim(),
    files: packed.files,
    tests: packed.tests,
    budget: packed.budget,
    usedTokens: packed.usedTokens,
    omitted: packed.omitted,
    notes: packed.notes,
    tokenizer: packed.tokenizer,
    lessons: packed.lessons,
    explicitFiles,
    configFiles: relatedConfigFiles(
      packed.files.map((file) => file.path),
      repo,
    ),
    entrypoints: repo.entrypoints.slice(0, ENTRYPOINTS_LISTED).map((entry) => entry.path),
    commands: [...repo.commands].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    editBoundary: editBoundaryOf(packed, explicitFiles, repo),
    context: { ...(repo.gitCommit ? { gitCommit: repo.gitCommit } : {}), sourceHash: repo.sourceHash },
  };
  return pack;
}

/** Paths and file names the task spells out: those present in the tree, and named ones that are not. */
export function explicitFilesOf(
  task: string,
  repo: TaskRepository,
): Array<{ path: string; exists: boolean }> {
  const present = new Set(repo.paths);
  const found = new Map<string, boolean>();
  for (const mention of parseTask(task).paths) {
    const clean = mention.replace(/^\.?\//, '');
    if (present.has(clean)) {
      found.set(clean, true);
      continue;
    }
    const matches = repo.paths.filter((path) => path.endsWith(`/${clean}`) || baseName(path) === clean);
    for (const path of matches.slice(0, 5)) found.set(path, true);
    if (matches.length === 0 && /\.[A-Za-z0-9]+$/.test(clean) && !found.has(clean)) found.set(clean, false);
  }
  return [...found]
    .map(([path, exists]) => ({ path, exists }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A dependency manifest in `directory`, else a compiler config there. */
function nearestProjectFile(directory: string, paths: readonly string[]): string | undefined {
  const here = paths.filter((path) => directoryOf(path) === directory && isProjectFile(path));
  return here.find((path) => isManifest(path)) ?? here[0];
}

/** Manifests and test configs at the root, and the nearest manifest above each chosen file. */
export function relatedConfigFiles(chosen: readonly string[], repo: TaskRepository): string[] {
  const related = new Set<string>();
  for (const path of repo.paths) {
    if (path.includes('/')) continue;
    if (isProjectFile(path) || TEST_CONFIG.test(path)) related.add(path);
  }
  for (const file of chosen) {
    for (let directory = directoryOf(file); directory !== ''; directory = directoryOf(directory)) {
      const manifest = nearestProjectFile(directory, repo.paths);
      if (manifest) {
        related.add(manifest);
        break;
      }
    }
  }
  return [...related].sort().slice(0, CONFIG_FILES_LISTED);
}
