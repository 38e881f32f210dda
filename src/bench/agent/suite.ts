/**
 * The agent benchmark's suite file: the tasks, each with the repository it starts from and the
 * hidden check that says whether the result solves it. `SuiteFile` is what a person writes;
 * `BenchmarkSuite` is what the runner receives (repositories resolved, defaults filled in).
 * Validated before anything is copied or run: a bad suite is an error naming the file, line and key.
 */
import { z } from 'zod';
import { OcppError } from '../../shared/errors.js';
import { readTextIfExists } from '../../shared/fs.js';
import { directoryOf, isAbsolutePath, resolveAbsolute } from '../../shared/path.js';
import { parseJsonAs } from '../../shared/schema-error.js';

export const SUITE_SCHEMA_VERSION = 1;
export const DEFAULT_MAX_LOOPS = 3;

const TaskSchema = z.strictObject({
  /** Unique in the suite; names the task in results and job ids. */
  id: z
    .string()
    .regex(/^[A-Za-z0-9][\w.-]*$/, 'letters, digits, ".", "_" and "-", starting with a letter or digit'),
  /** A folder relative to the suite file (a git repository or a plain tree), or a git URL. */
  repo: z.string().min(1),
  /** The commit (or any git revision) to start from; the folder's current state when absent. */
  ref: z.string().min(1).optional(),
  /** What the agent is asked to do, word for word. */
  task: z.string().trim().min(1),
  /** A shell command run in the result tree (exit 0 = solved); never shown to the agent. */
  check: z.string().trim().min(1),
  /** Iterations allowed in `loop` mode. @default 3 */
  maxLoops: z.number().int().min(1).max(50).optional(),
});

export const SuiteFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    schemaVersion: z.literal(SUITE_SCHEMA_VERSION),
    tasks: z.array(TaskSchema).min(1, 'a suite needs at least one task'),
  })
  .describe('An agent benchmark suite: tasks, their starting repositories and hidden checks.');

export type SuiteFile = z.input<typeof SuiteFileSchema>;

export interface BenchmarkTask {
  id: string;
  /** An absolute folder or a git URL, as `git clone` takes it. */
  repo: string;
  repoKind: 'folder' | 'git-url';
  ref?: string;
  task: string;
  check: string;
  maxLoops: number;
}

export interface BenchmarkSuite {
  /** Absolute path of the suite file. */
  file: string;
  /** The folder of the suite file: checks may use it as `$OCPP_SUITE_DIR`. */
  directory: string;
  tasks: BenchmarkTask[];
}

/** Reads and validates a suite file; every problem is an error with the file, line and key. */
export async function loadSuite(file: string, cwd = process.cwd()): Promise<BenchmarkSuite> {
  const path = resolveAbsolute(cwd, file);
  const text = await readTextIfExists(path);
  if (text === undefined) throw new OcppError('NOT_FOUND', 'no such suite file', { file: path });
  const suite = parseJsonAs(SuiteFileSchema, text, path, 'see schema/benchmark-suite.schema.json');
  const directory = directoryOf(path);
  rejectDuplicateIds(
    suite.tasks.map((task) => task.id),
    path,
  );
  return {
    file: path,
    directory,
    tasks: suite.tasks.map((task) => ({
      id: task.id,
      ...resolveRepo(task.repo, directory),
      ...(task.ref ? { ref: task.ref } : {}),
      task: task.task,
      check: task.check,
      maxLoops: task.maxLoops ?? DEFAULT_MAX_LOOPS,
    })),
  };
}

/** `git clone` takes URLs in these forms; anything else is a folder next to the suite file. */
export function isGitUrl(repo: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/|[\w.-]+@[\w.-]+:)/i.test(repo);
}

function resolveRepo(repo: string, directory: string): Pick<BenchmarkTask, 'repo' | 'repoKind'> {
  if (isGitUrl(repo)) return { repo, repoKind: 'git-url' };
  return { repo: isAbsolutePath(repo) ? repo : resolveAbsolute(directory, repo), repoKind: 'folder' };
}

function rejectDuplicateIds(ids: string[], file: string): void {
  const seen = new Set<string>();
  for (const [index, id] of ids.entries()) {
    if (seen.has(id))
      throw new OcppError('INPUT_INVALID', `tasks.${index}.id: "${id}" is used by an earlier task`, {
        file,
        key: `tasks.${index}.id`,
        hint: 'every task needs its own id',
      });
    seen.add(id);
  }
}

/** The suite format as JSON Schema, for editors (`schema/benchmark-suite.schema.json`). */
export function suiteJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(SuiteFileSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
}

/** Only the tasks named in `only` (all when absent); an unknown id is a usage error. */
export function selectTasks(suite: BenchmarkSuite, only: readonly string[] | undefined): BenchmarkTask[] {
  if (!only || only.length === 0) return suite.tasks;
  const known = new Set(suite.tasks.map((task) => task.id));
  const unknown = only.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new OcppError('USAGE', `--only names no task of the suite: ${unknown.join(', ')}`, {
      file: suite.file,
      hint: `the suite's tasks: ${[...known].join(', ')}`,
    });
  const wanted = new Set(only);
  return suite.tasks.filter((task) => wanted.has(task.id));
}
