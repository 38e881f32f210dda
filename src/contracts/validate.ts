/**
 * `validateContracts()`: runs every rule over the tree, the graph and (when there is one) a
 * change. Findings are data; the caller decides what fails (exit 1 when one is `forbidden`).
 * Pure apart from the content reader the caller passes in.
 */
import type { DependencyGraph } from '../graph/types.js';
import { BoundaryMatcher } from './boundaries.js';
import { rules } from './rules/registry.js';
import type { ContractSet } from './schema.js';
import {
  type ContentReader,
  type ContractChanges,
  type ContractFinding,
  SEVERITIES,
  type Severity,
  type TreeFile,
  touchesOf,
} from './types.js';

export interface ValidationInput {
  contracts: ContractSet;
  files: readonly TreeFile[];
  graph: DependencyGraph;
  /** Absent (not a git repository): the rules that judge a change are skipped and say so. */
  changes?: ContractChanges;
  contents?: ContentReader;
  /** `all`: every finding in the tree; `changed`: only findings in files the change touches. @default 'all' */
  scope?: 'all' | 'changed';
}

export interface RuleDescription {
  id: string;
  description: string;
  contract: string;
}

export interface ValidationResult {
  findings: ContractFinding[];
  counts: Record<Severity, number>;
  /** Rules that ran and rules skipped (with why). */
  rules: { ran: string[]; skipped: Array<{ id: string; reason: string }> };
  /** Every rule id that appears in `findings`, described (SARIF lists them). */
  descriptions: RuleDescription[];
}

export async function validateContracts(input: ValidationInput): Promise<ValidationResult> {
  const ruleInput = {
    contracts: input.contracts,
    files: input.files,
    paths: new Set(input.files.map((file) => file.path)),
    graph: input.graph,
    matcher: new BoundaryMatcher(input.graph),
    ...(input.changes ? { changes: input.changes } : {}),
    ...(input.contents ? { contents: input.contents } : {}),
  };
  const ran: string[] = [];
  const skipped: Array<{ id: string; reason: string }> = [];
  let findings: ContractFinding[] = [];
  for (const rule of rules) {
    if (rule.needsChanges && !input.changes) {
      skipped.push({ id: rule.id, reason: 'no change set (not a git repository)' });
      continue;
    }
    ran.push(rule.id);
    findings.push(...(await rule.check(ruleInput)));
  }
  if (input.scope === 'changed' && input.changes) findings = inChange(findings, input.changes);
  findings = dedupe(findings).sort(compareFindings);
  return {
    findings,
    counts: countBySeverity(findings),
    rules: { ran, skipped },
    descriptions: describe(findings, input.contracts),
  };
}

function inChange(findings: ContractFinding[], changes: ContractChanges): ContractFinding[] {
  const touched = new Set([
    ...touchesOf(changes.files).map((touch) => touch.path),
    ...changes.contractFiles.map((change) => change.path),
  ]);
  return findings.filter((finding) => touched.has(finding.file));
}

function dedupe(findings: ContractFinding[]): ContractFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.ruleId}\0${finding.file}\0${finding.line ?? 0}\0${finding.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function compareFindings(a: ContractFinding, b: ContractFinding): number {
  return (
    SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
    compare(a.file, b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    compare(a.ruleId, b.ruleId) ||
    compare(a.message, b.message)
  );
}

export function countBySeverity(findings: readonly ContractFinding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { forbidden: 0, required: 0, risk: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}

function describe(findings: ContractFinding[], contracts: ContractSet): RuleDescription[] {
  const byId = new Map<string, RuleDescription>();
  for (const finding of findings) {
    if (byId.has(finding.ruleId)) continue;
    const base = finding.ruleId.split('/')[0]!;
    const rule = rules.find((candidate) => candidate.id === base);
    const name = finding.ruleId.slice(base.length + 1);
    const comment = contracts.boundaries.forbidden.find((entry) => entry.name === name)?.comment;
    const description = name
      ? `Rule "${name}": ${comment ?? rule?.description ?? ''}`.trim()
      : (rule?.description ?? finding.ruleId);
    byId.set(finding.ruleId, { id: finding.ruleId, description, contract: finding.contract });
  }
  return [...byId.values()].sort((a, b) => compare(a.id, b.id));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
