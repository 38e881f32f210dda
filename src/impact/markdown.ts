/** The Markdown an agent or a reviewer reads: verify.md, impact.md and tests.md. Deterministic. */
import type { ContractFinding } from '../contracts/index.js';
import { bulletList } from '../shared/markdown.js';
import type { ChangeImpactReport } from './report.js';
import type { SelectionLevelResult, TestSelection } from './select.js';
import type { VerifyReport } from './verify.js';

const LIST_LIMIT = 100;

export function renderVerifyMarkdown(report: VerifyReport): string {
  const { impact, contracts, missing, commands } = report;
  const lines = [
    `# Verify: ${report.verdict === 'pass' ? 'PASS' : 'FAIL'}`,
    '',
    `${baseLine(impact)} · ${impact.changed.length} changed, ${impact.affected.length} affected · risk ${impact.risk.score}/100 (${impact.risk.level})`,
    `Contract findings: ${contracts.counts.forbidden} forbidden, ${contracts.counts.required} required, ${contracts.counts.risk} risk.`,
    '',
    '## Why it does not pass',
    '',
    ...bullets(
      report.blocking.map((reason) => reason),
      'nothing blocks it',
    ),
    '',
    '## Contract findings',
    '',
    ...bullets(contracts.findings.map(findingLine), 'none'),
    '',
    '## Guard findings',
    '',
    ...bullets(
      report.guards.flatMap((guard) =>
        guard.findings.map(
          (finding) => `${guard.guard} ${finding.severity} \`${finding.rule}\`: ${finding.message}`,
        ),
      ),
      'none',
    ),
    '',
    '## What is missing',
    '',
    ...bullets(
      [
        ...missing.tests.map((file) => `a test change for \`${file}\``),
        ...missing.lockfiles.map((file) => `the lockfile update for \`${file}\``),
        ...missing.envExample.map((file) => `the example env entry for a variable \`${file}\` reads`),
      ],
      'nothing',
    ),
    '',
    '## Run these',
    '',
    ...bullets(
      [
        ...commands.minimal.map((command) => `minimal: \`${command}\``),
        ...commands.regression
          .filter((command) => !commands.minimal.includes(command))
          .map((command) => `regression: \`${command}\``),
        ...commands.full.map((command) => `full confidence: \`${command}\``),
        ...commands.checks.map((command) => `check: \`${command}\``),
      ],
      'no command found (see test.contract.json and commands.contract.json)',
    ),
    '',
    ...impactSections(impact),
  ];
  return finish(lines);
}

export function renderImpactMarkdown(impact: ChangeImpactReport): string {
  return finish([
    '# Change impact',
    '',
    `${baseLine(impact)} · risk ${impact.risk.score}/100 (${impact.risk.level})`,
    '',
    ...impactSections(impact),
  ]);
}

export function renderTestsMarkdown(tests: TestSelection): string {
  return finish([
    '# Tests for this change',
    '',
    ...levelSection('Minimal: the tests of the changed files', tests.minimal),
    ...levelSection('Regression: the tests that reach the change, best evidence first', tests.regression),
    '## Full confidence',
    '',
    ...bullets(
      tests.full.commands.map((command) => `\`${command.command}\``),
      'no runner found',
    ),
    '',
    ...(tests.notes.length > 0 ? ['## Notes', '', ...bullets(tests.notes, '')] : []),
  ]);
}

function impactSections(impact: ChangeImpactReport): string[] {
  return [
    '## Changed files',
    '',
    ...bullets(
      impact.changed.map((file) => {
        const moved = file.previousPath ? ` from \`${file.previousPath}\`` : '';
        const size = file.binary ? 'binary' : `+${file.additions} -${file.deletions}`;
        const everything = file.affectsEverything ? `; affects everything: ${file.affectsEverything}` : '';
        return `\`${file.path}\` (${file.status}${moved}, ${size}, ${file.module}${everything})`;
      }),
      'none',
    ),
    '',
    '## Affected through imports',
    '',
    ...bullets(
      impact.affected.map(
        (entry) =>
          `\`${entry.file}\` (depth ${entry.depth}): ${entry.path.map((step) => `\`${step}\``).join(' -> ')}${entry.reason === 'imports' ? '' : ` (${entry.reason})`}`,
      ),
      'nothing imports the changed files',
    ),
    '',
    '## Affected modules',
    '',
    ...bullets(
      impact.modules.map(
        (module) => `${module.module}: ${module.changed.length} changed, ${module.affected.length} affected`,
      ),
      'none',
    ),
    '',
    `## Risk ${impact.risk.score}/100 (${impact.risk.level})`,
    '',
    '| factor | points | detail |',
    '|---|---|---|',
    ...impact.risk.factors.map(
      (factor) => `| ${factor.id} | ${factor.points}/${factor.max} | ${escapeCell(factor.detail)} |`,
    ),
    '',
    ...(impact.notes.length > 0 ? ['## Notes', '', ...bullets(impact.notes, '')] : []),
  ];
}

function levelSection(title: string, level: SelectionLevelResult): string[] {
  return [
    `## ${title}`,
    '',
    ...bullets(
      level.commands.map((command) => `\`${command.command}\``),
      'no test selected',
    ),
    '',
    ...bullets(
      level.tests.map((test) => `\`${test.file}\` (${test.runner}): ${test.reason}`),
      '',
    ),
    '',
  ];
}

function baseLine(impact: ChangeImpactReport): string {
  const { base } = impact;
  const how =
    base.how === 'merge-base'
      ? `merge-base with \`${base.ref}\``
      : base.how === 'explicit'
        ? `\`${base.ref}\``
        : base.ref;
  const flags = [base.detached ? 'detached HEAD' : '', base.shallow ? 'shallow clone' : ''].filter(Boolean);
  return `Base: ${how} (${base.commit.slice(0, 12)})${flags.length ? ` · ${flags.join(', ')}` : ''}`;
}

function findingLine(finding: ContractFinding): string {
  const where = `${finding.file}${finding.line ? `:${finding.line}` : ''}`;
  return `**${finding.severity}** \`${finding.ruleId}\` at \`${where}\`: ${finding.message}. Fix: ${finding.fix}`;
}

function bullets(items: readonly string[], empty: string): string[] {
  return bulletList(items, empty, LIST_LIMIT);
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function finish(lines: string[]): string {
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
