/** Text output of `validate-contracts`: findings grouped by severity, then what was checked. */
import type { ContractFileState } from '../contracts/load.js';
import type { ContractFinding, Severity } from '../contracts/types.js';

export interface ContractsResultLike {
  findings: readonly ContractFinding[];
  counts: Record<Severity, number>;
  contracts: readonly ContractFileState[];
  rules: { ran: readonly string[]; skipped: ReadonlyArray<{ id: string; reason: string }> };
  notes: readonly string[];
}

export function formatFinding(finding: ContractFinding): string {
  const where = `${finding.file}${finding.line ? `:${finding.line}` : ''}`;
  return `${finding.severity.padEnd(9)} ${where}  ${finding.message}  [${finding.ruleId}]\n          fix: ${finding.fix}`;
}

export function formatContracts(result: ContractsResultLike): string {
  const lines: string[] = [];
  for (const finding of result.findings) lines.push(formatFinding(finding));
  if (result.findings.length > 0) lines.push('');
  const { forbidden, required, risk } = result.counts;
  lines.push(
    result.findings.length === 0
      ? 'contracts: no findings'
      : `contracts: ${forbidden} forbidden, ${required} required, ${risk} risk${forbidden > 0 ? ' (exit code 1)' : ''}`,
  );
  lines.push(
    `  files: ${result.contracts.map((file) => `${file.file.slice(file.file.lastIndexOf('/') + 1)} (${file.state})`).join(', ')}`,
  );
  lines.push(
    `  rules: ${result.rules.ran.length} ran${result.rules.skipped.length ? `, ${result.rules.skipped.length} skipped (${result.rules.skipped[0]!.reason})` : ''}`,
  );
  for (const note of result.notes) lines.push(`  note: ${note}`);
  return lines.join('\n');
}
