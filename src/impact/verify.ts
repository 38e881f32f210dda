/**
 * `verify`: one report of a change — what changed, what it affects, which tests prove it, which
 * contract rules it breaks, what is missing, and its risk — assembled from the parts.
 * `write-verify.ts` writes it.
 */
import type {
  CommandsContract,
  ContractFileState,
  ContractFinding,
  Severity,
  ValidationResult,
} from '../contracts/index.js';
import type { ChangeImpactReport } from './report.js';
import type { TestSelection } from './select.js';

/** A guard's report as verify reads it (guards/ builds it; this stage does not import guards/). */
export interface VerifyGuardReport {
  guard: string;
  findings: Array<{
    id: string;
    rule: string;
    severity: string;
    message: string;
    file?: string;
    line?: number;
  }>;
}

/** Contract rules whose findings block whatever severity they carry: a generated file or a protected path edited by hand. */
const ALWAYS_BLOCKING_RULES = new Set(['generated-path', 'protected-path']);

export interface VerifyReport {
  schemaVersion: 1;
  /**
   * `fail` when a contract finding is `forbidden`, a generated file was edited, or a guard
   * blocks (an undeclared package, an import that resolves to nothing, a missing export).
   */
  verdict: 'pass' | 'fail';
  /** Why the verdict is `fail`, one sentence each (empty on pass). */
  blocking: string[];
  /** The guards that ran on the change: the hallucination guard over the changed files and their importers. */
  guards: VerifyGuardReport[];
  impact: ChangeImpactReport;
  tests: TestSelection;
  contracts: {
    findings: ContractFinding[];
    counts: Record<Severity, number>;
    files: ContractFileState[];
    skipped: ValidationResult['rules']['skipped'];
    descriptions: ValidationResult['descriptions'];
  };
  /** What the change still lacks, from the contract findings. */
  missing: { tests: string[]; lockfiles: string[]; envExample: string[] };
  /** What to run, in order: the selected tests, then the project's checks. */
  commands: { minimal: string[]; regression: string[]; full: string[]; checks: string[] };
}

export interface VerifyParts {
  impact: ChangeImpactReport;
  tests: TestSelection;
  validation: ValidationResult;
  contractFiles: ContractFileState[];
  commands: CommandsContract;
  guards?: VerifyGuardReport[];
}

export function buildVerifyReport(parts: VerifyParts): VerifyReport {
  const { findings, counts } = parts.validation;
  const filesOf = (ruleId: string) =>
    [
      ...new Set(findings.filter((finding) => finding.ruleId === ruleId).map((finding) => finding.file)),
    ].sort();
  const checks = (['typecheck', 'lint', 'build'] as const)
    .map((name) => parts.commands.commands[name]?.command)
    .filter((command): command is string => command !== undefined);
  const guards = parts.guards ?? [];
  const blocking = blockingReasons(findings, guards);
  return {
    schemaVersion: 1,
    verdict: blocking.length > 0 ? 'fail' : 'pass',
    blocking,
    guards,
    impact: parts.impact,
    tests: parts.tests,
    contracts: {
      findings,
      counts,
      files: parts.contractFiles,
      skipped: parts.validation.rules.skipped,
      descriptions: parts.validation.descriptions,
    },
    missing: {
      tests: filesOf('missing-test'),
      lockfiles: filesOf('lockfile-sync'),
      envExample: filesOf('env-example'),
    },
    commands: {
      minimal: parts.tests.minimal.commands.map((command) => command.command),
      regression: parts.tests.regression.commands.map((command) => command.command),
      full: parts.tests.full.commands.map((command) => command.command),
      checks,
    },
  };
}

/** Every reason the change may not pass, as sentences: contract findings first, then guard findings. */
export function blockingReasons(
  findings: readonly ContractFinding[],
  guards: readonly VerifyGuardReport[],
): string[] {
  const reasons = findings
    .filter((finding) => gateSeverity(finding) === 'forbidden')
    .map((finding) => sentence(`${finding.ruleId}: ${finding.message}`));
  for (const report of guards)
    for (const finding of report.findings)
      if (finding.severity === 'block')
        reasons.push(sentence(`${report.guard} ${finding.rule}: ${finding.message}`));
  return [...new Set(reasons)];
}

/** The severity the gate gives a contract finding: a generated file or protected path edited by hand blocks whatever the contract says. */
export function gateSeverity(finding: Pick<ContractFinding, 'ruleId' | 'severity'>): Severity {
  return ALWAYS_BLOCKING_RULES.has(finding.ruleId) ? 'forbidden' : finding.severity;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
