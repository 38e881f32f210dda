/** The shape of a contract rule: one file per rule, one line in `registry.ts`. */
import type { DependencyGraph } from '../../graph/types.js';
import type { BoundaryMatcher } from '../boundaries.js';
import { CONTRACT_FILES, type ContractName, type ContractSet } from '../schema.js';
import { pathMatcher } from '../test-files.js';
import {
  type ContentReader,
  type ContractChanges,
  type ContractFinding,
  type Severity,
  type Touch,
  type TreeFile,
  touchesOf,
} from '../types.js';

export interface RuleInput {
  contracts: ContractSet;
  files: readonly TreeFile[];
  /** Paths of `files`, for existence checks. */
  paths: ReadonlySet<string>;
  graph: DependencyGraph;
  matcher: BoundaryMatcher;
  /** Absent outside a git repository: rules that judge a change are skipped. */
  changes?: ContractChanges;
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

/** Each touched path with the first path entry (protected, generated) that matches it and accepts the touch. */
export function touchesMatching<Entry extends { paths: string[]; except: string[] }>(
  entries: readonly Entry[],
  changes: ContractChanges | undefined,
  accepts: (entry: Entry, touch: Touch) => boolean,
): Array<{ touch: Touch; entry: Entry }> {
  const matchers = entries.map((entry) => ({ entry, matches: pathMatcher(entry.paths, entry.except) }));
  const found: Array<{ touch: Touch; entry: Entry }> = [];
  for (const touch of touchesOf(changes?.files ?? [])) {
    const hit = matchers.find(({ entry, matches }) => matches(touch.path) && accepts(entry, touch));
    if (hit) found.push({ touch, entry: hit.entry });
  }
  return found;
}
