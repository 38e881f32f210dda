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

export interface VerifyReport {
  schemaVersion: 1;
  /** `fail` when a contract finding is `forbidden`. */
  verdict: 'pass' | 'fail';
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
  return {
    schemaVersion: 1,
    verdict: counts.forbidden > 0 ? 'fail' : 'pass',
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
