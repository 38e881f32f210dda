/**
 * The loop controller through the library: gathers every signal once (freshness, the change and
 * its impact, contracts, tests, the task run, trace evidence, hallucination and regression
 * guards), asks the controller what now, and with `write` moves the task's state.json along
 * legal transitions.
 */

import type { LoopControllerReport, LoopPhase, TaskRunFacts } from '../loop/controller.js';
import type { DecisionHashes } from '../loop/next-state.js';
import type { ProgressFacts } from '../loop/progress.js';
import type { RunState } from '../loop/state-file.js';
import type { EventBus } from '../shared/events.js';
import type { EvidencePolicy } from '../trace/evidence.js';
import type { Trace } from '../trace/types.js';

export type { LoopAction, LoopControllerReport, LoopDecision, LoopPhase } from '../loop/controller.js';
export type { RunState } from '../loop/state-file.js';

export interface LoopCallOptions {
  bus?: EventBus;
  phase?: LoopPhase;
  /** The trace whose evidence counts. @default the one `startRun` recorded in the run's state.json */
  traceId?: string;
  evidencePolicy?: EvidencePolicy;
  base?: string;
  /** Move and write the task's state.json. */
  write?: boolean;
}

export interface LoopResult extends LoopControllerReport {
  /** The state after this call (with `write`: as written). */
  state?: RunState;
  written: boolean;
}

export async function loop(
  task: string,
  directory = '.',
  options: LoopCallOptions = {},
): Promise<LoopResult> {
  const { usageError } = await import('../shared/errors.js');
  if (!task.trim())
    throw usageError('a task description is required', 'loop "<what the agent should do>" [dir]');
  const [
    { existingDirectory },
    { loadConfig },
    { assessFreshness },
    { gitTopLevel },
    { silentBus },
    { recordedTrace, traceOfTask },
    { contextSignals },
  ] = await Promise.all([
    import('../shared/fs.js'),
    import('../config/load.js'),
    import('../context/freshness.js'),
    import('../shared/git.js'),
    import('../shared/events.js'),
    import('../loop/run-trace.js'),
    import('../loop/signals.js'),
  ]);
  const root = await existingDirectory(directory);
  const bus = options.bus ?? silentBus();
  const config = await loadConfig(root);
  const phase = options.phase ?? 'preflight';
  const policy = options.evidencePolicy ?? config.config.policy.evidence;
  const freshness = await assessFreshness(root, config, bus);
  const run = await findRun(root, task);
  const trace = options.traceId
    ? await traceOfTask(root, options.traceId, run?.taskId)
    : run && (await recordedTrace(root, run.taskId));
  const git = Boolean(await gitTopLevel(root));
  const signals =
    git && freshness.verdict !== 'missing'
      ? await changeSignals(root, trace, policy, options, bus)
      : undefined;
  const { buildLoopControllerReport } = await import('../loop/controller.js');
  const report = buildLoopControllerReport({
    phase,
    task,
    ...(run ? { run } : {}),
    context: contextSignals(freshness, run, signals?.present),
    changedFiles: signals?.changedFiles ?? [],
    ...(signals ? { impact: signals.impact, selection: signals.selection } : {}),
    contractFindings: signals?.contractFindings ?? [],
    evidence: signals?.evidence ?? [],
    ...(trace ? { trace } : {}),
    guardFindings: signals?.guardFindings ?? [],
    quotedTask: JSON.stringify(task),
  });
  if (!options.write || !run) return { ...report, written: false };
  const state = await recordDecision(root, run.taskId, report, {
    contextBuilt: freshness.verdict !== 'missing',
    phase,
    trace,
    signals,
  });
  return { ...report, state, written: true };
}

/** With `write`: moves the run's state.json to where the report and the facts put the task. */
async function recordDecision(
  root: string,
  taskId: string,
  report: LoopControllerReport,
  seen: {
    contextBuilt: boolean;
    phase: LoopPhase;
    trace: Trace | undefined;
    signals: Awaited<ReturnType<typeof changeSignals>> | undefined;
  },
): Promise<RunState> {
  const [{ updateRunState }, { nextRunState }, { testsFailedSinceLastEdit }] = await Promise.all([
    import('../loop/state-file.js'),
    import('../loop/next-state.js'),
    import('../loop/signals.js'),
  ]);
  const facts: ProgressFacts = {
    contextBuilt: seen.contextBuilt,
    hasRun: true,
    agentStarted: seen.phase !== 'preflight' || (seen.trace?.steps.length ?? 0) > 0,
    changed: (seen.signals?.changedFiles.length ?? 0) > 0,
    testsFailed: testsFailedSinceLastEdit(seen.trace),
  };
  const hashes: DecisionHashes = {
    treeHash: seen.signals?.treeHash,
    contextHash: seen.contextBuilt ? await manifestSourceHash(root) : undefined,
    diffHash: seen.signals?.diffHash,
    traceId: seen.trace?.id,
  };
  return updateRunState(root, taskId, (current) => nextRunState(current, report, facts, hashes));
}

/** The run whose run.json names this task (the newest when several do). */
async function findRun(root: string, task: string): Promise<TaskRunFacts | undefined> {
  const { findRunForTask, runFacts } = await import('../task/run-file.js');
  const found = await findRunForTask(root, task);
  return found && runFacts(found.taskId, found.record);
}

async function changeSignals(
  root: string,
  trace: Trace | undefined,
  policy: EvidencePolicy,
  options: LoopCallOptions,
  bus: EventBus,
) {
  const [
    { analyzeChange, validateChange, testCommandsOf, selectionOf },
    { evidenceRequirements },
    { evidenceVerdicts },
    { regressionFromAnalysis },
    { guardChange },
    { workingTreeHash },
    { hashValue },
  ] = await Promise.all([
    import('./impact.js'),
    import('../policy/evaluate.js'),
    import('../loop/signals.js'),
    import('./regression.js'),
    import('./gate.js'),
    import('../shared/worktree-hash.js'),
    import('../shared/hash.js'),
  ]);
  const analysis = await analyzeChange(root, { bus, ...(options.base ? { base: options.base } : {}) });
  const { tree, contracts } = analysis;
  const validation = await validateChange(analysis);
  const selection = await selectionOf(analysis);
  const testCommands = testCommandsOf(contracts);
  const treeHash = await workingTreeHash(root, tree.config.config.context.agentsFile);
  const requirements = evidenceRequirements({
    impact: analysis.impact,
    testCommands,
    evidencePolicy: policy,
  });
  const evidence = evidenceVerdicts(requirements, trace, policy, treeHash);
  const changedFiles = analysis.impact.changed.map((file) => file.path);
  const present = new Set(tree.files.map((file) => file.path));
  const guards = await guardChange(analysis, trace);
  const regressions = await regressionFromAnalysis(analysis, {
    ...(trace ? { trace } : {}),
    evidencePolicy: policy,
  });
  return {
    changedFiles,
    impact: analysis.impact,
    selection,
    contractFindings: validation.findings,
    evidence,
    guardFindings: [...guards.flatMap((report) => report.findings), ...regressions.findings],
    treeHash,
    diffHash: hashValue(
      analysis.impact.changed.map((file) => [file.path, file.status, file.additions, file.deletions]),
    ),
    present,
  };
}

async function manifestSourceHash(root: string): Promise<string | undefined> {
  return (await (await import('../context/manifest.js')).readManifest(root))?.hashes.source;
}
