/** Human-readable text for a reflection: the decision first, an escalation as a question with numbered answers. */
import pc from 'picocolors';
import type { ReflectTranscriptResult } from '../api/reflect.js';
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

/** A transcript reflection: the verdict, the steering found, the lessons, what was saved. */
export function formatTranscriptReflection(result: ReflectTranscriptResult): string {
  const lines: string[] = [result.message];
  if (result.steering.length > 0) {
    lines.push('', `steering (${result.steering.length}):`);
    for (const item of result.steering)
      lines.push(`  line ${item.line} ${pc.bold(item.kind)}: ${item.quote}`);
  }
  if (result.lessons.length > 0) {
    lines.push('', 'lessons:');
    for (const lesson of result.lessons)
      lines.push(`  line ${lesson.line} (kind ${lesson.kind}): ${lesson.text}`);
  }
  if (result.servedIgnored.length > 0)
    lines.push('', `served and ignored: ${result.servedIgnored.join(', ')}`);
  for (const item of result.declined) lines.push(`  ${pc.dim(`declined line ${item.line}: ${item.reason}`)}`);
  for (const item of result.missedCaptures)
    lines.push(`  ${pc.yellow('should have been captured')} line ${item.line}: ${item.reason}`);
  if (result.fallback) lines.push(`  ${pc.yellow('model fallback')}: ${result.fallback}`);
  if (result.saved) {
    const added = result.saved.saved.filter((lesson) => lesson.status === 'added');
    lines.push(
      '',
      `saved: ${added.length > 0 ? added.map((lesson) => lesson.id).join(', ') : 'nothing new'}`,
    );
    for (const failure of result.saved.failures)
      lines.push(`  ${pc.red('not saved')}: ${failure.text}: ${failure.error}`);
    for (const report of result.saved.reports)
      lines.push(
        `  ${pc.yellow('possible defect of opencode-plusplus')}: report written to ${report}; read it, then file it as an issue of opencode-plusplus (e.g. gh issue create --body-file ${report})`,
      );
  } else if (result.defects.length > 0)
    lines.push(
      `  ${pc.yellow('possible defect of opencode-plusplus')} at line(s) ${result.defects.map((defect) => defect.line).join(', ')}: run with --save to write a redacted report`,
    );
  return lines.join('\n');
}
