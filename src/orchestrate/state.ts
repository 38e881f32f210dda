/**
 * state.json of a run: replaced atomically after every phase, so a run killed at any point
 * resumes from the last completed phase. An unknown schemaVersion is a clear error, never
 * overwritten.
 */
import { OcppError } from '../shared/errors.js';
import { readJsonIfExists, writeJsonAtomic } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { statePath } from './paths.js';
import { ORCHESTRATOR_SCHEMA_VERSION, type OrchestratorState } from './types.js';

const RUN_ID = /^[a-z0-9][a-z0-9-]{2,80}$/;

export function checkRunId(runId: string): string {
  if (!RUN_ID.test(runId))
    throw new OcppError('USAGE', `not a run id: ${JSON.stringify(runId)}`, {
      hint: 'run ids look like orc-20261201-091500-1a2b3c; list them under .agent-context/orchestrator/',
    });
  return runId;
}

export async function readState(root: string, runId: string): Promise<OrchestratorState> {
  const file = statePath(checkRunId(runId));
  const value = await readJsonIfExists(absolutePath(root, file), file);
  if (value === undefined)
    throw new OcppError('NOT_FOUND', `no orchestrator run ${runId}`, {
      file,
      hint: 'list the runs under .agent-context/orchestrator/',
    });
  const version = (value as { schemaVersion?: unknown }).schemaVersion;
  if (version !== ORCHESTRATOR_SCHEMA_VERSION)
    throw new OcppError('STATE_VERSION', `unknown schemaVersion ${JSON.stringify(version)} (expected 1)`, {
      file,
      key: 'schemaVersion',
      hint: 'the run was written by another version of opencode-plusplus; the file was left as it is',
    });
  return value as OrchestratorState;
}

export async function writeState(
  root: string,
  state: OrchestratorState,
  now: Date,
): Promise<OrchestratorState> {
  const next = { ...state, updatedAt: now.toISOString() };
  await writeJsonAtomic(absolutePath(root, statePath(state.runId)), next);
  return next;
}
