/**
 * Reads task runs (`.agent-context/runs/<task-id>/`) and orchestrator runs
 * (`.agent-context/orchestrator/<run-id>/state.json`, iterations under the run's task folder) for
 * the report, tolerantly: a file that does not parse is shown as unreadable, one the format names
 * but the run lacks as missing, unknown files and fields as found. Nothing here can fail the report.
 */
import { ITERATION_FILES as ORCHESTRATOR_ITERATION_FILES } from '../orchestrate/phases/persist.js';
import type { RunArtifact, RunIteration, RunView } from '../report/html/model.js';
import { listDirectory, readTextIfExists } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';

/** The files an orchestrator iteration writes (issue #19), in the order it writes them; shown as missing when absent. */
const ITERATION_FILES: readonly string[] = ['iteration.json', ...ORCHESTRATOR_ITERATION_FILES];

/** Text files are capped: a diff of a whole vendored tree must not make the page unusable. */
const TEXT_LIMIT = 64 * 1024;

export async function readRuns(root: string): Promise<RunView[]> {
  const tasks = await readTaskRuns(root);
  const orchestrated = await readOrchestratorRuns(root);
  return [...orchestrated, ...tasks];
}

async function readTaskRuns(root: string): Promise<RunView[]> {
  const runs: RunView[] = [];
  for (const id of await listDirectory(absolutePath(root, layout.runs))) {
    const dir = `${layout.runs}/${id}`;
    const records = await readArtifacts(root, dir, ['run.json', 'state.json']);
    if (records.every((record) => record.state === 'missing')) continue;
    runs.push({
      type: 'task',
      id,
      dir,
      records,
      iterations: await readIterations(root, `${dir}/iterations`),
    });
  }
  return runs;
}

async function readOrchestratorRuns(root: string): Promise<RunView[]> {
  const runs: RunView[] = [];
  for (const id of await listDirectory(absolutePath(root, layout.orchestrator))) {
    const dir = `${layout.orchestrator}/${id}`;
    const records = await readArtifacts(root, dir, ['state.json']);
    if (records[0]?.state === 'missing') continue;
    const state = records[0]?.state === 'json' ? (records[0].value as Record<string, unknown>) : {};
    const taskId =
      typeof state.taskId === 'string' && /^[\w.-]+$/.test(state.taskId) ? state.taskId : undefined;
    const own = await readIterations(root, `${dir}/iterations`);
    const iterations =
      own.length > 0 || !taskId ? own : await readIterations(root, `${layout.runs}/${taskId}/iterations`);
    runs.push({ type: 'orchestrator', id, dir, records, iterations });
  }
  return runs;
}

async function readIterations(root: string, dir: string): Promise<RunIteration[]> {
  const iterations: RunIteration[] = [];
  for (const id of await listDirectory(absolutePath(root, dir))) {
    const present = await listDirectory(absolutePath(root, `${dir}/${id}`));
    if (present.length === 0) continue;
    const names = [...ITERATION_FILES, ...present.filter((name) => !ITERATION_FILES.includes(name)).sort()];
    iterations.push({ id, artifacts: await readArtifacts(root, `${dir}/${id}`, names) });
  }
  return iterations;
}

async function readArtifacts(root: string, dir: string, names: readonly string[]): Promise<RunArtifact[]> {
  return Promise.all(names.map((name) => readArtifact(root, `${dir}/${name}`, name)));
}

async function readArtifact(root: string, path: string, name: string): Promise<RunArtifact> {
  let text: string | undefined;
  try {
    text = await readTextIfExists(absolutePath(root, path));
  } catch (error) {
    return { name, state: 'unreadable', problem: (error as Error).message };
  }
  if (text === undefined) return { name, state: 'missing' };
  if (name.endsWith('.json')) {
    try {
      return { name, state: 'json', value: JSON.parse(text) as unknown };
    } catch (error) {
      return { name, state: 'unreadable', problem: `not JSON: ${(error as Error).message}` };
    }
  }
  if (text.length <= TEXT_LIMIT) return { name, state: 'text', text };
  return { name, state: 'text', text: text.slice(0, TEXT_LIMIT), truncated: text.length - TEXT_LIMIT };
}
