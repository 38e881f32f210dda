/** Human-readable text for freshness, drift, delta, evolve and diff. */
import pc from 'picocolors';
import type { ContextDelta } from '../context/delta.js';
import type { DriftReport } from '../context/drift.js';
import type { FreshnessReport, Verdict } from '../context/freshness.js';
import type { DeltaResult, EvolveResult } from '../context/lifecycle.js';

const MARK: Record<Verdict, string> = {
  fresh: pc.green('✔'),
  stale: pc.yellow('●'),
  inconsistent: pc.red('✘'),
  missing: pc.red('✘'),
};

export function formatFreshness(report: FreshnessReport): string {
  const lines = [`${MARK[report.verdict]} context is ${pc.bold(report.verdict)} (${report.root})`];
  for (const component of report.components) {
    lines.push(`  ${MARK[component.verdict]} ${component.component.padEnd(10)} ${component.reason}`);
    for (const file of component.files?.slice(0, 10) ?? []) lines.push(`      ${file}`);
    const hidden = (component.files?.length ?? 0) - 10 + (component.more ?? 0);
    if (hidden > 0) lines.push(`      … ${hidden} more (--json lists them)`);
  }
  if (report.command) lines.push(`  next: ${report.command}`);
  return lines.join('\n');
}

export function formatDrift(report: DriftReport): string {
  if (!report.drifted)
    return `${pc.green('✔')} no drift: generated context and sources agree (${report.root})`;
  const lines = [`${pc.yellow('●')} ${report.findings.length} drift finding(s) in ${report.root}`];
  for (const finding of report.findings) {
    lines.push(
      `  ${pc.yellow(finding.kind)} ${finding.file}${finding.line ? `:${finding.line}` : ''}: ${finding.message}`,
    );
    for (const item of finding.evidence ?? []) lines.push(`      ${item}`);
    lines.push(`      fix: ${finding.fix}`);
  }
  return lines.join('\n');
}

export function formatDelta(delta: ContextDelta): string {
  if (delta.empty)
    return `${pc.green('✔')} nothing changed between ${delta.from.label} and ${delta.to.label}`;
  const { files } = delta;
  const lines = [
    `${delta.from.label} → ${delta.to.label}: ${files.modified.length} modified, ${files.added.length} added, ${files.removed.length} removed; ${delta.symbols.length} symbol change(s), ${delta.edges.length} edge change(s), ${delta.ranking.length} ranking move(s)`,
  ];
  if (delta.rereadOutputs.length > 0) lines.push(`  re-read outputs: ${delta.rereadOutputs.join(', ')}`);
  for (const pack of delta.rereadTaskPacks)
    lines.push(`  re-read task ${pack.taskId}: ${pack.files.join(', ')}`);
  for (const symbol of delta.symbols.slice(0, 20))
    lines.push(
      `  ${symbol.change.padEnd(7)} ${symbol.kind} ${symbol.name} (${symbol.file}${symbol.line ? `:${symbol.line}` : ''})`,
    );
  if (delta.symbols.length > 20) lines.push(`  … ${delta.symbols.length - 20} more symbol changes`);
  for (const edge of delta.edges.slice(0, 20))
    lines.push(`  ${edge.change === 'added' ? '+' : '-'} ${edge.from} → ${edge.to}`);
  if (delta.edges.length > 20) lines.push(`  … ${delta.edges.length - 20} more edge changes`);
  for (const move of delta.ranking.slice(0, 10))
    lines.push(`  rank ${move.path}: ${move.before ?? 'unranked'} → ${move.after ?? 'gone'}`);
  return lines.join('\n');
}

export function formatDeltaResult(result: DeltaResult): string {
  return `${formatDelta(result.delta)}\n  written: ${result.written.join(', ')}`;
}

export function formatEvolve(result: EvolveResult): string {
  const lines = [
    `${pc.green('✔')} context evolved in ${result.build.stats.durationMs} ms: cache ${result.cache.hits} hit(s), ${result.cache.misses} miss(es); ${result.cache.hashedFiles} file(s) read`,
    `  rewritten: ${result.rewritten.length > 0 ? result.rewritten.join(', ') : 'nothing'}`,
    formatDelta(result.delta).replace(/^/gm, '  '),
    `  delta written: ${result.written.join(', ')}`,
  ];
  return lines.join('\n');
}
