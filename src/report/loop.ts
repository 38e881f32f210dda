/** The loop controller's answer, readable: the next action first, then why. */
import pc from 'picocolors';
import type { LoopResult } from '../api/loop.js';

export function formatLoop(result: LoopResult): string {
  const next = result.next;
  const lines = [
    `${next.blocking ? pc.yellow('next (blocking)') : pc.green('next')}: ${pc.bold(next.action)} — ${next.reason}`,
  ];
  if (next.command) lines.push(`  run: ${next.command}`);
  if (result.state) lines.push(`  state: ${result.state.state}${result.written ? ' (written)' : ''}`);
  const others = result.decisions.slice(1);
  if (others.length > 0) {
    lines.push('  then:');
    for (const decision of others)
      lines.push(
        `    ${decision.blocking ? '!' : '-'} ${decision.action} (priority ${decision.priority}, confidence ${decision.confidence}): ${decision.reason}`,
      );
  }
  if (result.planDiff) {
    const diff = result.planDiff;
    lines.push(
      `  plan vs actual: ${diff.overlap.length} expected file(s) changed, ${diff.expected_not_produced.length} not yet, ${diff.produced_not_expected.length} unexpected (completion ${Math.round(diff.completion_ratio * 100)}%)`,
    );
  }
  for (const verdict of result.evidence)
    lines.push(
      `  evidence ${verdict.requirement}: ${verdict.satisfied ? (verdict.verified ? 'verified' : 'claimed') : 'missing'}`,
    );
  return lines.join('\n');
}
