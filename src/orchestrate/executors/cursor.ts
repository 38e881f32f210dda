/**
 * Cursor CLI: `agent -p --output-format stream-json`. Stream: `system/init`, `user`, `assistant`,
 * `tool_call{subtype: started|completed, call_id, tool_call: {<name>ToolCall: {args, result}}}`,
 * `result`. No token usage. Not installable here: its normalizer is tested on recorded streams.
 */

import { agentCliExecutor } from './agent-cli.js';
import {
  type AgentEvent,
  commandEvent,
  jsonLines,
  jsonResult,
  numberOf,
  opaque,
  recordOf,
  type StreamNormalizer,
  stringOf,
  textOf,
} from './events.js';
import type { ProcessExecutor } from './types.js';

export const normalizeCursorLine: StreamNormalizer = jsonLines((value, type) => {
  if (type === 'assistant') {
    const text = textOf(recordOf(value.message).content);
    return text ? [{ type: 'message', text }] : [];
  }
  if (type === 'user') return [];
  if (type === 'tool_call') return value.subtype === 'completed' ? toolEvents(value) : [];
  if (type === 'result')
    return value.is_error === true
      ? [{ type: 'error', message: stringOf(value.result) ?? stringOf(value.subtype) ?? 'error' }]
      : [];
  return [opaque(`cursor:${type}${value.subtype ? `/${String(value.subtype)}` : ''}`, value)];
});

function toolEvents(value: Record<string, unknown>): AgentEvent[] {
  const call = recordOf(value.tool_call);
  const [key] = Object.keys(call);
  if (!key) return [opaque('cursor:tool_call', value)];
  const body = recordOf(call[key]);
  const tool = key.replace(/ToolCall$/, '');
  const args = recordOf(body.args);
  const result = recordOf(body.result);
  const failed = 'error' in result || 'failure' in result;
  const events: AgentEvent[] = [
    {
      type: 'tool-call',
      tool,
      ...(stringOf(value.call_id) ? { callId: String(value.call_id) } : {}),
      input: body.args,
      output: jsonResult(body.result),
      failed,
    },
  ];
  const path = stringOf(args.path);
  if ((tool === 'write' || tool === 'edit') && path && !failed)
    events.push({ type: 'file-edit', path, change: tool === 'write' ? 'add' : 'update' });
  if (tool === 'shell') events.push(shellCommand(args, result));
  return events;
}

function shellCommand(args: Record<string, unknown>, result: Record<string, unknown>): AgentEvent {
  const outcome = recordOf(result.success ?? result.failure);
  return commandEvent(
    stringOf(args.command) ?? '',
    numberOf(outcome.exitCode) ?? null,
    `${stringOf(outcome.stdout) ?? ''}${stringOf(outcome.stderr) ?? ''}`,
  );
}

export const cursorExecutor: ProcessExecutor = agentCliExecutor({
  name: 'cursor',
  summary: 'Cursor CLI (`agent -p --output-format stream-json`)',
  bin: 'agent',
  install:
    'install the Cursor CLI (curl https://cursor.com/install -fsS | bash) or pass --executor-bin <path>',
  args: ['-p', '--output-format', 'stream-json', '--force'],
  modelFlag: '--model',
  createNormalizer: () => normalizeCursorLine,
});
