/** Human-readable text for a reflection: the decision first, an escalation as a question with numbered answers. */
import pc from 'picocolors';
import type { ReflectionResult } from '../reflect/node.js';

export function formatReflection(result: ReflectionResult): string {
  const lines: string[] = [];
  const head = `${decisionMark(result.decision)} ${pc.bold(result.decision)} (depth ${result.depth} of ${result.depth_cap}, ${result.workload}, ${result.reflector} reflector)`;
  lines.push(head);
  if (result.decision === 'escalate') {
    lines.push('', `  ${result.question}`, '');
    (result.suggested_responses ?? []).forEach((response, index) => {
      lines.push(`  ${index + 1}. ${response}`);
    });
    const ready = result.artifacts_for_review ?? [];
    lines.push('', `  ready for review: ${ready.length > 0 ? ready.join(', ') : 'nothing is done yet'}`);
  } else if (result.decision === 'end') lines.push(`  ${result.final_answer}`);
  else if (result.reason) lines.push(`  ${result.reason}`);
  const { diff } = result;
  lines.push(
    `  plan vs actual: ${diff.overlap.length} of ${diff.overlap.length + diff.expected_not_produced.length} expected artifacts exist (ratio ${diff.completion_ratio})${diff.expected_not_produced.length ? `; missing ${diff.expected_not_produced.join(', ')}` : ''}${diff.produced_not_expected.length ? `; unplanned ${diff.produced_not_expected.join(', ')}` : ''}`,
  );
  for (const override of result.overrides)
    lines.push(`  rule ${override.rule}: ${override.from} → ${override.to}`);
  if (result.fallback) lines.push(`  ${pc.yellow('model fallback')}: ${result.fallback}`);
  const tokens = result.calls.reduce((sum, call) => sum + call.inputTokens + call.outputTokens, 0);
  if (result.calls.length > 0) {
    const cost = result.calls.reduce((sum, call) => sum + (call.costUsd ?? 0), 0);
    const priced = result.calls.every((call) => call.costUsd !== null);
    lines.push(
      `  model calls: ${result.calls.length}, ${tokens} tokens${priced ? `, $${cost.toFixed(4)}` : ''}`,
    );
  }
  if (result.log) lines.push(`  recorded in ${result.log}`);
  return lines.join('\n');
}

function decisionMark(decision: ReflectionResult['decision']): string {
  return { continue: pc.green('→'), replan: pc.yellow('↺'), end: pc.green('✔'), escalate: pc.red('?') }[
    decision
  ];
}
