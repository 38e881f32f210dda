/**
 * `buildLoopControllerReport()`: at any point of an agent's work, what now — and why? It turns
 * freshness, drift, contracts, the diff, test selection, the task pack and trace evidence into
 * decisions, each with its priority, confidence, whether it blocks, the signals behind it, the
 * reason in words and the command to run next. Pure: every input arrives as data.
 */
import type { ContractFinding } from '../contracts/types.js';
import {
  boundaryGuard,
  type ContextSignals,
  contextGuard,
  evidenceGuard,
  impactGuard,
} from '../guards/adapters.js';
import type { GuardFinding } from '../guards/types.js';
import type { ChangeImpactReport } from '../impact/report.js';
import type { TestSelection } from '../impact/select.js';
import { type PlanActualDiff, planActualDiff } from '../shared/plan-actual-diff.js';
import type { EvidenceVerdict } from '../trace/evidence.js';
import type { Trace } from '../trace/types.js';

export const LOOP_PHASES = ['preflight', 'after-edit', 'repair'] as const;
export type LoopPhase = (typeof LOOP_PHASES)[number];

export type LoopAction =
  | 'rebuild-context'
  | 'repair-contracts'
  | 'repair'
  | 'replan'
  | 'expand-context'
  | 'add-or-update-tests'
  | 'run-tests'
  | 'start-agent'
  | 'ready-for-review';

/** Lower is more urgent; ties are broken by confidence, then by action name. */
export const ACTION_PRIORITY: Record<LoopAction, number> = {
  'rebuild-context': 10,
  'repair-contracts': 20,
  repair: 25,
  replan: 30,
  'expand-context': 40,
  'add-or-update-tests': 50,
  'run-tests': 60,
  'start-agent': 70,
  'ready-for-review': 80,
};

/** Edits of the contracts themselves outrank even a context rebuild (which would re-infer deleted ones). */
export const CONTRACT_SELF_EDIT_PRIORITY = 5;

export interface LoopDecision {
  action: LoopAction;
  priority: number;
  /** 0..1: how sure the controller is that this is the right move. */
  confidence: number;
  blocking: boolean;
  /** The findings and facts behind it. */
  signals: string[];
  reason: string;
  command?: string;
}

/** What run.json of the task's run says (read generically: the loop does not depend on task/). */
export interface TaskRunFacts {
  taskId: string;
  files: string[];
  /** Files the plan expects to change: the files the task names, else the pack's edit targets. */
  expected: string[];
  /**
   * `all`: every expected file should change (the task named them); `any`: they are candidates
   * and a change to one of them completes the plan (a one-file fix among five targets is done).
   */
  expectedMode?: 'all' | 'any';
  tests: string[];
  allowedEditGlobs: string[];
  avoidEditGlobs: string[];
  budget?: number;
  usedTokens?: number;
  omitted?: number;
}

export interface LoopInput {
  phase: LoopPhase;
  task: string;
  run?: TaskRunFacts;
  context: ContextSignals;
  /** Changed files against the base (deleted ones included). */
  changedFiles: string[];
  impact?: ChangeImpactReport;
  selection?: TestSelection;
  contractFindings: readonly ContractFinding[];
  evidence: readonly EvidenceVerdict[];
  trace?: Trace;
  /** Findings of other guards (hallucination, regression). */
  guardFindings: readonly GuardFinding[];
  /** Shell-safe form of the task for suggested commands. */
  quotedTask: string;
}

export interface LoopControllerReport {
  schemaVersion: 1;
  phase: LoopPhase;
  task: string;
  taskId?: string;
  /** The most urgent decision. */
  next: LoopDecision;
  /** Every decision, most urgent first. */
  decisions: LoopDecision[];
  /** True when a blocking decision exists. */
  blocked: boolean;
  /** Every guard finding that fed the decisions, in one shape. */
  findings: GuardFinding[];
  /** Each evidence requirement and whether the trace satisfies it. */
  evidence: EvidenceVerdict[];
  planDiff?: PlanActualDiff;
}

export function buildLoopControllerReport(input: LoopInput): LoopControllerReport {
  const findings = collectFindings(input);
  const planDiff =
    input.run && input.phase !== 'preflight'
      ? planActualDiff(input.run.expected, input.changedFiles, input.run.expectedMode)
      : undefined;
  const decisions = sortDecisions(
    [
      rebuildContext(input, findings),
      repairContracts(input, findings),
      repairChange(findings),
      replan(input, findings, planDiff),
      expandContext(input, findings),
      addOrUpdateTests(input, findings),
      runTests(input, findings),
    ].filter((decision): decision is LoopDecision => decision !== undefined),
  );
  decisions.push(...finalDecision(input, decisions));
  const sorted = sortDecisions(decisions);
  return {
    schemaVersion: 1,
    phase: input.phase,
    task: input.task,
    ...(input.run ? { taskId: input.run.taskId } : {}),
    next: sorted[0]!,
    decisions: sorted,
    blocked: sorted.some((decision) => decision.blocking),
    findings,
    evidence: [...input.evidence],
    ...(planDiff ? { planDiff } : {}),
  };
}

function collectFindings(input: LoopInput): GuardFinding[] {
  const protectedPaths = input.contractFindings
    .filter((finding) => finding.ruleId.startsWith('protected-path') && finding.severity === 'forbidden')
    .map((finding) => finding.file);
  const live = input.changedFiles;
  return [
    ...contextGuard(input.context),
    ...boundaryGuard({
      changedFiles: live,
      allowedEditGlobs: input.run?.allowedEditGlobs ?? [],
      avoidEditGlobs: input.run?.avoidEditGlobs ?? [],
      protectedPaths,
    }),
    ...evidenceGuard(input.evidence),
    ...(input.impact ? impactGuard(input.impact, input.selection?.regression.tests.length ?? 0) : []),
    ...input.guardFindings,
  ];
}

/** A guard says the change itself is broken (an undeclared package, a missing module or export): repair it. */
function repairChange(findings: GuardFinding[]): LoopDecision | undefined {
  const broken = findings.filter(
    (finding) => finding.requiredAction === 'repair' && finding.severity === 'block',
  );
  if (broken.length === 0) return undefined;
  const first = broken[0]!;
  const more = broken.length > 1 ? ` ${broken.length - 1} more finding(s) say the same kind of thing.` : '';
  return decision('repair', {
    confidence: 0.9,
    blocking: true,
    signals: broken.map((finding) => finding.id),
    reason: `Repair the change: ${sentence(first.message)}${more}`,
    command: 'opencode-plusplus hallucination .',
  });
}

function rebuildContext(input: LoopInput, findings: GuardFinding[]): LoopDecision | undefined {
  const context = findings.filter(
    (finding) => finding.guard === 'context' && finding.requiredAction === 'rebuild-context',
  );
  if (context.length === 0) return undefined;
  const missing = input.context.verdict === 'missing' || input.context.verdict === 'inconsistent';
  return decision('rebuild-context', {
    confidence: missing ? 0.95 : 0.85,
    blocking: true,
    signals: context.map((finding) => finding.id),
    reason: missing
      ? `the context is ${input.context.verdict}: build it before anything else`
      : 'the generated context no longer matches the tree: refresh it so the agent and the gates read current facts',
    command: input.context.verdict === 'missing' ? 'opencode-plusplus build' : 'opencode-plusplus update',
  });
}

function repairContracts(input: LoopInput, findings: GuardFinding[]): LoopDecision | undefined {
  const blockingContracts = input.contractFindings.filter(
    (finding) =>
      finding.severity === 'forbidden' ||
      (finding.severity === 'required' && !finding.ruleId.startsWith('missing-test')),
  );
  const boundary = findings.filter((finding) => finding.guard === 'boundary' && finding.severity === 'block');
  // An agent that edits or deletes the contracts that bind it: restore them before anything else
  // (a rebuild would quietly re-infer deleted ones and lose what people wrote in them).
  const ownRules = input.contractFindings.filter((finding) => finding.ruleId.startsWith('contract-edits'));
  if (ownRules.length > 0) {
    return {
      ...decision('repair-contracts', {
        confidence: 0.95,
        blocking: true,
        signals: ownRules.map((finding) => `${finding.ruleId}:${finding.file}`),
        reason: `the change edits or deletes the contracts themselves (${ownRules.map((finding) => finding.file.slice(finding.file.lastIndexOf('/') + 1)).join(', ')}): restore them, or have a person review the change`,
        command: 'git checkout -- .agent-context/contracts/',
      }),
      priority: CONTRACT_SELF_EDIT_PRIORITY,
    };
  }
  if (blockingContracts.length === 0 && boundary.length === 0) return undefined;
  const first = blockingContracts[0];
  return decision('repair-contracts', {
    confidence: 0.9,
    blocking: true,
    signals: [
      ...blockingContracts.map(
        (finding) => `${finding.ruleId}:${finding.file}${finding.line ? `:${finding.line}` : ''}`,
      ),
      ...boundary.map((finding) => finding.id),
    ],
    reason: first
      ? `${blockingContracts.length + boundary.length} contract violation(s), e.g. ${first.file}${first.line ? `:${first.line}` : ''}: ${first.message}`
      : `${boundary.length} edit(s) outside the boundary, e.g. ${boundary[0]!.message}`,
    command: 'opencode-plusplus validate-contracts .',
  });
}

function replan(
  input: LoopInput,
  findings: GuardFinding[],
  diff: PlanActualDiff | undefined,
): LoopDecision | undefined {
  const command = `opencode-plusplus task ${input.quotedTask} . --force`;
  if (!input.run) {
    return decision('replan', {
      confidence: 0.9,
      blocking: true,
      signals: ['no-task-pack'],
      reason:
        'the task has no pack yet: plan it (files to read, edit boundary, tests) before an agent starts',
      command: `opencode-plusplus task ${input.quotedTask} .`,
    });
  }
  const stalePack = findings.filter((finding) => finding.rule === 'drift-task-pack-stale');
  // Blocking hallucinations that need a new plan (not a repair of the change itself).
  const hallucinated = findings.filter(
    (finding) =>
      finding.guard === 'hallucination' &&
      finding.severity === 'block' &&
      finding.requiredAction === 'replan',
  );
  const signals = [...stalePack.map((finding) => finding.id), ...hallucinated.map((finding) => finding.id)];
  const codeChanged = diff !== undefined && diff.produced_not_expected.length + diff.overlap.length > 0;
  const missedThePlan =
    diff !== undefined && codeChanged && diff.overlap.length === 0 && input.run.expected.length > 0;
  const files = (paths: string[]) => paths.slice(0, 3).join(', ');
  if (missedThePlan)
    signals.push(
      `plan-vs-actual: 0 of ${input.run.expected.length} expected file(s) changed; ${diff!.produced_not_expected.length} unexpected`,
    );
  if (signals.length === 0) return undefined;
  const reason =
    hallucinated.length > 0
      ? `The plan relies on things the repository does not have (${sentence(hallucinated[0]!.message)}) Re-plan with the real facts.`
      : missedThePlan
        ? `The diff and the plan disagree: none of the expected files (${files(input.run.expected)}) changed, but ${files(diff!.produced_not_expected)} did.`
        : 'The task pack names files that moved or vanished: re-plan it.';
  return decision('replan', {
    confidence: hallucinated.length > 0 ? 0.75 : missedThePlan ? 0.6 : 0.8,
    blocking: hallucinated.length > 0,
    signals,
    reason,
    command,
  });
}

function expandContext(input: LoopInput, findings: GuardFinding[]): LoopDecision | undefined {
  if (!input.run) return undefined;
  const inPack = new Set([...input.run.files, ...input.run.tests, ...input.run.expected]);
  const outsideEdits = findings
    .filter((finding) => finding.rule === 'outside-allowed')
    .map((finding) => finding.file!);
  const outsideReads = [
    ...new Set(
      (input.trace?.steps ?? [])
        .filter((step) => step.kind === 'observation' || step.kind === 'edit')
        .flatMap((step) => step.files),
    ),
  ].filter((path) => !inPack.has(path) && !outsideEdits.includes(path));
  if (outsideEdits.length + outsideReads.length === 0) return undefined;
  const files = [...outsideEdits, ...outsideReads].sort();
  return decision('expand-context', {
    confidence: 0.7,
    blocking: false,
    signals: files.map((path) => `outside-pack:${path}`),
    reason: `the agent ${outsideEdits.length > 0 ? 'edited' : 'read'} ${files.slice(0, 4).join(', ')}${files.length > 4 ? ` and ${files.length - 4} more` : ''} outside the task pack: re-pack so the context covers them`,
    command: `opencode-plusplus task ${input.quotedTask} . --force`,
  });
}

function addOrUpdateTests(input: LoopInput, findings: GuardFinding[]): LoopDecision | undefined {
  if (input.phase === 'preflight') return undefined;
  const untested = findings.filter((finding) => finding.requiredAction === 'add-or-update-tests');
  const required = input.contractFindings.filter(
    (finding) => finding.ruleId.startsWith('missing-test') && finding.severity !== 'risk',
  );
  if (untested.length + required.length === 0) return undefined;
  const files = [
    ...new Set([
      ...untested.flatMap((finding) => (finding.file ? [finding.file] : [])),
      ...required.map((finding) => finding.file),
    ]),
  ].sort();
  return decision('add-or-update-tests', {
    confidence: 0.8,
    blocking: required.length > 0 || untested.some((finding) => finding.severity === 'block'),
    signals: [
      ...untested.map((finding) => finding.id),
      ...required.map((finding) => `${finding.ruleId}:${finding.file}`),
    ],
    reason:
      files.length > 0
        ? `No test exercises the change to ${files.slice(0, 4).join(', ')}${files.length > 4 ? ` and ${files.length - 4} more` : ''}: add or update one.`
        : 'No test exercises this change: add or update one.',
  });
}

function runTests(input: LoopInput, findings: GuardFinding[]): LoopDecision | undefined {
  if (input.phase === 'preflight') return undefined;
  const missing = findings.filter(
    (finding) =>
      finding.guard === 'evidence' ||
      (finding.guard === 'regression' && finding.requiredAction === 'run-tests'),
  );
  if (missing.length === 0) return undefined;
  const commands = input.selection?.minimal.commands.map((entry) => entry.command) ?? [];
  const command = commands[0] ?? input.selection?.full.commands[0]?.command;
  return decision('run-tests', {
    confidence: 0.9,
    blocking: true,
    signals: missing.map((finding) => finding.id),
    reason: `Nothing the harness observed proves the change yet (${missing
      .map((finding) => finding.message)
      .slice(0, 2)
      .join('; ')}): run the tests through it so the result counts`,
    ...(command
      ? { command: input.trace ? `opencode-plusplus trace run ${input.trace.id} -- ${command}` : command }
      : {}),
  });
}

/** start-agent before edits, ready-for-review after them — only when nothing blocks. */
function finalDecision(input: LoopInput, decisions: LoopDecision[]): LoopDecision[] {
  if (decisions.some((entry) => entry.blocking)) return [];
  if (input.phase === 'preflight' || input.changedFiles.length === 0) {
    if (!input.run) return [];
    return [
      decision('start-agent', {
        confidence: 0.9,
        blocking: false,
        signals: ['context-fresh', 'task-pack-ready'],
        reason:
          input.changedFiles.length === 0
            ? 'context, pack and edit boundary are ready: hand the task to the agent'
            : 'ready to continue: hand the task to the agent',
        command: `claude -p "$(cat .agent-context/runs/${input.run.taskId}/prompt.claude.md)"`,
      }),
    ];
  }
  const satisfied = input.evidence
    .filter((verdict) => verdict.satisfied)
    .map((verdict) => `${verdict.requirement}:${verdict.level}`);
  return [
    decision('ready-for-review', {
      confidence: 0.85,
      blocking: false,
      signals: satisfied.length > 0 ? satisfied : ['no-blocking-findings'],
      reason: `every gate passes: ${input.changedFiles.length} changed file(s), current evidence (${satisfied.join(', ') || 'none required'}), no blocking finding`,
      command: 'opencode-plusplus policy . --format markdown',
    }),
  ];
}

/** Every decision's reason reads as a sentence, whoever wrote the finding behind it. */
function decision(action: LoopAction, rest: Omit<LoopDecision, 'action' | 'priority'>): LoopDecision {
  return { action, priority: ACTION_PRIORITY[action], ...rest, reason: sentence(rest.reason) };
}

function sortDecisions(decisions: LoopDecision[]): LoopDecision[] {
  return [...decisions].sort(
    (a, b) =>
      Number(b.blocking) - Number(a.blocking) ||
      a.priority - b.priority ||
      b.confidence - a.confidence ||
      (a.action < b.action ? -1 : 1),
  );
}

/** A message as a sentence: a capital first letter (unless it starts with a path or a name) and a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = /^[a-z]+(?![\w./-])/.test(trimmed)
    ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
    : trimmed;
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
