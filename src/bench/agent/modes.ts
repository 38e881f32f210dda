/**
 * The four ways a task is given to the agent, from nothing to the whole control plane. The same
 * task, the same agent; only what surrounds the agent changes.
 */
import { usageError } from '../../shared/errors.js';

export const AGENT_MODES = ['no-context', 'agents-md', 'context-pack', 'loop'] as const;
export type AgentMode = (typeof AGENT_MODES)[number];

export const MODE_SUMMARIES: Readonly<Record<AgentMode, string>> = {
  'no-context': 'the bare task, one run of the agent',
  'agents-md': 'the task and the generated AGENTS.md, one run',
  'context-pack': 'the task, the task pack (pack.md) and the edit boundary, one run',
  loop: "orchestrate: the agent held against the evidence gates, up to the task's maxLoops iterations",
};

export function isAgentMode(text: string): text is AgentMode {
  return (AGENT_MODES as readonly string[]).includes(text);
}

/** `--modes a,b`: known names, each once, in the order given. */
export function parseModes(text: string | undefined): AgentMode[] {
  if (text === undefined) return [...AGENT_MODES];
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isAgentMode(name));
  if (names.length === 0 || unknown.length > 0)
    throw usageError(
      `--modes takes a comma-separated list of ${AGENT_MODES.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
    );
  return [...new Set(names as AgentMode[])];
}
