/** The agent benchmark as Markdown: one row per mode, then every task across the modes. */
import type { BenchmarkReport, ModeSummary, TaskResult } from '../bench/agent/results.js';

export function formatAgentBenchmark(report: BenchmarkReport): string {
  const lines = [
    `# Agent benchmark (${report.executor})`,
    '',
    '| mode | tasks | solved | false finalizes | loops | tokens | cost (USD) | wall (s) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [mode, summary] of Object.entries(report.modes) as Array<[string, ModeSummary]>)
    lines.push(
      `| ${mode} | ${summary.tasks} | ${summary.solved} | ${summary.falseFinalizes} | ${summary.loops} | ${summary.tokens} | ${summary.costUsd.toFixed(4)} | ${summary.wallS.toFixed(1)} |`,
    );
  const modes = Object.keys(report.modes);
  lines.push('', `| task | ${modes.join(' | ')} |`, `|---|${modes.map(() => ':---:').join('|')}|`);
  for (const task of [...new Set(report.tasks.map((result) => result.task))]) {
    const cells = modes.map((mode) => cellOf(report.tasks.find((r) => r.task === task && r.mode === mode)));
    lines.push(`| ${task} | ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    'solved: the hidden check passed on the result · FALSE FINALIZE: the run said done, the check failed · ' +
      'not solved: the run stopped short (its decision in brackets)',
  );
  return `${lines.join('\n')}\n`;
}

function cellOf(result: TaskResult | undefined): string {
  if (!result) return '';
  if (result.error) return `error: ${result.error.replace(/\|/g, '\\|').slice(0, 80)}`;
  const loops = result.mode === 'loop' ? ` (${result.loops} loop${result.loops === 1 ? '' : 's'})` : '';
  if (result.solved) return `solved${loops}`;
  if (result.falseFinalize) return `FALSE FINALIZE${loops}`;
  return `not solved${result.decision ? ` [${result.decision}]` : ''}${loops}`;
}
