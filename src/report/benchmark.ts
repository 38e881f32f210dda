/** Human-readable text for the retrieval benchmark. */
import pc from 'picocolors';
import type { RankingMetrics, RetrievalBenchmarkResult } from '../bench/retrieval.js';
import { countText } from '../shared/count-text.js';

export function formatRetrievalBenchmark(result: RetrievalBenchmarkResult): string {
  const lines = [
    `${pc.bold('Retrieval benchmark')} on ${result.repository} (HEAD ${result.head.slice(0, 10)})`,
    `${result.cases.length} case(s) from recent commits${result.skipped.length ? `, ${result.skipped.length} skipped` : ''}`,
    '',
    `| ranking | R@1 | R@3 | R@5 | R@10 | MRR |`,
    `|---|---:|---:|---:|---:|---:|`,
    row('opencode-plusplus', result.fused),
    row('plain BM25 (ablation)', result.ablation),
    '',
    `gold files inside the ${countText(result.budget)}-token pack: ${percent(result.fused.packedShare)}`,
    `time per query: ${result.fused.meanSeconds.toFixed(2)} s mean with a cold build (max ${result.fused.maxSeconds.toFixed(2)} s), ${result.fused.meanWarmSeconds.toFixed(2)} s warm`,
  ];
  for (const entry of result.skipped)
    lines.push(pc.dim(`skipped ${entry.sha.slice(0, 10)}: ${entry.reason}`));
  return lines.join('\n');
}

function row(name: string, metrics: RankingMetrics): string {
  const values = [metrics.recallAt1, metrics.recallAt3, metrics.recallAt5, metrics.recallAt10, metrics.mrr];
  return `| ${name} | ${values.map((value) => value.toFixed(3)).join(' | ')} |`;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}
