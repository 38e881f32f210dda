/**
 * The coordinator: runs the phases in order, replacing state.json after each, until the run is
 * done. Resuming reads state.json and continues with the first phase not completed; a lost
 * sandbox is recreated from the last persisted patch first.
 */
import { randomBytes } from 'node:crypto';
import { OcppError } from '../shared/errors.js';
import { pathExists } from '../shared/fs.js';
import type { RunContext } from './ports.js';
import { ensureSandbox } from './resume.js';
import { discardSandbox } from './sandbox.js';
import { readState, writeState } from './state.js';
import { steps, workOf } from './steps.js';
import {
  type Interruption,
  ORCHESTRATOR_SCHEMA_VERSION,
  type OrchestratorState,
  type PhaseName,
  type RunOptions,
} from './types.js';

export type CoordinatorContext = Omit<RunContext, 'work'>;

export function newRunId(now: Date, random = randomBytes(3).toString('hex')): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `orc-${stamp}-${random}`;
}

/** Starts a run; `runId` lets a caller that returns before the run ends (MCP) name it first. */
export async function startRun(
  context: CoordinatorContext,
  options: RunOptions,
  runId?: string,
): Promise<OrchestratorState> {
  const now = context.now();
  const state: OrchestratorState = {
    schemaVersion: ORCHESTRATOR_SCHEMA_VERSION,
    runId: runId ?? newRunId(now),
    options,
    phase: 'plan',
    iteration: 0,
    completed: [],
    current: {},
    artifacts: {},
    fingerprints: [],
    iterations: [],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  return runPhases(context, await writeState(context.home, state, now));
}

export interface ResumeRequest {
  runId: string;
  answer?: string;
  /** More iterations for a run that stopped at its budget. */
  extraLoops?: number;
}

export async function resumeRun(
  context: CoordinatorContext,
  request: ResumeRequest,
): Promise<OrchestratorState> {
  let state = resumedAfterInterrupt(await readState(context.home, request.runId));
  if (state.phase === 'done') {
    if (request.answer === undefined) return state;
    state = reopen(state, request.answer, request.extraLoops ?? 1);
  } else if (request.answer !== undefined) {
    state = { ...state, answer: request.answer };
  }
  await ensureSandbox({ ...context, work: workOf(context.home, state) }, state);
  return runPhases(context, await writeState(context.home, state, context.now()));
}

/** A person answered the question a finished run asked: one more iteration, with the answer in its prompt. */
function reopen(state: OrchestratorState, answer: string, extraLoops: number): OrchestratorState {
  if (state.decision?.action !== 'human-review')
    throw new OcppError(
      'STATE_CONFLICT',
      `run ${state.runId} ended with ${state.decision?.action ?? 'nothing'}, not a question`,
      {
        hint: 'only a run that asked for a person (human-review) takes --answer; start a new run instead',
      },
    );
  const answers = (state.answers ?? 0) + 1;
  return {
    ...state,
    answer,
    answers,
    // The reflection node escalated to a person; the answer starts its depth again.
    reflectionRunId: `${state.runId}-answer-${answers}`,
    phase: 'execute',
    iteration: state.iteration + 1,
    current: {},
    options: { ...state.options, maxLoops: Math.max(state.options.maxLoops, state.iteration + extraLoops) },
    // The person's answer is new information: the stall count starts again.
    convergence: undefined,
  } as OrchestratorState;
}

async function runPhases(
  context: CoordinatorContext,
  initial: OrchestratorState,
): Promise<OrchestratorState> {
  let state = initial;
  while (state.phase !== 'done') {
    if (context.signal?.aborted) return interrupt(context, state);
    const phase = state.phase;
    context.bus.log('info', `phase ${phase}${state.iteration > 0 ? ` (iteration ${state.iteration})` : ''}`);
    const work = workOf(context.home, state);
    if (state.sandbox && !(await pathExists(work)) && phase !== 'finalize')
      await ensureSandbox({ ...context, work }, state);
    const next = await runStep(context, state, work);
    // A phase that ends after the interrupt may have had its processes cut short: never recorded.
    if (next === undefined || context.signal?.aborted) return interrupt(context, state);
    const label =
      state.iteration > 0 && phase !== 'finalize'
        ? `${String(state.iteration).padStart(3, '0')}/${phase}`
        : phase;
    state = await writeState(context.home, { ...next, completed: [...next.completed, label] }, context.now());
    crashHook(context.env, label);
  }
  return state;
}

/**
 * One step; when it throws, the sandbox is discarded (state.json still names the last completed
 * phase, and a resume recreates the sandbox from the persisted patch) and the error goes on —
 * unless the run was interrupted, which is what made the step fail (undefined: no step).
 */
async function runStep(context: CoordinatorContext, state: OrchestratorState, work: string) {
  try {
    return await steps[state.phase as PhaseName]({ ...context, work }, state);
  } catch (error) {
    if (context.signal?.aborted) return undefined;
    if (state.sandbox?.kind === 'git-worktree')
      await discardSandbox(context.home, state.runId).catch(() => undefined);
    throw error;
  }
}

/**
 * Interrupted: the executor's process group is already killed (the signal reached it), the
 * sandbox is discarded, and state.json keeps the last completed phase and says what was cut
 * short; `--resume` recreates the sandbox from the persisted patch and reruns that phase.
 */
async function interrupt(context: CoordinatorContext, state: OrchestratorState): Promise<OrchestratorState> {
  if (state.sandbox?.kind === 'git-worktree')
    await discardSandbox(context.home, state.runId).catch(() => undefined);
  const phase = state.phase as PhaseName;
  const interruption: Interruption = {
    at: context.now().toISOString(),
    phase,
    iteration: state.iteration,
    signal: String(context.signal?.reason ?? 'abort'),
  };
  context.bus.log(
    'warn',
    `interrupted (${interruption.signal}) during ${phase}: sandbox discarded; continue with --resume ${state.runId}`,
  );
  return writeState(context.home, { ...state, interrupted: interruption }, context.now());
}

function resumedAfterInterrupt(state: OrchestratorState): OrchestratorState {
  if (!state.interrupted) return state;
  const { interrupted, ...rest } = state;
  return { ...rest, interruptions: [...(state.interruptions ?? []), interrupted] };
}

/**
 * Test hook: `OCPP_ORCHESTRATE_CRASH_AFTER=<label>` kills the process (SIGKILL, as a crash would)
 * right after that phase's state was written, so tests can prove a resume loses nothing.
 */
function crashHook(env: NodeJS.ProcessEnv, label: string): void {
  if (env.OCPP_ORCHESTRATE_CRASH_AFTER === label) process.kill(process.pid, 'SIGKILL');
}
