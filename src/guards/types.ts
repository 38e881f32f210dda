/**
 * One shape for every guard's findings, so each signal reaches the loop's arbitration the same
 * way: what was found, where, the evidence that was checked, and what must happen about it.
 */
export type GuardName =
  | 'context'
  | 'boundary'
  | 'evidence'
  | 'impact'
  | 'loop'
  | 'hallucination'
  | 'regression';

/** `block`: the loop may not close; `warn`: shown, does not block; `info`: context only. */
export type GuardSeverity = 'block' | 'warn' | 'info';

export type RequiredAction =
  | 'rebuild-context'
  | 'expand-context'
  | 'replan'
  | 'repair'
  | 'run-tests'
  | 'add-or-update-tests'
  | 'repair-contracts'
  | 'revert-edit'
  | 'human-review'
  | 'none';

export interface GuardFinding {
  /** Stable across runs for the same problem: `<guard>:<rule>:<file>:<subject>`. */
  id: string;
  guard: GuardName;
  rule: string;
  severity: GuardSeverity;
  message: string;
  file?: string;
  line?: number;
  /** What was checked to reach the finding (the manifest entry, the export list, the script table...). */
  evidence: string[];
  requiredAction: RequiredAction;
}

export interface GuardReport {
  guard: GuardName;
  findings: GuardFinding[];
  /** How much was checked, by kind, so "no findings" can be told apart from "nothing checked". */
  checked: Record<string, number>;
}

export function findingId(guard: GuardName, rule: string, file: string | undefined, subject: string): string {
  return `${guard}:${rule}:${file ?? '-'}:${subject}`;
}

export function blocking(findings: readonly GuardFinding[]): GuardFinding[] {
  return findings.filter((finding) => finding.severity === 'block');
}
