import pc from 'picocolors';
import type { DoctorReport } from '../api/doctor.js';

export function formatDoctor(report: DoctorReport): string {
  const lines = [`opencode-plusplus ${report.version}`];
  for (const check of report.checks) {
    lines.push(`${check.ok ? pc.green('✔') : pc.red('✘')} ${check.id.padEnd(18)} ${check.message}`);
    if (!check.ok && check.fix) lines.push(`  ${' '.repeat(18)} fix: ${check.fix}`);
  }
  lines.push(report.ok ? pc.green('All checks passed.') : pc.red('Some checks failed.'));
  return lines.join('\n');
}
