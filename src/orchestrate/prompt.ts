/**
 * The prompt of each iteration. The first is the task run's own prompt; every later one adds
 * what blocks, stated so an agent can act on it — findings with file:line, the failing test
 * output's tail, the commands that must pass — never "try again".
 */
import type { Decision } from './types.js';

export interface PromptInput {
  base: string;
  iteration: number;
  previous?: Decision;
  /** A person's answer to the last question (`--resume <id> --answer`). */
  answer?: string;
}

export function renderIterationPrompt(input: PromptInput): string {
  const sections = [input.base.trimEnd()];
  if (input.previous) sections.push(blockingSection(input.previous, input.iteration));
  if (input.answer) sections.push(`## A person answered\n\n${input.answer.trim()}`);
  return `${sections.join('\n\n')}\n`;
}

function blockingSection(decision: Decision, iteration: number): string {
  const blocking = decision.candidates.filter((candidate) => candidate.blocking);
  const lines = [
    `## What blocks (after iteration ${iteration - 1}: ${decision.action})`,
    '',
    decision.reason,
    '',
  ];
  for (const candidate of blocking) {
    lines.push(`- ${candidate.reason}`);
    for (const detail of candidate.details) lines.push(indent(detail));
    if (candidate.command) lines.push(`  - run: \`${candidate.command}\``);
  }
  const commands = [
    ...new Set(blocking.flatMap((candidate) => (candidate.command ? [candidate.command] : []))),
  ];
  if (commands.length > 0) {
    lines.push(
      '',
      'These must pass before the change can close:',
      ...commands.map((command) => `- \`${command}\``),
    );
  }
  if (decision.question) lines.push('', `Open question: ${decision.question}`);
  return lines.join('\n');
}

function indent(text: string): string {
  const [first, ...rest] = text.split('\n');
  return [`  - ${first}`, ...rest.map((line) => `    ${line}`)].join('\n');
}
