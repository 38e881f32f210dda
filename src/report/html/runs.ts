/**
 * `#runs`: task runs and orchestrator runs, each a `[data-run]` entry whose `[data-run-detail]`
 * holds the iteration timeline — decision, evidence, guard findings, diff — and every other file
 * of the iteration as found. The orchestrator's format may grow: known fields are picked out,
 * the whole record stays visible as JSON, and a file the format names but the run lacks says so.
 */
import { isRecord } from '../../shared/json.js';
import { escapeHtml, tag, text } from './escape.js';
import type { RunArtifact, RunIteration, RunView } from './model.js';
import { section } from './sections.js';

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | undefined => (isRecord(value) ? value : undefined);

const asText = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;

function artifact(artifacts: readonly RunArtifact[], name: string): RunArtifact | undefined {
  return artifacts.find((entry) => entry.name === name);
}

function jsonOf(artifacts: readonly RunArtifact[], name: string): Json | undefined {
  const found = artifact(artifacts, name);
  return found?.state === 'json' ? asObject(found.value) : undefined;
}

export function runKey(run: RunView): string {
  return `${run.type}:${run.id}`;
}

export function renderRuns(runs: readonly RunView[]): string {
  if (runs.length === 0)
    return section(
      'runs',
      'Runs',
      text(
        'p',
        'No task runs or orchestrator runs yet (`run "<task>"` or `orchestrate "<task>"` start one).',
        {
          class: 'muted',
        },
      ),
    );
  const entries = runs.map(renderRun).join('');
  return section('runs', 'Runs', tag('div', { class: 'runs' }, entries));
}

function renderRun(run: RunView): string {
  const key = runKey(run);
  const records = Object.assign({}, ...run.records.map((record) => asObject(record.value) ?? {})) as Json;
  const task = asText(records.task) ?? asText(asObject(records.task)?.text) ?? '';
  const state = asText(records.state) ?? asText(records.phase) ?? '';
  const decision = lastDecision(run.iterations) ?? asObject(records.decision);
  const summary = [
    text('span', run.type === 'task' ? 'task run' : 'orchestrator run', { class: 'badge' }),
    text('b', run.id),
    task ? text('span', task, { class: 'task' }) : '',
    state ? text('span', state, { class: 'badge' }) : '',
    decision?.action
      ? text('span', String(decision.action), { class: `badge action-${String(decision.action)}` })
      : '',
    text('span', `${run.iterations.length} iteration(s)`, { class: 'muted' }),
  ].join(' ');
  const detail = tag(
    'div',
    { class: 'run-detail', 'data-run-detail': key, hidden: '' },
    `${text('p', run.dir, { class: 'path' })}${run.records.map(renderArtifact).join('')}${renderTimeline(run.iterations)}`,
  );
  return tag(
    'div',
    { class: 'run' },
    `${tag('button', { type: 'button', 'data-run': key, class: 'run-head' }, summary)}${detail}`,
  );
}

function lastDecision(iterations: readonly RunIteration[]): Json | undefined {
  for (let index = iterations.length - 1; index >= 0; index--) {
    const decision = jsonOf(iterations[index]!.artifacts, 'decision.json');
    if (decision) return decision;
  }
  return undefined;
}

function renderTimeline(iterations: readonly RunIteration[]): string {
  if (iterations.length === 0) return text('p', 'No iterations recorded.', { class: 'muted' });
  return tag('ol', { class: 'timeline' }, iterations.map(renderIteration).join(''));
}

function renderIteration(iteration: RunIteration): string {
  const parts = [
    text('h4', `iteration ${iteration.id}`),
    renderDecision(jsonOf(iteration.artifacts, 'decision.json')),
    renderEvidence(iteration.artifacts),
    renderGuardFindings(artifact(iteration.artifacts, 'guard.findings.json')),
    renderDiff(artifact(iteration.artifacts, 'diff.patch')),
    tag('div', { class: 'artifacts' }, iteration.artifacts.map(renderArtifact).join('')),
  ];
  return tag('li', { 'data-iteration': iteration.id }, parts.join(''));
}

function renderDecision(decision: Json | undefined): string {
  if (!decision) return text('p', 'decision: not recorded', { class: 'missing' });
  const fields = ['action', 'reason', 'priority', 'confidence', 'blocking']
    .filter((field) => decision[field] !== undefined)
    .map((field) =>
      tag('span', { class: 'field' }, `${text('b', `${field}:`)} ${escapeHtml(display(decision[field]))}`),
    )
    .join(' ');
  return tag('div', { class: 'decision' }, `${text('b', 'decision')} ${fields}`);
}

/** Evidence is spread over verify.json, policy.json and the iteration index; show what each says. */
function renderEvidence(artifacts: readonly RunArtifact[]): string {
  const lines: string[] = [];
  for (const name of ['iteration.json', 'verify.json', 'policy.json']) {
    const value = jsonOf(artifacts, name);
    if (!value) continue;
    for (const key of ['evidence', 'verdict', 'status', 'missingEvidence', 'commands', 'tests'])
      if (value[key] !== undefined) lines.push(`${name} ${key}: ${display(value[key])}`);
  }
  if (lines.length === 0) return '';
  return tag(
    'div',
    { class: 'evidence' },
    `${text('b', 'evidence')}${tag('ul', {}, lines.map((line) => text('li', line)).join(''))}`,
  );
}

function renderGuardFindings(found: RunArtifact | undefined): string {
  if (found?.state !== 'json') return '';
  const list = Array.isArray(found.value) ? found.value : asObject(found.value)?.findings;
  if (!Array.isArray(list)) return '';
  const items = list.map((entry) => {
    const finding = asObject(entry) ?? {};
    const where = asText(finding.file)
      ? `${finding.file}${finding.line !== undefined ? `:${display(finding.line)}` : ''}`
      : '';
    return tag(
      'li',
      { class: `sev-${asText(finding.severity) ?? 'info'}` },
      `${where ? text('code', where, { class: 'path' }) : ''} ${text('span', asText(finding.severity) ?? '', { class: 'badge' })} ${escapeHtml(asText(finding.message) ?? display(entry))}`,
    );
  });
  return tag(
    'div',
    { class: 'guards' },
    `${text('b', `guard findings (${items.length})`)}${tag('ul', { class: 'findings' }, items.join(''))}`,
  );
}

function renderDiff(found: RunArtifact | undefined): string {
  if (found?.state !== 'text' || !found.text) return '';
  const lines = found.text
    .split('\n')
    .map((line) => {
      const kind = line.startsWith('+')
        ? 'add'
        : line.startsWith('-')
          ? 'del'
          : line.startsWith('@@')
            ? 'hunk'
            : '';
      return kind ? tag('span', { class: kind }, escapeHtml(line)) : escapeHtml(line);
    })
    .join('\n');
  const note = found.truncated
    ? text('p', `… ${found.truncated} more bytes in diff.patch`, { class: 'muted' })
    : '';
  return tag('div', { class: 'diff' }, `${text('b', 'diff')}${tag('pre', {}, lines)}${note}`);
}

function renderArtifact(found: RunArtifact): string {
  if (found.state === 'missing')
    return tag('div', { class: 'artifact missing' }, `${text('code', found.name)} missing`);
  if (found.state === 'unreadable')
    return tag(
      'div',
      { class: 'artifact missing' },
      `${text('code', found.name)} unreadable: ${escapeHtml(found.problem ?? '')}`,
    );
  const body = found.state === 'json' ? JSON.stringify(found.value, null, 2) : (found.text ?? '');
  return tag(
    'details',
    { class: 'artifact' },
    `${tag('summary', {}, text('code', found.name))}${text('pre', body)}${found.truncated ? text('p', `… ${found.truncated} more bytes`, { class: 'muted' }) : ''}`,
  );
}

function display(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((entry) => typeof entry !== 'object')) return value.join(', ');
  return JSON.stringify(value);
}
