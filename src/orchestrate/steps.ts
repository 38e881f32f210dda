/**
 * One step per phase: read what the phase needs from the run state, call the phase, fold its
 * output back into the state and name the next phase. The coordinator persists the state after
 * each step, so every step starts from what is on disk.
 */
import { absolutePath } from '../shared/path.js';
import { iterationDir } from './paths.js';
import { collect } from './phases/collect.js';
import { decide } from './phases/decide.js';
import { evaluate } from './phases/evaluate.js';
import { execute } from './phases/execute.js';
import { finalize } from './phases/finalize.js';
import { persist } from './phases/persist.js';
import { plan } from './phases/plan.js';
import { prepareSandbox } from './phases/prepare-sandbox.js';
import type { RunContext } from './ports.js';
import { readPatch } from './sandbox.js';
import type { OrchestratorState, PhaseName } from './types.js';

type Step = (context: RunContext, state: OrchestratorState) => Promise<OrchestratorState>;

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the run state lacks ${what}`);
  return value;
}

const dirOf = (state: OrchestratorState, iteration = state.iteration) =>
  iterationDir(need(state.runDir, 'runDir'), iteration);
const previousDir = (state: OrchestratorState) =>
  state.iteration > 1 ? dirOf(state, state.iteration - 1) : undefined;
const sandboxed = (state: OrchestratorState) => state.sandbox?.kind === 'git-worktree';

export const steps: Record<PhaseName, Step> = {
  async plan(context, state) {
    const output = await plan(context, { task: state.options.task });
    return { ...state, ...output, phase: 'prepare-sandbox' };
  },
  async 'prepare-sandbox'(context, state) {
    const output = await prepareSandbox(context, {
      runId: state.runId,
      task: state.options.task,
      taskId: need(state.taskId, 'taskId'),
      runDir: need(state.runDir, 'runDir'),
      checkpoint: state.options.checkpoint,
      executor: state.options.executor,
    });
    return { ...state, ...output, phase: 'execute', iteration: 1 };
  },
  async execute(context, state) {
    const output = await execute(context, {
      options: state.options,
      iteration: state.iteration,
      runDir: need(state.runDir, 'runDir'),
      iterationDir: dirOf(state),
      ...(state.decision ? { previous: state.decision } : {}),
      ...(state.answer ? { answer: state.answer } : {}),
    });
    return { ...state, current: { execute: output }, phase: 'collect' };
  },
  async collect(context, state) {
    const previous = previousDir(state);
    const output = await collect(context, {
      baseCommit: state.sandbox?.baseCommit ?? null,
      iterationDir: dirOf(state),
      previousPatch: await readPatch(context.home, previous ? `${previous}/diff.patch` : undefined),
    });
    return { ...state, current: { ...state.current, collect: output }, phase: 'evaluate' };
  },
  async evaluate(context, state) {
    const output = await evaluate(context, {
      runId: state.runId,
      reflectionRunId: state.reflectionRunId ?? state.runId,
      options: state.options,
      iteration: state.iteration,
      iterationDir: dirOf(state),
      traceId: need(state.traceId, 'traceId'),
      execute: need(state.current.execute, 'the execute output'),
      collect: need(state.current.collect, 'the collect output'),
      contextTreeHash: state.contextTreeHash,
      ...(state.decision ? { previous: state.decision } : {}),
    });
    const contextTreeHash =
      output.context.mode === 'reused' ? state.contextTreeHash : state.current.collect?.treeHash;
    return {
      ...state,
      ...(contextTreeHash ? { contextTreeHash } : {}),
      current: { ...state.current, evaluate: output },
      phase: 'decide',
    };
  },
  async decide(context, state) {
    const decision = await decide(context, {
      iteration: state.iteration,
      maxLoops: state.options.maxLoops,
      iterationDir: dirOf(state),
      evaluate: need(state.current.evaluate, 'the evaluate output'),
      ...(state.convergence ? { previous: state.convergence } : {}),
    });
    return { ...state, current: { ...state.current, decision }, phase: 'persist' };
  },
  async persist(context, state) {
    const decision = need(state.current.decision, 'the decision');
    const summary = await persist(context, {
      iteration: state.iteration,
      iterationDir: dirOf(state),
      previousIterationDir: previousDir(state),
      baseCommit: state.sandbox?.baseCommit ?? null,
      sandboxed: sandboxed(state),
      execute: need(state.current.execute, 'the execute output'),
      collect: need(state.current.collect, 'the collect output'),
      evaluate: need(state.current.evaluate, 'the evaluate output'),
      decision,
    });
    if (decision.action === 'repack' && !decision.terminal)
      await context.ports.task(state.options.task, context.home, context.bus);
    const next = {
      ...state,
      decision,
      convergence: decision.convergence,
      fingerprints: [...state.fingerprints, decision.convergence.fingerprint],
      iterations: [...state.iterations.filter((entry) => entry.iteration !== state.iteration), summary],
      artifacts: { ...state.artifacts, [`iteration-${state.iteration}`]: dirOf(state) },
    };
    if (decision.terminal) return { ...next, phase: 'finalize' };
    const { answer: _answered, ...rest } = next;
    return { ...rest, current: {}, iteration: state.iteration + 1, phase: 'execute' };
  },
  async finalize(context, state) {
    const decision = need(state.decision, 'the decision');
    const output = await finalize(context, {
      runId: state.runId,
      decision,
      evaluatedTreeHash: state.current.evaluate?.treeHash ?? '',
      lastPatchFile: state.iterations.length > 0 ? `${dirOf(state)}/diff.patch` : undefined,
      apply: state.options.apply,
      sandboxed: sandboxed(state),
    });
    return {
      ...state,
      decision: output.decision,
      ...(output.patch
        ? { patch: output.patch, artifacts: { ...state.artifacts, patch: output.patch } }
        : {}),
      applied: output.applied,
      phase: 'done',
    };
  },
};

/** The sandbox folder of the run (absolute), or the user's tree without one. */
export function workOf(home: string, state: OrchestratorState): string {
  return state.sandbox ? absolutePath(home, state.sandbox.path) : home;
}
