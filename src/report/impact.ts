/** Text output of `impact`, `tests` and `verify`. */
import type { ChangeImpactReport } from '../impact/report.js';
import type { SelectionLevelResult, TestSelection } from '../impact/select.js';
import type { VerifyReport } from '../impact/verify.js';
import { formatFinding } from './contracts.js';

const SHOWN = 30;

export function formatImpact(report: ChangeImpactReport): string {
  const lines = [baseLine(report), ''];
  lines.push(`changed (${report.changed.length}):`);
  for (const file of report.changed.slice(0, SHOWN)) {
    const moved = file.previousPath ? ` <- ${file.previousPath}` : '';
    const size = file.binary ? 'binary' : `+${file.additions} -${file.deletions}`;
    lines.push(
      `  ${file.status.padEnd(9)} ${file.path}${moved}  ${size}${file.affectsEverything ? `  (affects everything: ${file.affectsEverything})` : ''}`,
    );
  }
  more(lines, report.changed.length);
  lines.push(`affected through imports (${report.affected.length}):`);
  for (const entry of report.affected.slice(0, SHOWN))
    lines.push(
      `  ${entry.depth}  ${entry.path.join(' -> ')}${entry.reason === 'imports' ? '' : `  (${entry.reason})`}`,
    );
  more(lines, report.affected.length);
  lines.push(
    `modules: ${report.modules.map((module) => `${module.module} (${module.changed.length} changed, ${module.affected.length} affected)`).join(', ') || 'none'}`,
  );
  lines.push(
    `risk ${report.risk.score}/100 (${report.risk.level}): ${
      report.risk.factors
        .filter((factor) => factor.points > 0)
        .map((factor) => `${factor.id} +${factor.points}`)
        .join(', ') || 'no factor'
    }`,
  );
  for (const note of report.notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}

export function formatTests(selection: TestSelection): string {
  const lines = [
    ...level('minimal', selection.minimal),
    ...level('regression', selection.regression),
    `full: ${selection.full.commands.map((command) => command.command).join(' && ') || 'no runner found'}`,
  ];
  for (const note of selection.notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}

export function formatVerify(report: VerifyReport & { written?: string[] }): string {
  const lines = [
    `verify: ${report.verdict.toUpperCase()}  risk ${report.impact.risk.score}/100 (${report.impact.risk.level})`,
    '',
  ];
  lines.push(formatImpact(report.impact), '');
  lines.push(formatTests(report.tests), '');
  const { counts } = report.contracts;
  lines.push(
    `contract findings: ${counts.forbidden} forbidden, ${counts.required} required, ${counts.risk} risk`,
  );
  for (const finding of report.contracts.findings) lines.push(formatFinding(finding));
  for (const guard of report.guards ?? [])
    lines.push(
      `${guard.guard}: ${guard.findings.length === 0 ? 'nothing found' : `${guard.findings.length} finding(s)`}`,
      ...guard.findings.map((finding) => `  ${finding.severity} ${finding.rule}: ${finding.message}`),
    );
  for (const reason of report.blocking ?? []) lines.push(`blocks: ${reason}`);
  const missing = [
    ...report.missing.tests.map((file) => `test for ${file}`),
    ...report.missing.lockfiles.map((file) => `lockfile for ${file}`),
    ...report.missing.envExample.map((file) => `env example entry (${file})`),
  ];
  lines.push(`missing: ${missing.join('; ') || 'nothing'}`);
  if (report.commands.checks.length > 0) lines.push(`then run: ${report.commands.checks.join(' && ')}`);
  if (report.written?.length) lines.push(`wrote ${report.written.join(', ')}`);
  return lines.join('\n');
}

function level(name: string, result: SelectionLevelResult): string[] {
  const lines = [`${name} (${result.tests.length} test file(s)):`];
  for (const command of result.commands) lines.push(`  $ ${command.command}`);
  for (const test of result.tests.slice(0, SHOWN)) lines.push(`    ${test.file}: ${test.reason}`);
  more(lines, result.tests.length);
  return lines;
}

function baseLine(report: ChangeImpactReport): string {
  const { base } = report;
  const flags = [base.detached ? 'detached HEAD' : '', base.shallow ? 'shallow clone' : '']
    .filter(Boolean)
    .join(', ');
  return `base: ${base.how === 'merge-base' ? `merge-base with ${base.ref}` : base.ref} (${base.commit.slice(0, 12)})${flags ? `  [${flags}]` : ''}`;
}

function more(lines: string[], total: number): void {
  if (total > SHOWN) lines.push(`  ... and ${total - SHOWN} more (--json for all)`);
}
