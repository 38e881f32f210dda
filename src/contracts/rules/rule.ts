/** The shape of a contract rule: one file per rule, one line in `registry.ts`. */
import type { DependencyGraph } from '../../graph/types.js';
import type { BoundaryMatcher } from '../boundaries.js';
import { CONTRACT_FILES, type ContractName, type ContractSet } from '../schema.js';
import type { ChangeSet, ContentReader, ContractFinding, Severity, TreeFile } from '../types.js';

export interface RuleInput {
  contracts: ContractSet;
  files: readonly TreeFile[];
  /** Paths of `files`, for existence checks. */
  paths: ReadonlySet<string>;
  graph: DependencyGraph;
  matcher: BoundaryMatcher;
  /** Absent outside a git repository: rules that judge a change are skipped. */
  changes?: ChangeSet;
  contents?: ContentReader;
}

export interface ContractRule {
  id: string;
  /** The contract file whose content drives the rule. */
  contract: ContractName;
  /** One sentence: what the rule checks (shown in SARIF and docs). */
  description: string;
  /** Judges a change, so needs a change set. */
  needsChanges: boolean;
  check(input: RuleInput): ContractFinding[] | Promise<ContractFinding[]>;
}

export function contractFile(name: ContractName): string {
  return CONTRACT_FILES[name].file;
}

export function makeFinding(
  rule: Pick<ContractRule, 'id' | 'contract'>,
  severity: Severity,
  file: string,
  line: number | undefined,
  message: string,
  fix: string,
): ContractFinding {
  const finding: ContractFinding = {
    ruleId: rule.id,
    severity,
    file,
    message,
    fix,
    contract: contractFile(rule.contract),
  };
  if (line !== undefined && line > 0) finding.line = line;
  return finding;
}
