/** Human-readable text for build, status and explain results. */
import pc from 'picocolors';
import type { BuildResult } from '../context/build.js';
import type { FileExplanation } from '../context/explain.js';
import type { ContextStatus } from '../context/status.js';
import { countText } from '../shared/count-text.js';
import { savingsComparison } from '../shared/savings-text.js';

export function formatBuild(result: BuildResult): string {
  const { stats } = result;
  const lines: string[] = [];
  const verb =
    result.mode === 'reused'
      ? 'Context is up to date'
      : result.mode === 'incremental'
        ? 'Context updated'
        : 'Context built';
  lines.push(
    `${pc.green('✔')} ${verb} for ${pc.bold(result.summary.name)} in ${formatMs(stats.durationMs)} (${result.reason})`,
  );
  lines.push(
    `  ${stats.files} files scanned (${stats.hashed} read), ${stats.indexed} indexed: ${stats.parsed} parsed, ${stats.cached} from cache${stats.partial + stats.failed > 0 ? `, ${stats.partial} partial, ${stats.failed} failed` : ''}${stats.skipped ? `; ${stats.skipped} skipped (each with its reason in .agent-context/summary.md)` : ''}`,
  );
  lines.push(`  ${stats.edges} import edges, ${stats.unresolved} unresolved`);
  if (result.mode !== 'reused') {
    lines.push(
      `  readiness ${result.readiness.score}/100 (${result.readiness.grade}); AGENTS.md + a typical pack ≈ ${countText(result.savings.withContext)} tokens vs ${countText(result.savings.repositoryTokens)} for the whole repository (${savingsComparison(result.savings)})`,
    );
  }
  const written = result.outputs.filter((output) => output.written);
  lines.push(
    `  wrote ${written.length} of ${result.outputs.length} outputs${written.length > 0 ? `: ${written.map((output) => output.path).join(', ')}` : ''}`,
  );
  return lines.join('\n');
}

export function formatStatus(status: ContextStatus): string {
  if (!status.built)
    return `${pc.yellow('●')} No context built in ${status.root}.\n  next: ${status.command}`;
  const lines: string[] = [];
  const mark = status.freshness === 'fresh' ? pc.green('●') : pc.yellow('●');
  lines.push(
    `${mark} Context ${status.freshness}${status.builtAt ? `, built ${status.builtAt}` : ''} by opencode-plusplus ${status.toolVersion ?? '?'}`,
  );
  if (status.lastRun) {
    const stats = status.lastRun.stats;
    lines.push(
      `  last run: ${status.lastRun.mode} in ${formatMs(stats.durationMs)}; ${stats.parsed} file(s) re-parsed, ${stats.cached} from cache; ${stats.files} files, ${stats.edges} edges`,
    );
  }
  const { added, removed, modified } = status.changes;
  if (added.length + removed.length + modified.length > 0) {
    lines.push(
      `  changed since: ${modified.length} modified, ${added.length} added, ${removed.length} removed`,
    );
    for (const path of modified.slice(0, 10)) lines.push(`    M ${path}`);
    for (const path of added.slice(0, 10)) lines.push(`    A ${path}`);
    for (const path of removed.slice(0, 10)) lines.push(`    D ${path}`);
  }
  for (const problem of status.problems.filter((entry) => entry.component !== 'source')) {
    lines.push(`  ${problem.component}: ${problem.verdict} — ${problem.reason}`);
  }
  if (status.command) lines.push(`  next: ${status.command}`);
  return lines.join('\n');
}

export function formatExplanation(explanation: FileExplanation): string {
  const { file } = explanation;
  const lines: string[] = [];
  lines.push(
    `${pc.bold(file.path)}  ${pc.dim(`${file.language}, ${file.kind}, ${file.lines} lines, ${file.confidence}`)}`,
  );
  if (file.summary.text)
    lines.push(
      `  ${file.summary.text} ${pc.dim(`(${file.summary.source}${file.summary.line ? `, line ${file.summary.line}` : ''})`)}`,
    );
  if (explanation.rank) {
    const rank = explanation.rank;
    lines.push(
      `  rank ${rank.position} of ${rank.of}, score ${rank.score}${rank.reasons.length ? `: ${rank.reasons.join('; ')}` : ''}`,
    );
  }
  section(
    lines,
    'symbols',
    file.symbols.map(
      (symbol) =>
        `${symbol.container ? `${symbol.container}.` : ''}${symbol.name} ${pc.dim(symbol.kind)} L${symbol.line}-${symbol.endLine}${symbol.exported ? ' exported' : ''}  ${pc.dim(symbol.signature)}`,
    ),
  );
  section(
    lines,
    'exports',
    file.exports.map(
      (entry) =>
        `${entry.name}${entry.local ? ` (as ${entry.local})` : ''}${entry.from ? ` from ${entry.from}` : ''}${entry.typeOnly ? ' type' : ''} L${entry.line}`,
    ),
  );
  section(
    lines,
    'routes',
    file.routes.map((route) => `${route.method} ${route.path} ${pc.dim(route.framework)} L${route.line}`),
  );
  section(
    lines,
    'imports',
    explanation.imports.map(
      (edge) =>
        `${edge.to} ${pc.dim(`"${edge.specifier}" L${edge.line}${edge.typeOnly ? ' type-only' : ''}`)}`,
    ),
  );
  section(
    lines,
    'packages',
    explanation.externals.map((edge) => `${edge.to} ${pc.dim(`L${edge.line}`)}`),
  );
  section(
    lines,
    'imported by',
    explanation.importedBy.map((edge) => `${edge.from} ${pc.dim(`L${edge.line}`)}`),
  );
  section(
    lines,
    'unresolved',
    explanation.unresolved.map(
      (entry) =>
        `"${entry.specifier}" L${entry.line}: ${entry.reason}${entry.detail ? ` (${entry.detail})` : ''}`,
    ),
  );
  section(
    lines,
    'environment',
    file.env.map((entry) => `${entry.name} L${entry.line}`),
  );
  section(
    lines,
    'diagnostics',
    file.diagnostics.map((entry) => `L${entry.line}: ${entry.message}`),
  );
  return lines.join('\n');
}

function section(lines: string[], title: string, items: string[]): void {
  if (items.length === 0) return;
  lines.push(`  ${pc.cyan(title)} (${items.length})`);
  for (const item of items.slice(0, 40)) lines.push(`    ${item}`);
  if (items.length > 40) lines.push(`    … ${items.length - 40} more (--json shows all)`);
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
