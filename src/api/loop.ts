/**
 * The loop controller through the library: gathers every signal once (freshness, the change and
 * its impact, contracts, tests, the task run, trace evidence, hallucination and regression
 * guards), asks the controller what now, and with `write` moves the task's state.json along
 * legal transitions.
 */

import type { FreshnessReport } from '../context/freshness.js';
import type { ContextSignals } from '../guards/adapters.js';
import type { LoopControllerReport, LoopPhase, TaskRunFacts } from '../loop/controller.js';
import type { RunState } from '../loop/state-file.js';
import type { EventBus } from '../shared/events.js';
import { type ExpectedDiff, expectedDiffOf } from '../task/expected-diff.js';
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
  const [{ existingDirectory }, { loadConfig }, { assessFreshness }, { gitTopLevel }, { silentBus }] =
    await Promise.all([
      import('../shared/fs.js'),
      import('../config/load.js'),
      import('../context/freshness.js'),
      import('../shared/git.js'),
      import('../shared/events.js'),
    ]);
  const root = await existingDirectory(directory);
  const bus = options.bus ?? silentBus();
  const config = await loadConfig(root);
  const phase = options.phase ?? 'preflight';
  const policy = options.evidencePolicy ?? config.config.policy.evidence;
  const freshness = await assessFreshness(root, config, bus);
  const run = await findRun(root, task);
  const trace = options.traceId
    ? await readTraceFor(root, options.traceId, run?.taskId)
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
  if (!options.write) return { ...report, written: false };
  if (!run) return { ...report, written: false };
  const state = await writeState(
    root,
    run.taskId,
    report,
    {
      contextBuilt: freshness.verdict !== 'missing',
      hasRun: true,
      agentStarted: phase !== 'preflight' || (trace?.steps.length ?? 0) > 0,
      changed: (signals?.changedFiles.length ?? 0) > 0,
      testsFailed: testsFailedSinceLastEdit(trace),
    },
    {
      treeHash: signals?.treeHash,
      contextHash: freshness.verdict === 'missing' ? undefined : await manifestSourceHash(root),
      diffHash: signals?.diffHash,
      traceId: trace?.id,
    },
  );
  return { ...report, state, written: true };
}

/**
 * What the agent reads is the repository's context: a change to task packs alone (a run written
 * or removed) is the plan's business — `replan`, not `rebuild-context`.
 */
function contextSignals(
  freshness: FreshnessReport,
  run: TaskRunFacts | undefined,
  present: Set<string> | undefined,
): ContextSignals {
  const relevant = freshness.components.filter(
    (component) => component.verdict !== 'fresh' && component.component !== 'taskPacks',
  );
  const rank = { fresh: 0, stale: 1, inconsistent: 2, missing: 3 } as const;
  const verdict = relevant.reduce<FreshnessReport['verdict']>(
    (worst, component) => (rank[component.verdict] > rank[worst] ? component.verdict : worst),
    'fresh',
  );
  return {
    verdict: freshness.verdict === 'missing' ? 'missing' : verdict,
    reasons: relevant.map((component) => `${component.component}: ${component.reason}`),
    drift: run ? staleRunFiles(run, present) : [],
  };
}

/** The run whose run.json names this task (the newest when several do). */
async function findRun(root: string, task: string): Promise<TaskRunFacts | undefined> {
  const { promises: fsp } = await import('node:fs');
  const [{ layout }, { absolutePath }, { parseJson }] = await Promise.all([
    import('../shared/layout.js'),
    import('../shared/path.js'),
    import('../shared/json.js'),
  ]);
  let ids: string[];
  try {
    ids = (await fsp.readdir(absolutePath(root, layout.runs))).sort();
  } catch {
    return undefined;
  }
  for (const id of ids.reverse()) {
    const file = `${layout.runs}/${id}/run.json`;
    let text: string;
    try {
      text = await fsp.readFile(absolutePath(root, file), 'utf8');
    } catch {
      continue;
    }
    const value = parseJson(text, file) as RunJson;
    if (value.task?.trim() !== task.trim()) continue;
    return runFacts(id, value);
  }
  return undefined;
}

interface RunJson {
  task?: string;
  taskId?: string;
  files?: Array<{ path: string; representation?: string }>;
  tests?: Array<{ path: string }>;
  explicitFiles?: Array<{ path: string; exists?: boolean }>;
  expectedDiff?: ExpectedDiff;
  editBoundary?: { allowedEditGlobs?: string[]; avoidEditGlobs?: string[] };
  budget?: number;
  usedTokens?: number;
}

function runFacts(id: string, value: RunJson): TaskRunFacts {
  const files = (value.files ?? []).map((file) => file.path);
  // Runs written before run.json carried the expected diff: derive it the same way.
  const expected = value.expectedDiff ?? expectedDiffOf(value);
  return {
    taskId: value.taskId ?? id,
    files,
    expected: [...expected.files].sort(),
    expectedMode: expected.mode,
    tests: (value.tests ?? []).map((test) => test.path),
    allowedEditGlobs: value.editBoundary?.allowedEditGlobs ?? [],
    avoidEditGlobs: value.editBoundary?.avoidEditGlobs ?? [],
    ...(value.budget !== undefined ? { budget: value.budget } : {}),
    ...(value.usedTokens !== undefined ? { usedTokens: value.usedTokens } : {}),
  };
}

/** The trace `run` recorded in the run's state.json, when its file is still there. */
async function recordedTrace(root: string, taskId: string): Promise<Trace | undefined> {
  const [{ readRunState }, { layout }, { absolutePath }, { promises: fsp }] = await Promise.all([
    import('../loop/state-file.js'),
    import('../shared/layout.js'),
    import('../shared/path.js'),
    import('node:fs'),
  ]);
  const traceId = (await readRunState(root, taskId))?.traceId;
  if (!traceId) return undefined;
  try {
    await fsp.access(absolutePath(root, `${layout.traces}/${traceId}.json`));
  } catch {
    return undefined;
  }
  return readTraceFor(root, traceId, taskId);
}

async function readTraceFor(root: string, traceId: string, taskId: string | undefined): Promise<Trace> {
  const trace = await (await import('../trace/store.js')).readTrace(root, traceId);
  if (taskId && trace.taskId && trace.taskId !== taskId) {
    const { OcppError } = await import('../shared/errors.js');
    throw new OcppError('INPUT_INVALID', `trace ${traceId} belongs to task ${trace.taskId}, not ${taskId}`, {
      hint: 'pass the trace of this task, or start one with `trace start "<task>" --task-id <id>`',
    });
  }
  return trace;
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
    { evidenceSatisfies },
    { regressionFromAnalysis },
    { guardChange },
    { workingTreeHash },
    { hashValue },
  ] = await Promise.all([
    import('./impact.js'),
    import('../policy/evaluate.js'),
    import('../trace/evidence.js'),
    import('./regression.js'),
    import('./gate.js'),
    import('../shared/worktree-hash.js'),
    import('../shared/hash.js'),
  ]);
  const analysis = await analyzeChange(root, { bus, ...(options.base ? { base: options.base } : {}) });
  const { tree, contracts } = analysis;
  const validation = await validateChange(analysis);
  const selection = selectionOf(analysis);
  const testCommands = testCommandsOf(contracts);
  const treeHash = await workingTreeHash(root, tree.config.config.context.agentsFile);
  const requirements = evidenceRequirements({
    impact: analysis.impact,
    testCommands,
    evidencePolicy: policy,
  });
  const evidence = requirements.map((requirement) =>
    trace
      ? evidenceSatisfies(requirement, trace, policy, { treeHash })
      : {
          requirement: requirement.id,
          satisfied: false,
          verified: false,
          claimed: false,
          reasons: ['no trace given: nothing proves it (pass --trace <id>)'],
        },
  );
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

function staleRunFiles(
  run: TaskRunFacts,
  present: Set<string> | undefined,
): Array<{ kind: string; file: string; message: string }> {
  if (!present) return [];
  const gone = run.files.filter((path) => !present.has(path));
  if (gone.length === 0) return [];
  return [
    {
      kind: 'task-pack-stale',
      file: `.agent-context/runs/${run.taskId}/run.json`,
      message: `the task pack names ${gone.length} file(s) that moved or vanished: ${gone.slice(0, 3).join(', ')}`,
    },
  ];
}

function testsFailedSinceLastEdit(trace: Trace | undefined): boolean {
  if (!trace) return false;
  let lastEdit = -1;
  trace.steps.forEach((step, index) => {
    if (step.kind === 'edit') lastEdit = index;
  });
  return trace.steps
    .slice(lastEdit + 1)
    .some(
      (step) =>
        (step.kind === 'command' && step.exitCode !== 0 && step.about.includes('tests')) ||
        (step.kind === 'test-report' && step.report.failed + step.report.errors > 0),
    );
}

async function manifestSourceHash(root: string): Promise<string | undefined> {
  return (await (await import('../context/manifest.js')).readManifest(root))?.hashes.source;
}

async function writeState(
  root: string,
  taskId: string,
  report: LoopControllerReport,
  facts: import('../loop/progress.js').ProgressFacts,
  hashes: {
    treeHash: string | undefined;
    contextHash: string | undefined;
    diffHash: string | undefined;
    traceId: string | undefined;
  },
): Promise<RunState> {
  const [
    { readRunState, writeRunState, STATE_SCHEMA_VERSION },
    { advance, targetState },
    { withLock },
    { layout },
    { absolutePath },
  ] = await Promise.all([
    import('../loop/state-file.js'),
    import('../loop/progress.js'),
    import('../shared/fs.js'),
    import('../shared/layout.js'),
    import('../shared/path.js'),
  ]);
  return withLock(
    absolutePath(root, `${layout.runs}/${taskId}`),
    async () => {
      const current: RunState = (await readRunState(root, taskId)) ?? {
        schemaVersion: STATE_SCHEMA_VERSION,
        taskId,
        state: 'EMPTY',
        reached: [],
        satisfiedEvidence: [],
        missingEvidence: [],
        history: [],
      };
      const target = targetState(report, facts);
      const moved = advance(current, target, report.next.reason);
      const next: RunState = {
        ...moved,
        schemaVersion: STATE_SCHEMA_VERSION,
        ...(hashes.treeHash ? { repoHash: hashes.treeHash } : {}),
        ...(hashes.contextHash ? { contextHash: hashes.contextHash } : {}),
        ...(hashes.diffHash ? { diffHash: hashes.diffHash } : {}),
        ...(hashes.traceId ? { traceId: hashes.traceId } : {}),
        lastAction: {
          type: `loop:${report.phase}`,
          reason: current.state === target ? `stayed in ${target}` : `${current.state} -> ${target}`,
        },
        nextAction: {
          type: report.next.action,
          blocking: report.next.blocking,
          reason: report.next.reason,
          ...(report.next.command ? { command: report.next.command } : {}),
        },
        satisfiedEvidence: report.evidence
          .filter((verdict) => verdict.satisfied)
          .map(
            (verdict) =>
              `${verdict.requirement}: ${verdict.step} (${verdict.level}${verdict.verified ? '' : ', unverified'})`,
          ),
        missingEvidence: [
          ...report.evidence.filter((verdict) => !verdict.satisfied).map((verdict) => verdict.requirement),
          ...report.findings.filter((finding) => finding.guard === 'regression').map((finding) => finding.id),
        ],
      };
      await writeRunState(root, next);
      return next;
    },
    { purpose: `another writer of run ${taskId}` },
  );
}
