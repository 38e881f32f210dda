/**
 * Reading the node's inputs: `plan.json` (`{ goal, subtasks: [{ id, description, expected_artifact }] }`),
 * `files.json` (`{ "<name>": { status, bytes, age_steps } }` or a list of `{ name, status, bytes, age_steps }`),
 * or a directory summarised without reading contents. Errors name the file and the key.
 */
import { z } from 'zod';
import { inputError, type OcppError } from '../shared/errors.js';
import { type FileEntry, listFilesRecursive, readText } from '../shared/fs.js';
import { parseJson } from '../shared/json.js';
import { ARTIFACT_STATUSES, type FileSummary, type Plan } from './types.js';

const PlanSchema = z.object({
  goal: z.string().default(''),
  subtasks: z
    .array(
      z.object({
        id: z.union([z.string().min(1), z.number()]).transform(String),
        description: z.string().default(''),
        expected_artifact: z.string().trim().min(1, 'an artifact name such as report.md'),
      }),
    )
    .min(1, 'the plan has no subtasks: at least one { id, description, expected_artifact } is needed'),
});

const statusSchema = z.string().refine((value) => (ARTIFACT_STATUSES as readonly string[]).includes(value), {
  error: (issue) =>
    `unknown status ${JSON.stringify(issue.input)}; expected one of ${ARTIFACT_STATUSES.join(', ')}`,
});

const SummaryFields = {
  status: statusSchema,
  bytes: z.number().int().min(0).default(0),
  age_steps: z.number().int().min(0).default(0),
};
const FilesSchema = z.union([
  z.array(z.object({ name: z.string().min(1), ...SummaryFields })),
  z.record(z.string().min(1), z.object(SummaryFields)),
]);

function firstIssue(error: z.ZodError, file: string) {
  // A union reports every branch; the branch that got furthest names the real problem.
  const issues = error.issues.flatMap((issue) =>
    issue.code === 'invalid_union'
      ? issue.errors.flat().map((sub) => ({ ...sub, path: [...issue.path, ...sub.path] }))
      : [issue],
  );
  const issue = issues.sort((a, b) => b.path.length - a.path.length)[0]!;
  const key = issue.path.join('.');
  return inputError(`${key || '(root)'}: ${issue.message}`, { file, key: key || undefined });
}

export function parsePlan(value: unknown, file = 'plan.json'): Plan {
  const result = PlanSchema.safeParse(value);
  if (!result.success) throw firstIssue(result.error, file);
  const ids = new Set<string>();
  result.data.subtasks.forEach((subtask, index) => {
    if (ids.has(subtask.id))
      throw inputError(`duplicate subtask id "${subtask.id}"`, { file, key: `subtasks.${index}.id` });
    ids.add(subtask.id);
  });
  return result.data;
}

export function parseFiles(value: unknown, file = 'files.json'): FileSummary[] {
  const result = FilesSchema.safeParse(value);
  if (!result.success) throw firstIssue(result.error, file);
  const list = Array.isArray(result.data)
    ? result.data
    : Object.entries(result.data).map(([name, summary]) => ({ name, ...summary }));
  return list
    .map((entry) => ({
      name: entry.name,
      status: entry.status as FileSummary['status'],
      bytes: entry.bytes,
      age_steps: entry.age_steps,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function readPlanFile(path: string, displayName = path): Promise<Plan> {
  const hint =
    'a plan is a JSON object: { "goal": "...", "subtasks": [ { "id", "description", "expected_artifact" } ] }';
  return parsePlan(parseInputJson(await readInput(path, displayName), displayName, hint), displayName);
}

export async function readFilesFile(path: string, displayName = path): Promise<FileSummary[]> {
  const hint =
    'files are a JSON object { "<name>": { "status", "bytes", "age_steps" } } or a list of { "name", ... }';
  return parseFiles(parseInputJson(await readInput(path, displayName), displayName, hint), displayName);
}

/** `parseJson` with a hint about the expected shape (these files are written by people, not regenerated). */
function parseInputJson(text: string, file: string, hint: string): unknown {
  try {
    return parseJson(text, file);
  } catch (error) {
    const { line, column } = (error as OcppError).details ?? {};
    throw inputError((error as Error).message, {
      file,
      ...(line ? { line } : {}),
      ...(column ? { column } : {}),
      hint,
    });
  }
}

async function readInput(path: string, displayName: string): Promise<string> {
  try {
    return await readText(path);
  } catch (error) {
    throw inputError(`cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      file: displayName,
    });
  }
}

/**
 * Summarises a directory of artifacts without reading them: a non-empty file is `done`, an empty
 * one `active`; `<name>.failed` marks `<name>` failed and `<name>.partial` (or `.part`, `.tmp`)
 * marks it in progress. Ages are unknown from a directory and read as 0.
 */
export async function summarizeDirectory(directory: string): Promise<FileSummary[]> {
  let entries: FileEntry[];
  try {
    entries = await listFilesRecursive(directory);
  } catch (error) {
    throw inputError(
      `cannot list the directory: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      { file: directory },
    );
  }
  const summaries = new Map<string, FileSummary>();
  for (const entry of entries) {
    const marker = /^(.*)\.(failed|partial|part|tmp)$/.exec(entry.path);
    const name = marker ? marker[1]! : entry.path;
    const status = marker
      ? marker[2] === 'failed'
        ? 'failed'
        : 'active'
      : entry.bytes > 0
        ? 'done'
        : 'active';
    const previous = summaries.get(name);
    // A marker wins over the file it marks; the real file's size is kept.
    summaries.set(name, {
      name,
      status: marker || !previous ? status : previous.status,
      bytes: marker ? (previous?.bytes ?? 0) : entry.bytes,
      age_steps: 0,
    });
  }
  return [...summaries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
