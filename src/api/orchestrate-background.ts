/**
 * An orchestrator run that goes on after the call that started it (the MCP tools
 * `orchestrate_start` / `orchestrate_status`): the options are checked here, then a detached
 * worker process runs the run under a run id chosen here, so the caller gets the id at once and
 * the run survives the MCP server that asked for it. The worker holds `background.lock` in the
 * run's folder while it runs; its output goes to `background.log` beside state.json.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newRunId } from '../orchestrate/coordinator.js';
import { runOptionsOf } from '../orchestrate/options.js';
import { statePath } from '../orchestrate/paths.js';
import { readState } from '../orchestrate/state.js';
import type { OrchestratorState } from '../orchestrate/types.js';
import { OcppError } from '../shared/errors.js';
import { ensureDirectory, existingDirectory, pathExists, readTextIfExists } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { lockHolder, pidExists } from '../shared/lock.js';
import { absolutePath, joinPath, parentDirectory } from '../shared/path.js';
import type { OrchestrateOptions } from './orchestrate.js';

/** What the worker needs to run: everything JSON, passed as its one argument. */
export interface BackgroundRequest {
  task: string;
  home: string;
  runId: string;
  options: Omit<OrchestrateOptions, 'bus' | 'env' | 'resume' | 'answer' | 'runId'>;
}

export interface BackgroundStart {
  runId: string;
  /** Repository-relative state.json of the run. */
  state: string;
  /** Repository-relative log of the worker. */
  log: string;
  pid: number;
}

export interface BackgroundStatus {
  runId: string;
  /** The phase that runs next, or `done`. */
  phase: OrchestratorState['phase'];
  iteration: number;
  completed: string[];
  /** The worker process still holds the run (false once it ended, or when it was killed). */
  running: boolean;
  decision: OrchestratorState['decision'] | null;
  patch: string | null;
  state: string;
  log: string;
  updatedAt: string;
  /** The log's last lines when the run stopped before it was done (a crash, a kill). */
  logTail?: string;
}

const STARTUP_TIMEOUT_MS = 30_000;

function runFiles(runId: string) {
  const dir = `${layout.orchestrator}/${runId}`;
  return { state: statePath(runId), log: `${dir}/background.log`, lock: `${dir}/background.lock` };
}

/** The worker's file next to this one (`dist/api/` when built; tests run the built copy too). */
function workerScript(): string {
  const here = parentDirectory(fileURLToPath(import.meta.url));
  const packageRoot = parentDirectory(parentDirectory(here));
  return joinPath(packageRoot, 'dist', 'api', 'orchestrate-worker.js');
}

/** Checks the options, starts the worker and returns once the run's state.json exists. */
export async function startBackgroundRun(
  task: string,
  directory: string,
  options: BackgroundRequest['options'] = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<BackgroundStart> {
  const home = await existingDirectory(directory);
  // Bad options fail here, as the caller's error, before a process or a file exists.
  await runOptionsOf(task, home, options, env);
  const worker = workerScript();
  if (!(await pathExists(worker)))
    throw new OcppError('INTERNAL', `the orchestrator worker ${worker} is missing`, {
      hint: 'run `npm run build` in the opencode-plusplus checkout',
    });
  const runId = newRunId(new Date());
  const files = runFiles(runId);
  await ensureDirectory(parentDirectory(absolutePath(home, files.state)));
  const request: BackgroundRequest = { task, home, runId, options };
  const pid = spawnWorker(worker, request, absolutePath(home, files.log), env);
  await waitForState(home, runId, pid);
  return { runId, state: files.state, log: files.log, pid };
}

function spawnWorker(
  worker: string,
  request: BackgroundRequest,
  log: string,
  env: NodeJS.ProcessEnv,
): number {
  const output = openSync(log, 'a');
  try {
    const child = spawn(process.execPath, [worker, JSON.stringify(request)], {
      cwd: request.home,
      env,
      detached: true,
      stdio: ['ignore', output, output],
    });
    child.unref();
    if (child.pid === undefined) throw new OcppError('INTERNAL', `could not start ${worker}`);
    return child.pid;
  } finally {
    closeSync(output);
  }
}

/** Polls for state.json; a worker that dies first fails the start with its log. */
async function waitForState(home: string, runId: string, pid: number): Promise<void> {
  const files = runFiles(runId);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await pathExists(absolutePath(home, files.state))) return;
    if (!pidExists(pid)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tail = await logTail(home, files.log);
  throw new OcppError('INTERNAL', `the orchestrator run ${runId} did not start`, {
    file: files.log,
    hint: tail ? `its log ends with:\n${tail}` : 'its log is empty',
  });
}

async function logTail(home: string, log: string, lines = 12): Promise<string> {
  const text = (await readTextIfExists(absolutePath(home, log))) ?? '';
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** The run's state.json, and whether its worker still runs. */
export async function backgroundRunStatus(runId: string, directory = '.'): Promise<BackgroundStatus> {
  const home = await existingDirectory(directory);
  const state = await readState(home, runId);
  const files = runFiles(state.runId);
  const holder = await lockHolder(absolutePath(home, files.lock));
  const running = holder?.alive === true;
  const status: BackgroundStatus = {
    runId: state.runId,
    phase: state.phase,
    iteration: state.iteration,
    completed: state.completed,
    running,
    decision: state.decision ?? null,
    patch: state.patch ?? null,
    state: files.state,
    log: files.log,
    updatedAt: state.updatedAt,
  };
  if (!running && state.phase !== 'done') status.logTail = await logTail(home, files.log);
  return status;
}

export { runFiles as backgroundRunFiles };
