/** A trace's timeline, readable. */
import pc from 'picocolors';
import type { Trace, TraceStep } from '../trace/types.js';

const LEVEL_MARK = { manual: pc.yellow('claim'), command: pc.cyan('run'), ci: pc.magenta('ci') } as const;

export function formatTrace(trace: Trace): string {
  const lines = [
    `${pc.bold(trace.id)}  ${trace.state}${trace.taskId ? `  task ${trace.taskId}` : ''}`,
    `  ${trace.task}`,
    `  agent ${trace.agent.name}${trace.agent.version ? ` ${trace.agent.version}` : ''}, started ${trace.createdAt}, tree ${trace.startTreeHash.slice(0, 12)}`,
  ];
  if (trace.steps.length === 0) lines.push('  (no steps yet)');
  for (const step of trace.steps) lines.push(...formatStep(step));
  if (trace.final)
    lines.push(
      `  closed ${trace.final.at}${trace.final.outcome ? `: ${trace.final.outcome}` : ''}${trace.final.summary ? ` — ${trace.final.summary}` : ''}`,
    );
  return lines.join('\n');
}

export function formatStep(step: TraceStep): string[] {
  const head = `  ${pc.dim(step.id)} ${step.at.slice(11, 19)} ${LEVEL_MARK[step.level].padEnd(5)} `;
  if (step.kind === 'command') {
    const outcome = step.spawnError
      ? pc.red(step.spawnError)
      : step.timedOut
        ? pc.red('timed out')
        : step.exitCode === 0
          ? pc.green('exit 0')
          : pc.red(`exit ${step.exitCode ?? step.signal}`);
    const lines = [
      `${head}${step.command.join(' ')}  ${outcome} in ${step.durationMs} ms${step.treeHashBefore === step.treeHashAfter ? '' : pc.yellow('  (changed the tree)')}`,
    ];
    const tail = (step.exitCode === 0 ? '' : step.stderr.tail || step.stdout.tail)
      .trim()
      .split('\n')
      .slice(-5);
    for (const line of tail) if (line) lines.push(`      ${pc.dim(line)}`);
    return lines;
  }
  if (step.kind === 'test-report') {
    const report = step.report;
    const summary = `${report.passed} passed, ${report.failed} failed, ${report.errors} errors, ${report.skipped} skipped`;
    const lines = [
      `${head}${report.format} ${step.source.file}: ${report.failed + report.errors > 0 ? pc.red(summary) : pc.green(summary)}`,
    ];
    for (const failure of report.failures.slice(0, 5))
      lines.push(
        `      ${pc.red('✘')} ${failure.suite ? `${failure.suite} › ` : ''}${failure.name}${failure.message ? `: ${failure.message}` : ''}`,
      );
    return lines;
  }
  return [
    `${head}${step.kind}: ${step.message ?? ''}${step.files.length ? pc.dim(`  [${step.files.join(', ')}]`) : ''}`,
  ];
}
