/**
 * One event shape for every agent's hooks and plugins; each agent's adapter (claude.ts,
 * codex.ts, opencode.ts, openclaw.ts) parses its payload into it and renders the answer back.
 */
export const AGENTS = ['claude', 'codex', 'opencode', 'openclaw'] as const;
export type AgentName = (typeof AGENTS)[number];

export type HookKind = 'session-start' | 'prompt' | 'pre-tool' | 'post-tool' | 'stop' | 'end' | 'other';

export interface HookEvent {
  agent: AgentName;
  kind: HookKind;
  /** The host's name for the event (`PreToolUse`, `session.idle`, …), for the log. */
  name: string;
  session: string | null;
  /** The workspace: the session's project root. */
  cwd: string;
  transcript: string | null;
  tool?: { name: string; input: unknown; failed: boolean };
  /** Claude Code: this Stop follows a Stop hook's block (never block again). */
  stopHookActive?: boolean;
  /** Why a session ended (`clear`, `logout`, `reset`, …). */
  reason?: string;
}

/** What the handler decided; each adapter renders it in its host's terms. */
export interface HookAnswer {
  /** Text to add to the agent's context (SessionStart). */
  context?: string;
  /** Refuse this tool call, with the reason shown to the agent. */
  deny?: string;
  /** Do not stop: the agent continues with this text as its instruction (block mode). */
  block?: string;
}

export class HookInputError extends Error {}
