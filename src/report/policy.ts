/** The policy gate's report in every format it ships: text, markdown (a PR comment), GitHub annotations, SARIF. */
import pc from 'picocolors';
import type { ContractFinding } from '../contracts/types.js';
import type { PolicyFinding, PolicyReport, PolicySeverity } from '../policy/evaluate.js';
import { layout } from '../shared/layout.js';
import { type SarifLog, toSarif } from './sarif.js';

const MARK: Record<PolicySeverity, string> = {
  forbidden: pc.red('forbidden'),
  required: pc.yellow('required '),
  risk: pc.dim('risk     '),
};

export function formatPolicyText(report: PolicyReport): string {
  const verdict = report.passed ? pc.green('✔ gate passed') : pc.red('✘ gate failed');
  const lines = [
    `${verdict} (fail on ${report.failOn}, ${report.evidencePolicy} evidence policy): ${report.counts.forbidden} forbidden, ${report.counts.required} required, ${report.counts.risk} risk; ${report.changedFiles} changed file(s) against ${report.base.ref}, risk ${report.risk.score}/100`,
  ];
  for (const requirement of report.requirements) {
    const state = requirement.satisfied
      ? requirement.verified
        ? pc.green('verified')
        : pc.yellow('claimed')
      : pc.red('missing');
    lines.push(
      `  evidence ${requirement.requirement}: ${state}${requirement.step ? ` (${requirement.step}, ${requirement.level})` : ''}`,
    );
  }
  for (const finding of report.findings) {
    lines.push(
      `  ${MARK[finding.severity]} ${finding.file ? `${finding.file}${finding.line ? `:${finding.line}` : ''}: ` : ''}${finding.message}`,
    );
    for (const evidence of finding.evidence?.slice(0, 3) ?? []) lines.push(`            ${pc.dim(evidence)}`);
    if (finding.fix) lines.push(`            ${pc.dim(`fix: ${finding.fix}`)}`);
  }
  return lines.join('\n');
}

export function formatPolicyMarkdown(report: PolicyReport): string {
  const lines = [
    `### ${report.passed ? '✅ Policy gate passed' : '❌ Policy gate failed'}`,
    '',
    `Fails on **${report.failOn}** under the **${report.evidencePolicy}** evidence policy · ${report.changedFiles} changed file(s) against \`${report.base.ref}\` · risk ${report.risk.score}/100 (${report.risk.level})`,
    '',
    `| forbidden | required | risk |`,
    `|---:|---:|---:|`,
    `| ${report.counts.forbidden} | ${report.counts.required} | ${report.counts.risk} |`,
    '',
  ];
  if (report.requirements.length > 0) {
    lines.push('| evidence | status | from |', '|---|---|---|');
    for (const requirement of report.requirements) {
      lines.push(
        `| ${requirement.requirement} | ${requirement.satisfied ? (requirement.verified ? 'verified' : 'claimed (unverified)') : '**missing**'} | ${requirement.step ? `${requirement.step} (${requirement.level})` : '—'} |`,
      );
    }
    lines.push('');
  }
  if (report.findings.length > 0) {
    lines.push('| severity | where | finding | fix |', '|---|---|---|---|');
    for (const finding of report.findings) {
      lines.push(
        `| ${finding.severity} | ${finding.file ? `\`${finding.file}${finding.line ? `:${finding.line}` : ''}\`` : '—'} | ${cell(finding.message)} | ${cell(finding.fix ?? '')} |`,
      );
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** GitHub Actions workflow commands: one annotation per finding. */
export function formatPolicyGithub(report: PolicyReport): string {
  const level: Record<PolicySeverity, string> = { forbidden: 'error', required: 'error', risk: 'warning' };
  const lines = report.findings.map((finding) => {
    const properties = [
      finding.file ? `file=${escapeProperty(finding.file)}` : '',
      finding.line ? `line=${finding.line}` : '',
      `title=${escapeProperty(`${finding.severity}: ${finding.rule}`)}`,
    ]
      .filter(Boolean)
      .join(',');
    return `::${level[finding.severity]} ${properties}::${escapeData(`${finding.message}${finding.fix ? ` — fix: ${finding.fix}` : ''}`)}`;
  });
  lines.push(
    `::notice title=opencode-plusplus policy::${escapeData(`gate ${report.passed ? 'passed' : 'failed'}: ${report.counts.forbidden} forbidden, ${report.counts.required} required, ${report.counts.risk} risk`)}`,
  );
  return `${lines.join('\n')}\n`;
}

export function formatPolicySarif(report: PolicyReport, traceFile?: string): SarifLog {
  const findings: ContractFinding[] = report.findings.map((finding) => ({
    ruleId: `policy/${finding.rule}`,
    severity: finding.severity,
    file: finding.file ?? locationOf(finding, traceFile),
    ...(finding.line ? { line: finding.line } : {}),
    message: finding.message,
    fix: finding.fix ?? '',
    contract: finding.source,
  }));
  const descriptions = [...new Set(findings.map((finding) => finding.ruleId))].map((id) => ({
    id,
    description: DESCRIPTIONS[id.slice('policy/'.length)] ?? id,
    contract: 'policy',
  }));
  return toSarif({ findings, descriptions });
}

const DESCRIPTIONS: Record<string, string> = {
  'missing-evidence': 'A requirement has no current, verified evidence in the trace',
  'stale-context': 'The generated context no longer matches the repository',
  'forbidden-command': 'The trace shows a forbidden command',
  'large-diff': 'The change is larger than the configured limits',
  'sensitive-path': 'The change touches security-sensitive code',
  'dependency-change': 'The change modifies dependencies',
};

/** Findings that are not about a file still need a location for code scanning. */
function locationOf(finding: PolicyFinding, traceFile?: string): string {
  if (finding.source === 'evidence' || finding.source === 'trace') return traceFile ?? layout.traces;
  return layout.manifest;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
