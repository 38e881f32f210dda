/** The report's static sections: readiness, freshness, contracts and lessons, rendered to HTML. */
import type { ContractFinding } from '../../contracts/types.js';
import { escapeHtml, tag, text } from './escape.js';
import { isUnavailable, type ReportData } from './model.js';

export function section(id: string, title: string, inner: string): string {
  return tag('section', { id }, `${text('h2', title)}${inner}`);
}

function unavailable(reason: string): string {
  return text('p', reason, { class: 'missing' });
}

function fileList(files: readonly string[] | undefined, more = 0): string {
  if (!files || files.length === 0) return '';
  const items = files.map((file) => text('li', file, { class: 'path' })).join('');
  return tag('ul', { class: 'files' }, `${items}${more > 0 ? text('li', `… and ${more} more`) : ''}`);
}

function verdictBadge(verdict: string): string {
  return text('span', verdict, { class: `badge v-${verdict.replace(/[^a-z-]/g, '')}` });
}

export function renderReadiness(readiness: ReportData['readiness']): string {
  if (isUnavailable(readiness)) return section('readiness', 'Readiness', unavailable(readiness.unavailable));
  const head = text('p', `${readiness.score ?? '?'}/100 (${readiness.grade ?? 'not graded'})`, {
    class: 'verdict',
  });
  const rows = readiness.checks
    .map((check) =>
      tag(
        'li',
        { class: check.ok ? 'ok' : 'fail', 'data-check': check.id },
        `${text('span', check.ok ? '✔' : '✘', { class: 'mark' })} ${escapeHtml(check.message)}${
          check.fix ? text('div', `fix: ${check.fix}`, { class: 'fix' }) : ''
        }${fileList(check.evidence)}`,
      ),
    )
    .join('');
  return section('readiness', 'Readiness', `${head}${tag('ul', { class: 'checks' }, rows)}`);
}

export function renderFreshness(freshness: ReportData['freshness']): string {
  if (isUnavailable(freshness)) return section('freshness', 'Freshness', unavailable(freshness.unavailable));
  const head = tag(
    'p',
    { class: 'verdict' },
    `${verdictBadge(freshness.verdict)}${freshness.command ? ` run ${text('code', freshness.command)}` : ''}`,
  );
  const rows = freshness.components
    .map((component) =>
      tag(
        'li',
        { 'data-component': component.component },
        `${verdictBadge(component.verdict)} ${text('b', component.component)} ${escapeHtml(component.reason)}${fileList(
          component.files,
          component.more ?? 0,
        )}`,
      ),
    )
    .join('');
  const changes = (['added', 'modified', 'removed'] as const)
    .filter((kind) => freshness.changes[kind].length > 0)
    .map((kind) => tag('div', {}, `${text('b', `${kind}:`)}${fileList(freshness.changes[kind])}`))
    .join('');
  return section('freshness', 'Freshness', `${head}${tag('ul', { class: 'checks' }, rows)}${changes}`);
}

export function renderContracts(contracts: ReportData['contracts']): string {
  if (isUnavailable(contracts)) return section('contracts', 'Contracts', unavailable(contracts.unavailable));
  const byRule = new Map<string, ContractFinding[]>();
  for (const finding of contracts.findings)
    byRule.set(finding.ruleId, [...(byRule.get(finding.ruleId) ?? []), finding]);
  const rules = [...byRule.keys()].sort();
  const head = text(
    'p',
    contracts.findings.length === 0
      ? 'No contract findings.'
      : `${contracts.findings.length} finding(s) under ${rules.length} rule(s).`,
    { class: 'verdict' },
  );
  const groups = rules
    .map((rule) => {
      const findings = byRule.get(rule)!;
      const items = findings.map(renderFinding).join('');
      return tag(
        'details',
        { 'data-rule': rule, open: findings.length <= 20 ? '' : undefined },
        `${tag('summary', {}, `${text('b', rule)} (${findings.length})`)}${tag('ul', { class: 'findings' }, items)}`,
      );
    })
    .join('');
  const notes = contracts.notes.map((note) => text('li', note)).join('');
  return section(
    'contracts',
    'Contracts',
    `${head}${groups}${notes ? tag('ul', { class: 'notes' }, notes) : ''}`,
  );
}

function renderFinding(finding: ContractFinding): string {
  const where = finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`;
  return tag(
    'li',
    { class: `sev-${finding.severity}` },
    `${text('code', where, { class: 'path' })} ${text('span', finding.severity, { class: 'badge' })} ${escapeHtml(
      finding.message,
    )}${text('div', finding.fix, { class: 'fix' })}`,
  );
}

export function renderLessons(lessons: ReportData['lessons']): string {
  if (isUnavailable(lessons)) return section('lessons', 'Lessons', unavailable(lessons.unavailable));
  const served = lessons.lessons.filter((lesson) => lesson.timesServed > 0);
  const ignored = lessons.lessons.filter((lesson) => lesson.timesIgnored > 0);
  const proposed = lessons.proposals.filter((p) => p.status === 'pending' || p.status === 'quarantined');
  const approved = lessons.proposals.filter((p) => p.status === 'applied');
  const lessonItem = (lesson: (typeof served)[number], count: string) =>
    tag(
      'li',
      { 'data-lesson': lesson.id },
      `${text('b', lesson.id)} ${escapeHtml(lesson.text)} ${text('span', count, { class: 'muted' })}`,
    );
  const proposalItem = (proposal: (typeof proposed)[number]) =>
    tag(
      'li',
      { 'data-proposal': proposal.id },
      `${text('b', proposal.id)} ${escapeHtml(proposal.title)} ${text('span', proposal.status, { class: 'badge' })}`,
    );
  const group = (title: string, items: string[], empty: string) =>
    tag(
      'div',
      { class: 'group' },
      `${text('h3', `${title} (${items.length})`)}${items.length > 0 ? tag('ul', {}, items.join('')) : text('p', empty, { class: 'muted' })}`,
    );
  const inner = [
    group(
      'Served',
      served.map((l) =>
        lessonItem(l, `served ${l.timesServed}×${l.lastServed ? `, last ${l.lastServed}` : ''}`),
      ),
      'No lesson was served yet.',
    ),
    group(
      'Ignored',
      ignored.map((l) => lessonItem(l, `ignored ${l.timesIgnored}× after being served`)),
      'No served lesson was ignored.',
    ),
    group('Proposed', proposed.map(proposalItem), 'No skill proposal is waiting.'),
    group('Approved', approved.map(proposalItem), 'No proposal was approved yet.'),
    text('p', `${lessons.lessons.length} lesson(s) in memory, ${lessons.served.length} served record(s).`, {
      class: 'muted',
    }),
    ...lessons.problems.map((problem) => text('p', problem, { class: 'missing' })),
  ].join('');
  return section('lessons', 'Lessons', inner);
}
