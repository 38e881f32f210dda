/**
 * The OpenCode and OpenClaw plugins are ours: they send one small JSON document per event,
 * `{ event, session, cwd, transcript?, tool?, input?, failed?, reason? }`, named by the host's
 * own event names, and read `{ block, reason }` / `{ context }` back.
 */
import { type AgentName, type HookAnswer, type HookEvent, HookInputError, type HookKind } from './events.js';

const KINDS: Record<'opencode' | 'openclaw', Record<string, HookKind>> = {
  opencode: {
    'session.created': 'session-start',
    'chat.message': 'prompt',
    'tool.execute.before': 'pre-tool',
    'tool.execute.after': 'post-tool',
    'session.idle': 'stop',
    'session.deleted': 'end',
  },
  openclaw: {
    session_start: 'session-start',
    message_received: 'prompt',
    before_tool_call: 'pre-tool',
    after_tool_call: 'post-tool',
    agent_end: 'stop',
    session_end: 'end',
    before_reset: 'end',
  },
};

export function parsePluginEvent(value: unknown, agent: 'opencode' | 'openclaw'): HookEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HookInputError('the plugin event is not a JSON object');
  const payload = value as Record<string, unknown>;
  const name = text(payload.event);
  const cwd = text(payload.cwd);
  if (!name) throw new HookInputError('missing field "event" (a string)');
  if (!cwd) throw new HookInputError('missing field "cwd" (a string)');
  const kind = KINDS[agent][name] ?? 'other';
  const event: HookEvent = {
    agent: agent as AgentName,
    kind,
    name,
    session: text(payload.session),
    cwd,
    transcript: text(payload.transcript),
  };
  if (kind === 'pre-tool' || kind === 'post-tool') {
    const tool = text(payload.tool);
    if (!tool) throw new HookInputError('missing field "tool" (a string)');
    event.tool = { name: tool, input: payload.input, failed: payload.failed === true };
  }
  if (kind === 'end') event.reason = name === 'before_reset' ? 'reset' : (text(payload.reason) ?? 'ended');
  return event;
}

export function renderPluginAnswer(event: HookEvent, answer: HookAnswer): string {
  if (answer.deny) return JSON.stringify({ block: true, reason: answer.deny });
  if (event.kind === 'pre-tool') return JSON.stringify({ allow: true });
  if (answer.context) return JSON.stringify({ context: answer.context });
  return '{}';
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
