/**
 * Claude Code hooks: the JSON on stdin (`session_id, transcript_path, cwd, hook_event_name`, plus
 * the event's fields) in, the documented JSON answers out — `additionalContext` at SessionStart,
 * `permissionDecision: "deny"` at PreToolUse, `decision: "block"` at Stop. Codex hooks use the
 * same shapes (codex.ts reuses this).
 */
import { type AgentName, type HookAnswer, type HookEvent, HookInputError, type HookKind } from './events.js';

const KINDS: Record<string, HookKind> = {
  SessionStart: 'session-start',
  UserPromptSubmit: 'prompt',
  PreToolUse: 'pre-tool',
  PostToolUse: 'post-tool',
  PostToolUseFailure: 'post-tool',
  Stop: 'stop',
  SessionEnd: 'end',
};

export function parseClaudeLikeHook(value: unknown, agent: AgentName = 'claude'): HookEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HookInputError('the hook input is not a JSON object');
  const payload = value as Record<string, unknown>;
  const name = requireString(payload, 'hook_event_name');
  const cwd = requireString(payload, 'cwd');
  const kind = KINDS[name] ?? 'other';
  const event: HookEvent = {
    agent,
    kind,
    name,
    session: optionalString(payload.session_id),
    cwd,
    transcript: optionalString(payload.transcript_path),
  };
  if (kind === 'pre-tool' || kind === 'post-tool')
    event.tool = {
      name: requireString(payload, 'tool_name'),
      input: payload.tool_input,
      failed: name === 'PostToolUseFailure' || toolFailed(payload.tool_response),
    };
  if (kind === 'stop') event.stopHookActive = payload.stop_hook_active === true;
  if (kind === 'end') event.reason = optionalString(payload.reason) ?? 'other';
  return event;
}

function toolFailed(response: unknown): boolean {
  if (typeof response !== 'object' || response === null) return false;
  const record = response as Record<string, unknown>;
  return record.is_error === true || record.success === false;
}

/** The answer as Claude Code reads it from stdout (exit code 0); `undefined`: print nothing. */
export function renderClaudeLikeAnswer(event: HookEvent, answer: HookAnswer): string | undefined {
  if (answer.deny && event.kind === 'pre-tool')
    return JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: answer.deny,
      },
    });
  if (answer.block && event.kind === 'stop')
    return JSON.stringify({ decision: 'block', reason: answer.block });
  if (answer.context && (event.kind === 'session-start' || event.kind === 'prompt'))
    return JSON.stringify({
      hookSpecificOutput: { hookEventName: event.name, additionalContext: answer.context },
    });
  return undefined;
}

function requireString(payload: Record<string, unknown>, field: string): string {
  const value = payload[field];
  if (typeof value !== 'string' || value === '')
    throw new HookInputError(`missing field "${field}" (a string)`);
  return value;
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
