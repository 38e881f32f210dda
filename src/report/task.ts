/** Human-readable text for task packs (plan) and task runs. */
import pc from 'picocolors';
import { countText } from '../shared/count-text.js';
import type { TaskPack } from '../task/types.js';
import type { TaskRunResult } from '../task/write-task-run.js';

export function formatPlan(pack: TaskPack): string {
  const lines: string[] = [`${pc.bold('Plan')} ${pack.taskId}`, ''];
  const detailed = pack.files.filter((file) => file.representation !== 'line');
  lines.push(pc.bold(`Read (${countText(pack.usedTokens)} of ${countText(pack.budget)} tokens)`));
  if (pack.files.length === 0) lines.push('  nothing matched the task');
  for (const file of detailed)
    lines.push(`  ${file.path} ${pc.dim(`(${file.representation}, ${file.tokens} tokens)`)}`);
  const named = pack.files.length - detailed.length;
  if (named > 0) lines.push(pc.dim(`  + ${named} more by name only`));
  for (const note of pack.notes) lines.push(pc.yellow(`  ${note}`));
  if (pack.lessons.length > 0) {
    lines.push(pc.bold('Lessons'));
    for (const lesson of pack.lessons) lines.push(`  ${lesson.line}`);
  }
  lines.push(pc.bold('Tests'));
  if (pack.tests.length === 0) lines.push('  none found');
  for (const test of pack.tests.slice(0, 8)) lines.push(`  ${test.path}`);
  lines.push(pc.bold('Commands'));
  if (pack.commands.length === 0) lines.push('  none detected');
  for (const command of pack.commands)
    lines.push(`  ${command.name}: ${command.command} ${pc.dim(`(${command.source})`)}`);
  lines.push(pc.bold('May edit'));
  for (const glob of pack.editBoundary.allowedEditGlobs) lines.push(`  ${glob}`);
  lines.push(pc.bold('Avoid'));
  for (const glob of pack.editBoundary.avoidEditGlobs)
    lines.push(`  ${glob} ${pc.dim(pack.editBoundary.reasons[glob] ?? '')}`);
  lines.push(
    '',
    pc.dim(`write it with: opencode-plusplus task "<task>" (folder .agent-context/runs/${pack.taskId}/)`),
  );
  return lines.join('\n');
}

export function formatStartedRun(result: TaskRunResult & { traceId: string; trace: string }): string {
  return [
    formatTaskRun(result),
    `${pc.green('✔')} Trace ${pc.bold(result.traceId)} started: ${result.trace}`,
    `  record evidence: opencode-plusplus trace run ${result.traceId} -- <test command>`,
    '  then ask the loop: opencode-plusplus loop "<task>" --phase after-edit',
  ].join('\n');
}

export function formatTaskRun(result: TaskRunResult): string {
  const lines = [
    `${pc.green('✔')} Task ${pc.bold(result.taskId)} is ${result.state}: ${result.runDir}/`,
    `  ${result.files.length} files, ${result.written.length} written (the rest were unchanged)`,
    `  next: give ${result.runDir}/prompt.<executor>.md to your agent (claude, codex, cursor, opencode, mimocode)`,
  ];
  return lines.join('\n');
}
