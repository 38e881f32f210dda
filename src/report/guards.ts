/** Guard reports, readable. */
import pc from 'picocolors';
import type { GuardReport } from '../guards/types.js';

const MARK = { block: pc.red('block'), warn: pc.yellow('warn '), info: pc.dim('info ') } as const;

export function formatGuardReport(report: GuardReport): string {
  const checked = Object.entries(report.checked)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
  if (report.findings.length === 0)
    return `${pc.green('✔')} ${report.guard} guard: nothing found${checked ? ` (checked ${checked})` : ''}`;
  const lines = [
    `${report.guard} guard: ${report.findings.length} finding(s)${checked ? ` (checked ${checked})` : ''}`,
  ];
  for (const finding of report.findings) {
    lines.push(
      `  ${MARK[finding.severity]} ${finding.file ? `${finding.file}${finding.line ? `:${finding.line}` : ''}: ` : ''}${finding.message}`,
    );
    for (const evidence of finding.evidence.slice(0, 3)) lines.push(`        ${pc.dim(evidence)}`);
    if (finding.requiredAction !== 'none')
      lines.push(`        ${pc.dim(`required: ${finding.requiredAction}`)}`);
  }
  return lines.join('\n');
}
