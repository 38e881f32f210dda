/** Shapes of task packs and task runs. */
import type { Representation } from '../pack/render.js';

/** What the repository offers a task pack; built by the caller (the API) from the built context. */
export interface TaskRepository {
  root: string;
  /** Every indexed file with its kind (`source`, `test`, `config`, `generated`, ...). */
  files: ReadonlyArray<{ path: string; kind: string }>;
  /** Every path the scan saw, lockfiles and assets included. */
  paths: readonly string[];
  commands: readonly ProjectCommand[];
  entrypoints: ReadonlyArray<{ path: string; reasons: readonly string[] }>;
  gitCommit?: string;
  /** The context's combined source hash: which tree the pack describes. */
  sourceHash: string;
  pack(task: string, options: { budget?: number }): Promise<PackedFiles>;
}

export interface ProjectCommand {
  name: string;
  command: string;
  /** Where it was found (`package.json#scripts.test`). */
  source: string;
}

export interface PackedFiles {
  files: ReadonlyArray<{
    path: string;
    score: number;
    reasons: readonly string[];
    tokens: number;
    representation: Representation;
    content: string;
  }>;
  tests: ReadonlyArray<{
    path: string;
    score: number;
    reasons: readonly string[];
    covers: readonly string[];
  }>;
  budget: number;
  usedTokens: number;
  omitted: readonly string[];
  notes: readonly string[];
  tokenizer: string;
  /** Lessons from memory that match the task, best first (see `lesson-signal.ts`). */
  lessons: ReadonlyArray<PackedLesson>;
}

export interface PackedLesson {
  id: string;
  /** `[lesson L-0007] text`. */
  line: string;
  scope: readonly string[];
  reasons: readonly string[];
}

export interface EditBoundary {
  /** Globs the agent is expected to edit within. */
  allowedEditGlobs: string[];
  /** Globs it should not edit: generated output, lockfiles, tool state, CI. */
  avoidEditGlobs: string[];
  /** Why each avoided glob is avoided. */
  reasons: Record<string, string>;
}

export const TASK_PACK_SCHEMA_VERSION = 1;

export interface TaskPack {
  schemaVersion: number;
  taskId: string;
  task: string;
  files: PackedFiles['files'];
  tests: PackedFiles['tests'];
  budget: number;
  usedTokens: number;
  omitted: readonly string[];
  notes: readonly string[];
  tokenizer: string;
  lessons: PackedFiles['lessons'];
  /** Paths the task names, and whether each exists. */
  explicitFiles: Array<{ path: string; exists: boolean }>;
  /** Config files related to the chosen files (manifests, test and compiler config). */
  configFiles: string[];
  entrypoints: string[];
  /** How to run, build and check the project, as detected. */
  commands: ProjectCommand[];
  editBoundary: EditBoundary;
  context: { gitCommit?: string; sourceHash: string };
}
