/**
 * Claude Code headless: `claude -p --output-format stream-json --verbose <prompt>`. Unattended
 * permissions that work as root and as a user: `acceptEdits` plus an allow-list of the tools an
 * edit needs (`bypassPermissions` refuses to run as root outside a declared sandbox).
 * Stream: `system/init`, `assistant` (text, thinking, tool_use), `user` (tool_result), `result`.
 */

import { agentCliExecutor, npmInstallHint } from './agent-cli.js';
import {
  type AgentEvent,
  commandEvent,
  jsonLines,
  numberOf,
  opaque,
  recordOf,
  type StreamNormalizer,
  stringOf,
  textOf,
} from './events.js';
import type { ProcessExecutor } from './types.js';

const EDIT_TOOLS: Record<string, 'add' | 'update'> = { Write: 'add', Edit: 'update', MultiEdit: 'update' };

export const claudeExecutor: ProcessExecutor = agentCliExecutor({
  name: 'claude',
  summary: 'Claude Code (`claude -p --output-format stream-json --verbose`)',
  bin: 'claude',
  install: npmInstallHint('@anthropic-ai/claude-code'),
  args: [
    '-p',
    '--output-format',
    'stream-json',
    '--verbose',
    '--permission-mode',
    'acceptEdits',
    '--allowedTools=Bash,Read,Write,Edit,MultiEdit,Glob,Grep,LS',
  ],
  modelFlag: '--model',
  env: { CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
  createNormalizer: () => createClaudeNormalizer(),
});

export function createClaudeNormalizer(): StreamNormalizer {
  const calls: Calls = new Map();
  return jsonLines((value, type) => {
    if (type === 'assistant') return assistantEvents(recordOf(value.message), calls);
    if (type === 'user') return toolResults(recordOf(value.message), calls);
    if (type === 'result') return resultEvents(value);
    return [opaque(`claude:${type}${value.subtype ? `/${String(value.subtype)}` : ''}`, value)];
  });
}

/** Tool calls by id, so a result can name its tool and input. */
type Calls = Map<string, { tool: string; input: unknown }>;

function blocksOf(message: Record<string, unknown>): Array<Record<string, unknown>> {
  return (Array.isArray(message.content) ? message.content : []).map(recordOf);
}

function assistantEvents(message: Record<string, unknown>, calls: Calls): AgentEvent[] {
  const events: AgentEvent[] = [];
  for (const part of blocksOf(message)) {
    const kind = stringOf(part.type);
    if (kind === 'text' && stringOf(part.text)) events.push({ type: 'message', text: String(part.text) });
    else if (kind === 'thinking') events.push({ type: 'reasoning', text: stringOf(part.thinking) ?? '' });
    else if (kind === 'tool_use') events.push(...toolUse(part, calls));
    else events.push(opaque(`claude:content/${kind ?? 'unknown'}`, part));
  }
  return events;
}

function toolUse(part: Record<string, unknown>, calls: Calls) {
  const tool = stringOf(part.name) ?? 'unknown';
  const input = part.input;
  calls.set(stringOf(part.id) ?? '', { tool, input });
  const path = stringOf(recordOf(input).file_path);
  const change = EDIT_TOOLS[tool];
  return change && path ? [{ type: 'file-edit' as const, path, change }] : [];
}

function toolResults(message: Record<string, unknown>, calls: Calls): AgentEvent[] {
  const events: AgentEvent[] = [];
  for (const part of blocksOf(message)) {
    if (part.type !== 'tool_result') continue;
    const callId = stringOf(part.tool_use_id) ?? '';
    const call = calls.get(callId) ?? { tool: 'unknown', input: undefined };
    const output = textOf(part.content) ?? '';
    const failed = part.is_error === true;
    events.push({ type: 'tool-call', tool: call.tool, callId, input: call.input, output, failed });
    if (call.tool === 'Bash')
      events.push(
        commandEvent(stringOf(recordOf(call.input).command) ?? '', exitCodeOf(output, failed), output),
      );
  }
  return events;
}

/** Bash results carry "Exit code N" in their text when the command failed. */
function exitCodeOf(output: string, failed: boolean): number | null {
  const match = /Exit code (\d+)/.exec(output);
  if (match) return Number(match[1]);
  return failed ? null : 0;
}

function resultEvents(value: Record<string, unknown>): AgentEvent[] {
  const usage = recordOf(value.usage);
  const events: AgentEvent[] = [
    {
      type: 'usage',
      inputTokens: numberOf(usage.input_tokens) ?? 0,
      outputTokens: numberOf(usage.output_tokens) ?? 0,
      cachedInputTokens: numberOf(usage.cache_read_input_tokens) ?? 0,
      costUsd: numberOf(value.total_cost_usd) ?? 0,
    },
  ];
  if (value.is_error === true)
    events.push({ type: 'error', message: stringOf(value.result) ?? stringOf(value.subtype) ?? 'error' });
  else if (stringOf(value.result)) events.push({ type: 'message', text: String(value.result) });
  return events;
}
