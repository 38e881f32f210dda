/**
 * Thin guards over what other stages already know, so every signal reaches the loop's
 * arbitration in one shape (`GuardFinding`): the context guard (can the agent trust what it
 * reads?), the boundary guard (did it edit where it may?), the evidence guard (is there current
 * proof?), the impact guard (is what the change affects covered by tests?).
 */
import type { ChangeImpactReport } from '../impact/report.js';
import { globMatcher } from '../shared/glob.js';
import type { EvidenceVerdict } from '../trace/evidence.js';
import { findingId, type GuardFinding } from './types.js';

export interface ContextSignals {
  /** Freshness verdict of the generated context. */
  verdict: 'fresh' | 'stale' | 'missing' | 'inconsistent';
  reasons: string[];
  /** Drift findings (kinds), when drift was assessed. */
  drift?: Array<{ kind: string; file: string; message: string }>;
}

export function contextGuard(signals: ContextSignals): GuardFinding[] {
  const findings: GuardFinding[] = [];
  if (signals.verdict !== 'fresh') {
    findings.push({
      id: findingId('context', `context-${signals.verdict}`, undefined, 'context'),
      guard: 'context',
      rule: `context-${signals.verdict}`,
      severity: signals.verdict === 'stale' ? 'warn' : 'block',
      message:
        signals.verdict === 'missing'
          ? 'no context has been built: the agent would start blind'
          : `the generated context is ${signals.verdict}: the agent would read outdated facts`,
      evidence: signals.reasons.slice(0, 8),
      requiredAction: 'rebuild-context',
    });
  }
  for (const drift of signals.drift ?? []) {
    findings.push({
      id: findingId('context', `drift-${drift.kind}`, drift.file, drift.kind),
      guard: 'context',
      rule: `drift-${drift.kind}`,
      severity: 'warn',
      message: drift.message,
      file: drift.file,
      evidence: [drift.kind],
      requiredAction: drift.kind === 'task-pack-stale' ? 'replan' : 'rebuild-context',
    });
  }
  return findings;
}

export interface BoundarySignals {
  changedFiles: readonly string[];
  allowedEditGlobs: readonly string[];
  avoidEditGlobs: readonly string[];
  /** Paths the safety contract protects (from contract findings about changed files). */
  protectedPaths: readonly string[];
}

export function boundaryGuard(signals: BoundarySignals): GuardFinding[] {
  const allowed = globMatcher(signals.allowedEditGlobs);
  const avoided = globMatcher(signals.avoidEditGlobs);
  const protectedSet = new Set(signals.protectedPaths);
  const findings: GuardFinding[] = [];
  for (const path of signals.changedFiles) {
    if (protectedSet.has(path)) {
      findings.push({
        id: findingId('boundary', 'protected-path', path, path),
        guard: 'boundary',
        rule: 'protected-path',
        severity: 'block',
        message: `${path} is protected: an agent may not edit it`,
        file: path,
        evidence: ['safety.contract.json'],
        requiredAction: 'revert-edit',
      });
    } else if (avoided(path)) {
      findings.push({
        id: findingId('boundary', 'avoided-path', path, path),
        guard: 'boundary',
        rule: 'avoided-path',
        severity: 'block',
        message: `${path} is outside the edit boundary (avoidEditGlobs)`,
        file: path,
        evidence: [`avoidEditGlobs: ${signals.avoidEditGlobs.join(', ')}`],
        requiredAction: 'revert-edit',
      });
    } else if (signals.allowedEditGlobs.length > 0 && !allowed(path)) {
      findings.push({
        id: findingId('boundary', 'outside-allowed', path, path),
        guard: 'boundary',
        rule: 'outside-allowed',
        severity: 'warn',
        message: `${path} is not in the task's allowed edit globs: the pack did not foresee it`,
        file: path,
        evidence: [`allowedEditGlobs: ${signals.allowedEditGlobs.slice(0, 10).join(', ')}`],
        requiredAction: 'expand-context',
      });
    }
  }
  return findings;
}

export function evidenceGuard(verdicts: readonly EvidenceVerdict[]): GuardFinding[] {
  return verdicts
    .filter((verdict) => !verdict.satisfied)
    .map((verdict) => ({
      id: findingId('evidence', 'missing-evidence', undefined, verdict.requirement),
      guard: 'evidence' as const,
      rule: 'missing-evidence',
      severity: 'block' as const,
      message: `${verdict.requirement}: ${verdict.claimed ? 'only claimed, not verified' : 'no current evidence'}`,
      evidence: verdict.reasons.slice(0, 6),
      requiredAction: 'run-tests' as const,
    }));
}

export function impactGuard(impact: ChangeImpactReport, selectedTests: number): GuardFinding[] {
  const findings: GuardFinding[] = [];
  for (const path of impact.untested) {
    findings.push({
      id: findingId('impact', 'untested-change', path, path),
      guard: 'impact',
      rule: 'untested-change',
      severity: 'warn',
      message: `${path} changed but no test exercising it changed`,
      file: path,
      evidence: ['test ↔ source mapping (naming conventions and imports)'],
      requiredAction: 'add-or-update-tests',
    });
  }
  const affectedCode =
    impact.changed.filter((file) => file.kind === 'source').length + impact.affected.length;
  if (affectedCode > 0 && selectedTests === 0) {
    findings.push({
      id: findingId('impact', 'no-covering-tests', undefined, 'tests'),
      guard: 'impact',
      rule: 'no-covering-tests',
      severity: 'warn',
      message: `the change affects ${affectedCode} source file(s) and no test reaches them`,
      evidence: impact.modules.slice(0, 5).map((module) => `module ${module.module}`),
      requiredAction: 'add-or-update-tests',
    });
  }
  return findings;
}
