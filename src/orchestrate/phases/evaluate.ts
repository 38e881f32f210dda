/**
 * Evaluate: refresh the context as `decideContextRefresh` says, run the selected tests as command
 * evidence (narrow first, then what the policy still requires), then verify, policy, the loop
 * controller with its guards, the tree guard and the reflection node. Writes each gate's report
 * into the iteration folder and turns them all into candidates.
 */
import { loadConfig } from '../../config/load.js';
import { decideContextRefresh } from '../../context/refresh.js';
import type { LoopControllerReport } from '../../loop/controller.js';
import type { PolicyReport } from '../../policy/evaluate.js';
import { writeJsonAtomic } from '../../shared/fs.js';
import { absolutePath } from '../../shared/path.js';
import { workingTreeHash } from '../../shared/worktree-hash.js';
import { readTrace } from '../../trace/store.js';
import { runTestCommand } from '../evidence.js';
import type { GateOptions, RunContext } from '../ports.js';
import { reflectOnIteration } from '../reflection.js';
import { collectCandidates } from '../signals.js';
import { treeFindings } from '../tree-guard.js';
import type {
  CollectOutput,
  Decision,
  EvaluateOutput,
  ExecuteOutput,
  RunOptions,
  TestRun,
} from '../types.js';

export interface EvaluateInput {
  runId: string;
  /** The reflection node's run: a person's answer starts a new one (its depth counts from zero). */
  reflectionRunId: string;
  options: RunOptions;
  iteration: number;
  iterationDir: string;
  traceId: string;
  execute: ExecuteOutput;
  collect: CollectOutput;
  /** The tree hash the context was last built or refreshed on. */
  contextTreeHash: string | undefined;
  previous?: Decision;
}

export async function evaluate(context: RunContext, input: EvaluateInput): Promise<EvaluateOutput> {
  const refresh = await refreshContext(context, input);
  const gate: GateOptions = {
    bus: context.bus,
    traceId: input.traceId,
    ...(input.options.evidencePolicy ? { evidencePolicy: input.options.evidencePolicy } : {}),
    ...(input.options.failOn ? { failOn: input.options.failOn } : {}),
  };
  const verify = await context.ports.verify(context.work, context.bus);
  const tests: TestRun[] = [];
  const skipped: string[] = [];
  const run = async (command: string, level: TestRun['level']) => {
    const result = await runTestCommand({
      work: context.work,
      traceId: input.traceId,
      runId: input.runId,
      iteration: input.iteration,
      command,
      level,
      treeHash: input.collect.treeHash,
      env: context.env,
    });
    if (result) tests.push(result);
    else skipped.push(command);
    return result;
  };
  const narrow = input.collect.changedFiles.length > 0 ? verify.commands.minimal[0] : undefined;
  const narrowRun = narrow ? await run(narrow, 'narrow') : undefined;
  let policy = await context.ports.policy(context.work, gate);
  const required = requiredCommand(policy);
  if (required && required !== narrow && (narrowRun === undefined || narrowRun.exitCode === 0)) {
    await run(required, 'required');
    policy = await context.ports.policy(context.work, gate);
  }
  const loop = await context.ports.loop(input.options.task, context.work, gate);
  const tree = treeFindings(input.collect.changedFiles);
  const config = (await loadConfig(context.work)).config;
  const reflection = await reflectOnIteration({
    home: context.home,
    work: context.work,
    runId: input.reflectionRunId,
    task: input.options.task,
    iteration: input.iteration,
    depthCap: input.options.reflectionDepth,
    changedFiles: input.collect.changedFiles,
    planDiff: loop.planDiff,
    config,
    env: context.env,
  });
  const reflected = reflection.ran ? reflection.result : undefined;
  const candidates = collectCandidates({
    execute: input.execute,
    collect: input.collect,
    tests,
    policy,
    loop,
    treeFindings: tree,
    ...(reflected ? { reflection: reflected } : {}),
  });
  await writeReports(context, input, { verify, policy, loop, tree, reflection, tests });
  return {
    context: refresh,
    tests,
    skippedCommands: skipped,
    verdicts: {
      verify: verify.verdict,
      policy: policy.passed,
      loop: loop.next.action,
      reflection: reflected ? reflected.decision : `skipped: ${reflection.ran ? '' : reflection.reason}`,
    },
    treeHash: await workingTreeHash(context.work),
    candidates,
    gateIds: gateIds(policy, loop),
    missingEvidence: policy.requirements
      .filter((entry) => !entry.satisfied)
      .map((entry) => entry.requirement),
    requiredCommands: [
      ...new Set(candidates.flatMap((entry) => (entry.blocking && entry.command ? [entry.command] : []))),
    ].sort(),
    freshness: loop.decisions.some((entry) => entry.action === 'rebuild-context') ? 'stale' : 'fresh',
  };
}

async function refreshContext(context: RunContext, input: EvaluateInput): Promise<EvaluateOutput['context']> {
  const decision = decideContextRefresh(
    input.contextTreeHash === undefined ? undefined : { workingTreeHash: input.contextTreeHash },
    {
      repackRequested: input.previous?.action === 'repack',
      workingTreeHash: input.collect.treeHash,
      modifiedFiles: input.collect.iterationFiles,
    },
  );
  const started = Date.now();
  if (decision.mode !== 'reused')
    await context.ports.refreshContext(context.work, decision.mode, context.bus);
  return { ...decision, durationMs: Date.now() - started };
}

/** The command the policy names for the evidence it still misses. */
function requiredCommand(policy: PolicyReport): string | undefined {
  const finding = policy.findings.find((entry) => entry.id.startsWith('missing-evidence'));
  const fix = finding?.fix;
  if (!fix) return undefined;
  const traced = /trace run \S+ -- (.+)$/.exec(fix);
  return (traced ? traced[1] : fix)?.replace(/^`|`$/g, '').trim();
}

function gateIds(policy: PolicyReport, loop: LoopControllerReport): string[] {
  return [
    ...policy.findings.filter((entry) => entry.severity !== 'risk').map((entry) => `policy:${entry.id}`),
    ...loop.findings.filter((entry) => entry.severity === 'block').map((entry) => `guard:${entry.id}`),
  ].sort();
}

interface Reports {
  verify: unknown;
  policy: PolicyReport;
  loop: LoopControllerReport;
  tree: unknown;
  reflection: unknown;
  tests: TestRun[];
}

async function writeReports(context: RunContext, input: EvaluateInput, reports: Reports): Promise<void> {
  const write = (name: string, value: unknown) =>
    writeJsonAtomic(absolutePath(context.home, `${input.iterationDir}/${name}`), value);
  await write('verify.json', reports.verify);
  await write('policy.json', reports.policy);
  await write('loop.json', reports.loop);
  await write('guard.findings.json', {
    schemaVersion: 1,
    findings: reports.loop.findings,
    tree: reports.tree,
  });
  await write('guard.gates.json', {
    schemaVersion: 1,
    gates: {
      tests: reports.tests.map((entry) => ({
        command: entry.command,
        level: entry.level,
        exitCode: entry.exitCode,
        step: entry.step,
      })),
      policy: { passed: reports.policy.passed, counts: reports.policy.counts },
      loop: { next: reports.loop.next.action, blocked: reports.loop.blocked },
      tree: { blocked: Array.isArray(reports.tree) && reports.tree.length > 0 },
    },
  });
  await write('reflection.json', reports.reflection);
  await write('trace.json', await readTrace(context.work, input.traceId));
}
