/**
 * Where a loop call leaves the task: the state the controller's report and the facts put it in,
 * reached from the state on disk along legal transitions, with the hashes and evidence the
 * decision was made on. Pure: `api/loop` reads state.json, `updateRunState` writes
 * the result.
 */
import type { LoopControllerReport } from './controller.js';
import { advance, type ProgressFacts, targetState } from './progress.js';
import { type RunState, STATE_SCHEMA_VERSION } from './state-file.js';

/** What the decision was made on; each is recorded when known. */
export interface DecisionHashes {
  treeHash: string | undefined;
  contextHash: string | undefined;
  diffHash: string | undefined;
  traceId: string | undefined;
}

export function nextRunState(
  current: RunState,
  report: LoopControllerReport,
  facts: ProgressFacts,
  hashes: DecisionHashes,
): RunState {
  const target = targetState(report, facts);
  const moved = advance(current, target, report.next.reason);
  return {
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
    satisfiedEvidence: satisfiedEvidence(report),
    missingEvidence: [
      ...report.evidence.filter((verdict) => !verdict.satisfied).map((verdict) => verdict.requirement),
      ...report.findings.filter((finding) => finding.guard === 'regression').map((finding) => finding.id),
    ],
  };
}

function satisfiedEvidence(report: LoopControllerReport): string[] {
  return report.evidence
    .filter((verdict) => verdict.satisfied)
    .map(
      (verdict) =>
        `${verdict.requirement}: ${verdict.step} (${verdict.level}${verdict.verified ? '' : ', unverified'})`,
    );
}
