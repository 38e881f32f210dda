/** `.agent-context/summary.md`: the long form of the AGENTS.md block, for people and agents alike. */
import type { DependencyGraph } from '../../graph/types.js';
import type { IndexStats } from '../../index/types.js';
import { countText } from '../../shared/count-text.js';
import { inTableCell, markdownCode, markdownLines, markdownText } from '../../shared/markdown.js';
import { savingsComparison } from '../../shared/savings-text.js';
import type { ProjectJson } from '../project-schema.js';
import type { ReadinessReport } from '../readiness.js';
import type { TokenSavings } from '../savings.js';
import type { RepositorySummary } from '../summary.js';
import { cell, centralHeading, code, whereToLook } from './agents-md.js';

export interface SummaryDocumentInput {
  summary: RepositorySummary;
  project: ProjectJson;
  readiness: ReadinessReport;
  savings: TokenSavings;
  graph: DependencyGraph;
  indexStats: Pick<IndexStats, 'files' | 'partial' | 'failed'>;
}

export function renderSummaryMarkdown(input: SummaryDocumentInput): string {
  const { summary, project, readiness, savings, graph } = input;
  const out: string[] = [`# ${summary.name}`, ''];
  if (summary.description) out.push(markdownText(summary.description), '');
  out.push('## At a glance');
  out.push(
    `- ${summary.counts.files} files listed: ${summary.counts.indexed} indexed (${summary.counts.source} source, ${summary.counts.test} test${summary.counts.example ? `, ${summary.counts.example} example` : ''}${summary.counts.fixture ? `, ${summary.counts.fixture} fixture` : ''}), ${summary.counts.skipped} skipped, ${summary.counts.notIndexed} not indexed (assets and lockfiles).`,
  );
  out.push(
    `- ${graph.stats.internalEdges} internal imports, ${graph.stats.externals} external packages, ${graph.stats.unresolved} unresolved imports${reasons(graph.stats.unresolvedByReason)}.`,
  );
  out.push(
    `- Parse confidence: ${input.indexStats.files - input.indexStats.partial - input.indexStats.failed} clean, ${input.indexStats.partial} partial, ${input.indexStats.failed} failed.`,
  );
  out.push(`- Readiness for agents: ${readiness.score}/100 (${readiness.grade}).`);
  out.push(
    `- Reading all indexed text costs ~${countText(savings.repository.tokens)} tokens (${savings.tokenizer}, ${savings.method}); AGENTS.md plus a typical pack costs ~${countText(savings.withContext)} (${savingsComparison({ repositoryTokens: savings.repository.tokens, ratio: savings.ratio })}).`,
  );
  out.push('');
  if (summary.languages.length > 0) {
    out.push('## Languages', '| language | files | lines |', '|---|---:|---:|');
    for (const share of summary.languages)
      out.push(`| ${share.language} | ${share.files} | ${share.lines} |`);
    out.push('');
  }
  const hints = whereToLook(project);
  if (hints.length > 0) {
    out.push('## Where to look first');
    for (const hint of hints) out.push(`- ${hint}`);
    out.push('');
  }
  if (summary.commands.length > 0) {
    out.push('## Commands', '| task | command | from |', '|---|---|---|');
    for (const command of summary.commands)
      out.push(
        `| ${markdownText(command.name)} | ${inTableCell(markdownCode(command.command))} | ${markdownText(command.source)} |`,
      );
    out.push('');
  }
  if (summary.layout.length > 0) {
    out.push('## Layout', '| folder | files | holds |', '|---|---:|---|');
    for (const entry of summary.layout)
      out.push(`| ${inTableCell(code(entry.path))} | ${entry.files} | ${cell(entry.description)} |`);
    out.push('');
  }
  if (summary.entrypoints.length > 0) {
    out.push('## Entrypoints');
    for (const entry of summary.entrypoints)
      out.push(
        `- ${code(entry.path)} — ${markdownText(entry.reasons.join('; '))}${entry.declared ? '' : ' (by convention)'}`,
      );
    out.push('');
  }
  if (summary.centralModules.length > 0) {
    out.push('## Central modules', centralHeading(project), '', '| file | why | summary |', '|---|---|---|');
    for (const module of summary.centralModules)
      out.push(`| ${inTableCell(code(module.path))} | ${cell(module.why)} | ${cell(module.summary)} |`);
    out.push('');
  }
  if (summary.conventions.length > 0) {
    out.push('## Conventions (observed)');
    for (const convention of summary.conventions) out.push(`- ${convention.text} _(${convention.evidence})_`);
    out.push('');
  }
  if (summary.skipped.length > 0) {
    out.push(
      '## Skipped files',
      'Listed but not indexed: agents see no facts for them.',
      '',
      '| file | reason | detail |',
      '|---|---|---|',
    );
    for (const file of summary.skipped)
      out.push(`| ${inTableCell(code(file.path))} | ${file.reason} | ${cell(file.detail ?? '')} |`);
    out.push('');
  }
  out.push('## Readiness', `Score ${readiness.score}/100 (${readiness.grade}).`, '');
  for (const check of readiness.checks)
    out.push(`- ${check.ok ? '[x]' : '[ ]'} ${check.message}${check.fix ? ` — fix: ${check.fix}` : ''}`);
  out.push('');
  const topExternals = [...graph.externals]
    .filter((node) => !node.builtin)
    .sort((a, b) => b.importers - a.importers || (a.id < b.id ? -1 : 1))
    .slice(0, 15);
  if (topExternals.length > 0) {
    out.push('## Most used external packages');
    for (const node of topExternals)
      out.push(
        `- ${code(node.name)} (${node.ecosystem}) — imported by ${node.importers} file${node.importers === 1 ? '' : 's'}`,
      );
    out.push('');
  }
  return `${markdownLines(out).trimEnd()}\n`;
}

function reasons(byReason: Record<string, number>): string {
  const entries = Object.entries(byReason).sort();
  return entries.length ? ` (${entries.map(([reason, count]) => `${count} ${reason}`).join(', ')})` : '';
}
