/**
 * The policy gate: may this change close? It merges the diff, contract findings, context
 * freshness and trace evidence into one list of findings — forbidden, required, risk — and a
 * verdict for the chosen `--fail-on`. Pure: every input arrives as data.
 */
import type { SafetyContract } from '../contracts/schema.js';
import type { ContractFinding } from '../contracts/types.js';
import type { GuardFinding } from '../guards/types.js';
import type { ChangeImpactReport } from '../impact/report.js';
import { gateSeverity } from '../impact/verify.js';
import { isDependencyFile } from '../scan/file-kinds.js';
import {
  type EvidencePolicy,
  type EvidenceRequirement,
  type EvidenceVerdict,
  evidenceSatisfies,
} from '../trace/evidence.js';
import type { Trace } from '../trace/types.js';

export type PolicySeverity = 'forbidden' | 'required' | 'risk';
export type FailOn = PolicySeverity;

export interface PolicyFinding {
  /** Stable id: the rule, then what it is about. */
  id: string;
  rule: string;
  severity: PolicySeverity;
  message: string;
  file?: string;
  line?: number;
  fix?: string;
  /** Where the finding came from. */
  source: 'contracts' | 'trace' | 'evidence' | 'context' | 'impact' | 'guards';
  evidence?: string[];
}

export interface ContextFreshnessSummary {
  verdict: 'fresh' | 'stale' | 'missing' | 'inconsistent';
  command?: string;
  reasons: string[];
}

export interface PolicyInput {
  impact: ChangeImpactReport;
  contractFindings: readonly ContractFinding[];
  /** Guard findings on the change (the hallucination guard over the changed files and their importers). */
  guardFindings?: readonly GuardFinding[];
  freshness: ContextFreshnessSummary;
  safety: SafetyContract;
  /** The test contract's command: evidence must come from running it (or a CI report). */
  testCommands: string[];
  trace?: Trace;
  treeHash?: string;
  evidencePolicy: EvidencePolicy;
  failOn: FailOn;
  /** Thresholds for the large-diff risk. */
  largeDiff?: { files: number; lines: number };
}

export interface PolicyReport {
  schemaVersion: 1;
  evidencePolicy: EvidencePolicy;
  failOn: FailOn;
  /** True when nothing at or above `failOn` was found. */
  passed: boolean;
  counts: Record<PolicySeverity, number>;
  findings: PolicyFinding[];
  /** Each evidence requirement and whether the trace satisfies it. */
  requirements: EvidenceVerdict[];
  base: ChangeImpactReport['base'];
  changedFiles: number;
  risk: ChangeImpactReport['risk'];
}

const SEVERITY_RANK: Record<PolicySeverity, number> = { forbidden: 0, required: 1, risk: 2 };
const SENSITIVE =
  /(^|\/)[^/]*(auth|login|passw|payment|billing|checkout|security|secret|session|crypto|token|permission|acl|oauth|sso)[^/]*/i;

export function evaluatePolicy(input: PolicyInput): PolicyReport {
  const findings: PolicyFinding[] = [];
  findings.push(...fromContracts(input.contractFindings));
  findings.push(...fromGuards(input.guardFindings ?? []));
  findings.push(...forbiddenCommandsInTrace(input.trace, input.safety));
  const requirements = evidenceRequirements(input);
  const verdicts = requirements.map((requirement) => judge(requirement, input));
  findings.push(...missingEvidence(requirements, verdicts, input));
  findings.push(...staleContext(input.freshness));
  findings.push(...riskOf(input));
  const ordered = dedupe(findings).sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      compare(a.file ?? '', b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      compare(a.id, b.id),
  );
  const counts = { forbidden: 0, required: 0, risk: 0 };
  for (const finding of ordered) counts[finding.severity]++;
  const passed = ordered.every((finding) => SEVERITY_RANK[finding.severity] > SEVERITY_RANK[input.failOn]);
  return {
    schemaVersion: 1,
    evidencePolicy: input.evidencePolicy,
    failOn: input.failOn,
    passed,
    counts,
    findings: ordered,
    requirements: verdicts,
    base: input.impact.base,
    changedFiles: input.impact.changed.length,
    risk: input.impact.risk,
  };
}

function fromContracts(findings: readonly ContractFinding[]): PolicyFinding[] {
  return findings.map((finding) => ({
    id: `${finding.ruleId}:${finding.file}${finding.line ? `:${finding.line}` : ''}`,
    rule: finding.ruleId,
    severity: gateSeverity(finding),
    message: finding.message,
    file: finding.file,
    ...(finding.line ? { line: finding.line } : {}),
    fix: finding.fix,
    source: 'contracts',
    evidence: [finding.contract],
  }));
}

const GUARD_FIXES: Record<string, string> = {
  'undeclared-package': 'Declare the package in the manifest that governs the file, or use one it declares.',
  'missing-module': 'Point the import at a file that exists, or restore the file it names.',
  'missing-export': 'Import a name the module exports, or export the name from it.',
};

/** A blocking guard finding is forbidden: the change cannot work as written. */
function fromGuards(findings: readonly GuardFinding[]): PolicyFinding[] {
  return findings.map((finding) => ({
    id: finding.id,
    rule: `${finding.guard}/${finding.rule}`,
    severity: finding.severity === 'block' ? 'forbidden' : 'risk',
    message: finding.message,
    ...(finding.file ? { file: finding.file } : {}),
    ...(finding.line ? { line: finding.line } : {}),
    fix: GUARD_FIXES[finding.rule] ?? `Required action: ${finding.requiredAction}.`,
    source: 'guards',
    evidence: finding.evidence,
  }));
}

function forbiddenCommandsInTrace(trace: Trace | undefined, safety: SafetyContract): PolicyFinding[] {
  if (!trace) return [];
  const findings: PolicyFinding[] = [];
  for (const step of trace.steps) {
    if (step.kind !== 'command') continue;
    const text = step.command.join(' ');
    const hit = safety.forbiddenCommands.find((entry) => new RegExp(entry.pattern).test(text));
    if (!hit) continue;
    findings.push({
      id: `forbidden-command:${trace.id}:${step.id}`,
      rule: 'forbidden-command',
      severity: 'forbidden',
      message: `${step.id} of trace ${trace.id} ran a forbidden command: \`${text}\``,
      fix: hit.comment,
      source: 'trace',
      evidence: [`safety.contract.json forbiddenCommands: ${hit.pattern}`],
    });
  }
  return findings;
}

/**
 * What the change must prove. After a change to source, config, tests or the fixtures they read
 * (expected outputs, trycmd cases), the tests — critical, so under `balanced` only a command or CI
 * report counts. Under `strict`, contract validation too.
 */
export function evidenceRequirements(
  input: Pick<PolicyInput, 'impact' | 'testCommands' | 'evidencePolicy'>,
): EvidenceRequirement[] {
  const kinds = new Set(input.impact.changed.map((file) => file.kind));
  const codeChanged = kinds.has('source') || kinds.has('config') || kinds.has('test') || kinds.has('fixture');
  const requirements: EvidenceRequirement[] = [];
  if (codeChanged) {
    requirements.push({
      id: 'tests',
      type: 'tests',
      blocking: true,
      critical: true,
      description: 'the tests pass on the current working tree, after the last edit',
      ...(input.testCommands.length > 0 ? { commands: input.testCommands } : {}),
    });
  }
  if (codeChanged && input.evidencePolicy === 'strict') {
    requirements.push({
      id: 'contracts',
      type: 'contracts',
      blocking: true,
      critical: true,
      description: 'the contracts were validated on the current working tree',
    });
  }
  return requirements;
}

function judge(requirement: EvidenceRequirement, input: PolicyInput): EvidenceVerdict {
  if (!input.trace || input.treeHash === undefined) {
    return {
      requirement: requirement.id,
      satisfied: false,
      verified: false,
      claimed: false,
      reasons: ['no trace given: nothing proves it (pass --trace <id>)'],
    };
  }
  return evidenceSatisfies(requirement, input.trace, input.evidencePolicy, { treeHash: input.treeHash });
}

function missingEvidence(
  requirements: EvidenceRequirement[],
  verdicts: EvidenceVerdict[],
  input: PolicyInput,
): PolicyFinding[] {
  const findings: PolicyFinding[] = [];
  requirements.forEach((requirement, index) => {
    const verdict = verdicts[index]!;
    if (verdict.satisfied) return;
    const command = requirement.commands?.[0];
    findings.push({
      id: `missing-evidence:${requirement.id}`,
      rule: 'missing-evidence',
      severity: requirement.blocking ? 'required' : 'risk',
      message: `${requirement.description ?? requirement.id}: ${verdict.claimed ? 'only claimed, not verified' : 'no current evidence'} (${input.evidencePolicy} policy)`,
      fix: input.trace
        ? `opencode-plusplus trace run ${input.trace.id} -- ${command ?? (requirement.type === 'contracts' ? 'npx opencode-plusplus validate-contracts .' : '<the test command>')}`
        : 'record evidence in a trace (`opencode-plusplus trace start`, then `trace run <id> -- <test command>`) and pass --trace',
      source: 'evidence',
      evidence: verdict.reasons.slice(0, 6),
    });
  });
  return findings;
}

function staleContext(freshness: ContextFreshnessSummary): PolicyFinding[] {
  if (freshness.verdict === 'fresh') return [];
  return [
    {
      id: 'stale-context',
      rule: 'stale-context',
      severity: 'required',
      message: `the generated context is ${freshness.verdict}: agents would read outdated facts`,
      fix: freshness.command ?? 'opencode-plusplus update',
      source: 'context',
      evidence: freshness.reasons.slice(0, 6),
    },
  ];
}

function riskOf(input: PolicyInput): PolicyFinding[] {
  const findings: PolicyFinding[] = [];
  const changed = input.impact.changed;
  const lines = changed.reduce((sum, file) => sum + file.additions + file.deletions, 0);
  const limits = input.largeDiff ?? { files: 25, lines: 600 };
  if (changed.length > limits.files || lines > limits.lines) {
    findings.push({
      id: 'large-diff',
      rule: 'large-diff',
      severity: 'risk',
      message: `large change: ${changed.length} files, ${lines} lines (limits ${limits.files} files, ${limits.lines} lines)`,
      fix: 'split the change, or review it with extra care',
      source: 'impact',
    });
  }
  for (const file of changed) {
    if (file.status === 'deleted') continue;
    if (SENSITIVE.test(file.path) && file.kind !== 'test') {
      findings.push({
        id: `sensitive-path:${file.path}`,
        rule: 'sensitive-path',
        severity: 'risk',
        message: `${file.path} looks security-sensitive (auth, payment, security, session...)`,
        file: file.path,
        fix: 'ask for a review by someone who owns this area',
        source: 'impact',
      });
    }
    if (isDependencyFile(file.path)) {
      findings.push({
        id: `dependency-change:${file.path}`,
        rule: 'dependency-change',
        severity: 'risk',
        message: `${file.path} changes dependencies`,
        file: file.path,
        fix: 'check the new or upgraded packages and their licences',
        source: 'impact',
      });
    }
  }
  return findings;
}

function dedupe(findings: PolicyFinding[]): PolicyFinding[] {
  const seen = new Map<string, PolicyFinding>();
  for (const finding of findings) {
    const existing = seen.get(finding.id);
    if (!existing || SEVERITY_RANK[finding.severity] < SEVERITY_RANK[existing.severity])
      seen.set(finding.id, finding);
  }
  return [...seen.values()];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
