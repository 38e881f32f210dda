/**
 * Every signal an iteration produced, as arbitration candidates: the executor's outcome, the
 * change itself, the tests the orchestrator ran, the policy gate, the loop controller, the
 * guards, the tree guard and the reflection node. Pure: the phase outputs arrive as data.
 */
import type { GuardFinding, RequiredAction } from '../guards/types.js';
import type { LoopAction, LoopControllerReport, LoopDecision } from '../loop/controller.js';
import type { PolicyFinding, PolicyReport } from '../policy/evaluate.js';
import type { ReflectionResult } from '../reflect/node.js';
import type { Candidate, CollectOutput, ExecuteOutput, OrchestratorAction, TestRun } from './types.js';
import { ORCHESTRATOR_ACTIONS } from './types.js';

export interface SignalInput {
  execute: ExecuteOutput;
  collect: CollectOutput;
  tests: readonly TestRun[];
  policy: PolicyReport;
  loop: LoopControllerReport;
  treeFindings: readonly TreeFinding[];
  reflection?: ReflectionResult;
}

export interface TreeFinding {
  id: string;
  file: string;
  message: string;
}

const FROM_LOOP: Record<LoopAction, OrchestratorAction> = {
  'rebuild-context': 'repack',
  'repair-contracts': 'block',
  replan: 'repack',
  'expand-context': 'repack',
  'add-or-update-tests': 'repair',
  repair: 'repair',
  'run-tests': 'run-tests',
  'start-agent': 'repair',
  'ready-for-review': 'finalize',
};

const FROM_GUARD: Record<RequiredAction, OrchestratorAction | undefined> = {
  'rebuild-context': 'repack',
  'expand-context': 'repack',
  replan: 'repack',
  repair: 'repair',
  'run-tests': 'run-tests',
  'add-or-update-tests': 'repair',
  'repair-contracts': 'block',
  'revert-edit': 'rollback',
  'human-review': 'human-review',
  none: undefined,
};

export function priorityOf(action: OrchestratorAction): number {
  return ORCHESTRATOR_ACTIONS.indexOf(action);
}

export function candidate(
  fields: Omit<Candidate, 'priority' | 'details' | 'advisory'> & Partial<Candidate>,
): Candidate {
  return { details: [], advisory: false, ...fields, priority: priorityOf(fields.action) };
}

export function collectCandidates(input: SignalInput): Candidate[] {
  return [
    ...executorCandidates(input.execute, input.collect),
    ...testCandidates(input.tests),
    ...input.policy.findings.map(policyCandidate),
    ...guardCandidates(input.loop.findings),
    ...loopCandidates(input.loop),
    ...input.treeFindings.map(treeCandidate),
    ...reflectionCandidates(input.reflection),
  ];
}

function executorCandidates(execute: ExecuteOutput, collect: CollectOutput): Candidate[] {
  const out: Candidate[] = [];
  const stopped = execute.stop === 'timeout' || execute.stop === 'stuck' || execute.stop === 'output-cap';
  if (execute.stop === 'spawn-error')
    out.push(
      candidate({
        id: 'executor:spawn-error',
        action: 'human-review',
        confidence: 0.95,
        blocking: true,
        source: 'executor',
        reason: `the executor could not start: ${execute.spawnError ?? 'unknown error'}`,
      }),
    );
  if (stopped)
    out.push(
      candidate({
        id: `executor:${execute.stop}`,
        action: collect.iterationFiles.length > 0 ? 'rollback' : 'repair',
        confidence: 0.8,
        blocking: true,
        source: 'executor',
        reason: `the executor was stopped (${execute.stop}${execute.stuck ? `: ${execute.stuck.rule}, ${execute.stuck.detail}` : ''}); its partial edits of this iteration are set aside`,
        details: execute.stderrTail ? [`stderr tail:\n${execute.stderrTail.slice(-1500)}`] : [],
      }),
    );
  else if (execute.exitCode !== 0 && execute.stop !== 'spawn-error')
    out.push(
      candidate({
        id: 'executor:exit',
        action: 'repair',
        confidence: 0.5,
        blocking: false,
        advisory: true,
        source: 'executor',
        reason: `the executor exited with ${execute.exitCode ?? execute.signal}`,
      }),
    );
  if (collect.iterationFiles.length === 0 && !stopped)
    out.push(
      candidate({
        id: 'change:none',
        action: 'repair',
        confidence: 0.7,
        blocking: true,
        source: 'change',
        reason:
          collect.changedFiles.length === 0
            ? 'the executor changed nothing: the task is not done'
            : 'this iteration changed nothing compared with the previous one',
      }),
    );
  return out;
}

function testCandidates(tests: readonly TestRun[]): Candidate[] {
  return tests
    .filter((run) => run.exitCode !== 0)
    .map((run) =>
      candidate({
        id: `tests:${run.level}:${run.command}`,
        action: 'repair',
        confidence: 0.95,
        blocking: true,
        source: 'tests',
        command: run.command,
        reason: `\`${run.command}\` fails (exit ${run.exitCode ?? 'none'}, trace ${run.step})`,
        details: run.tail ? [`output tail:\n${run.tail}`] : [],
      }),
    );
}

/**
 * A forbidden policy finding blocks, except one the policy took from the guards: the guard's own
 * candidate carries what the guard asks for (an invented import is the agent's to repair; a
 * hand-edited lockfile is a rollback), so the policy's copy only keeps the change from closing.
 */
function policyCandidate(finding: PolicyFinding): Candidate {
  const where = finding.file ? `${finding.file}${finding.line ? `:${finding.line}` : ''}: ` : '';
  const action: OrchestratorAction =
    finding.severity === 'forbidden' && finding.source !== 'guards'
      ? 'block'
      : finding.id.startsWith('missing-evidence')
        ? 'run-tests'
        : 'repair';
  return candidate({
    id: `policy:${finding.id}`,
    action,
    confidence: finding.severity === 'risk' ? 0.4 : 0.9,
    blocking: finding.severity !== 'risk',
    advisory: finding.severity === 'risk',
    source: 'policy',
    reason: `${where}${finding.message}`,
    ...(finding.fix ? { command: finding.fix } : {}),
  });
}

function guardCandidates(findings: readonly GuardFinding[]): Candidate[] {
  return findings
    .filter((finding) => finding.guard === 'hallucination' || finding.guard === 'regression')
    .flatMap((finding) => {
      const action = FROM_GUARD[finding.requiredAction];
      if (!action) return [];
      const where = finding.file ? `${finding.file}${finding.line ? `:${finding.line}` : ''}: ` : '';
      const blocking = finding.severity === 'block';
      return [
        candidate({
          id: `guards:${finding.id}`,
          action,
          confidence: 0.85,
          blocking,
          advisory: !blocking,
          source: 'guards',
          reason: `${where}${finding.message}`,
          details: finding.evidence.slice(0, 3),
        }),
      ];
    });
}

/** Loop decisions; those that only restate guard findings are left to the guard candidates. */
function loopCandidates(report: LoopControllerReport): Candidate[] {
  const guardIds = new Set(
    report.findings.filter((f) => f.guard === 'hallucination' || f.guard === 'regression').map((f) => f.id),
  );
  return report.decisions
    .filter((decision) => !(decision.signals.length > 0 && decision.signals.every((id) => guardIds.has(id))))
    .map(loopCandidate);
}

function loopCandidate(decision: LoopDecision): Candidate {
  const action = FROM_LOOP[decision.action];
  return candidate({
    id: `loop:${decision.action}`,
    action,
    confidence: decision.confidence,
    blocking: decision.blocking,
    advisory: !decision.blocking && action !== 'finalize',
    source: 'loop',
    reason: decision.reason,
    details: decision.signals.slice(0, 8),
    ...(decision.command ? { command: decision.command } : {}),
  });
}

function treeCandidate(finding: TreeFinding): Candidate {
  return candidate({
    id: `tree:${finding.id}`,
    action: 'block',
    confidence: 0.9,
    blocking: true,
    source: 'tree',
    reason: `${finding.file}: ${finding.message}`,
  });
}

function reflectionCandidates(reflection: ReflectionResult | undefined): Candidate[] {
  if (!reflection) return [];
  const reason = reflection.reason ?? reflection.final_answer ?? reflection.question ?? reflection.decision;
  const base = {
    id: `reflection:${reflection.decision}`,
    source: 'reflection' as const,
    reason: `reflection: ${reason}`,
    blocking: false,
  };
  if (reflection.decision === 'escalate')
    return [
      candidate({
        ...base,
        action: 'human-review',
        confidence: 0.7,
        details: reflection.suggested_responses ?? [],
      }),
    ];
  if (reflection.decision === 'end') return [candidate({ ...base, action: 'finalize', confidence: 0.6 })];
  return [
    candidate({
      ...base,
      action: reflection.decision === 'replan' ? 'repack' : 'repair',
      confidence: 0.5,
      advisory: true,
    }),
  ];
}
