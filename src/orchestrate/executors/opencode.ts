/**
 * OpenCode: `opencode run --format json <prompt>`. Stream: `{type, sessionID, part}` lines —
 * `step_start`, `text`, `reasoning`, `tool_use` (with the call's final state), `step_finish`
 * (cost and tokens), `error`, and in newer versions `done`.
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
} from './events.js';
import type { ProcessExecutor } from './types.js';

const EDIT_TOOLS: Record<string, 'add' | 'update'> = { write: 'add', edit: 'update', patch: 'update' };

export const normalizeOpencodeLine: StreamNormalizer = jsonLines((value, type) => {
  const part = recordOf(value.part);
  if (type === 'text') return stringOf(part.text) ? [{ type: 'message', text: String(part.text) }] : [];
  if (type === 'reasoning') return [{ type: 'reasoning', text: stringOf(part.text) ?? '' }];
  if (type === 'tool_use') return toolEvents(part);
  if (type === 'step_finish') return [usageOf(part)];
  if (type === 'step_start' || type === 'done') return [];
  if (type === 'error') return [{ type: 'error', message: errorMessage(value) }];
  return [opaque(`opencode:${type}`, value)];
});

function toolEvents(part: Record<string, unknown>): AgentEvent[] {
  const tool = stringOf(part.tool) ?? 'unknown';
  const state = recordOf(part.state);
  const input = state.input;
  const error = stringOf(state.error);
  const output = error ?? stringOf(state.output) ?? '';
  const events: AgentEvent[] = [
    {
      type: 'tool-call',
      tool,
      ...(stringOf(part.callID) ? { callId: String(part.callID) } : {}),
      input,
      output: output.slice(-2000),
      failed: state.status === 'error',
    },
  ];
  const path = stringOf(recordOf(input).filePath);
  const change = EDIT_TOOLS[tool];
  if (change && path && state.status !== 'error') events.push({ type: 'file-edit', path, change });
  if (tool === 'bash')
    events.push(
      commandEvent(
        stringOf(recordOf(input).command) ?? '',
        numberOf(recordOf(state.metadata).exit) ?? (state.status === 'error' ? null : 0),
        output,
      ),
    );
  return events;
}

function usageOf(part: Record<string, unknown>): AgentEvent {
  const tokens = recordOf(part.tokens);
  return {
    type: 'usage',
    inputTokens: numberOf(tokens.input) ?? 0,
    outputTokens: numberOf(tokens.output) ?? 0,
    cachedInputTokens: numberOf(recordOf(tokens.cache).read) ?? 0,
    costUsd: numberOf(part.cost) ?? 0,
  };
}

function errorMessage(value: Record<string, unknown>): string {
  const error = recordOf(value.error);
  return stringOf(recordOf(error.data).message) ?? stringOf(error.message) ?? stringOf(error.name) ?? 'error';
}

export const opencodeExecutor: ProcessExecutor = agentCliExecutor({
  name: 'opencode',
  summary: 'OpenCode (`opencode run --format json`)',
  bin: 'opencode',
  install: npmInstallHint('opencode-ai'),
  args: ['run', '--format', 'json'],
  modelFlag: '-m',
  createNormalizer: () => normalizeOpencodeLine,
});
