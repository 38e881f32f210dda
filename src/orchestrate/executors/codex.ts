/**
 * OpenAI Codex CLI: `codex exec --json --skip-git-repo-check --sandbox workspace-write -C <repo>`.
 * Stream: `thread.started`, `turn.*`, `item.started|updated|completed{item}`, `error`. Items are
 * counted once, when completed (started and updated carry the same item in progress).
 */

import { agentCliExecutor, npmInstallHint } from './agent-cli.js';
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
} from './events.js';
import type { ProcessExecutor } from './types.js';

const CHANGE_KIND: Record<string, 'add' | 'update' | 'delete'> = {
  add: 'add',
  delete: 'delete',
  update: 'update',
};

export const normalizeCodexLine: StreamNormalizer = jsonLines((value, type) => {
  if (type === 'item.completed') return itemEvents(recordOf(value.item));
  if (type === 'item.started' || type === 'item.updated' || type === 'turn.started') return [];
  if (type === 'turn.completed') return [usageOf(recordOf(value.usage))];
  if (type === 'turn.failed')
    return [{ type: 'error', message: stringOf(recordOf(value.error).message) ?? 'turn failed' }];
  if (type === 'error') return [{ type: 'error', message: stringOf(value.message) ?? 'error' }];
  return [opaque(`codex:${type}`, value)];
});

function itemEvents(item: Record<string, unknown>): AgentEvent[] {
  const type = stringOf(item.type) ?? 'unknown';
  if (type === 'agent_message') return [{ type: 'message', text: stringOf(item.text) ?? '' }];
  if (type === 'reasoning') return [{ type: 'reasoning', text: stringOf(item.text) ?? '' }];
  if (type === 'command_execution')
    return [
      commandEvent(
        stringOf(item.command) ?? '',
        numberOf(item.exit_code) ?? null,
        stringOf(item.aggregated_output) ?? '',
      ),
    ];
  if (type === 'file_change') return fileChanges(item);
  if (type === 'mcp_tool_call') return [mcpCall(item)];
  if (type === 'error') return [{ type: 'error', message: stringOf(item.message) ?? 'error' }];
  return [opaque(`codex:item/${type}`, item)];
}

function fileChanges(item: Record<string, unknown>): AgentEvent[] {
  const changes = Array.isArray(item.changes) ? item.changes : [];
  return changes.flatMap((change) => {
    const entry = recordOf(change);
    const path = stringOf(entry.path);
    return path
      ? [{ type: 'file-edit' as const, path, change: CHANGE_KIND[String(entry.kind)] ?? 'update' }]
      : [];
  });
}

function mcpCall(item: Record<string, unknown>): AgentEvent {
  const error = stringOf(recordOf(item.error).message);
  return {
    type: 'tool-call',
    tool: `${stringOf(item.server) ?? 'mcp'}.${stringOf(item.tool) ?? 'unknown'}`,
    input: item.arguments,
    output: error ?? jsonResult(item.result),
    failed: error !== undefined,
  };
}

function usageOf(usage: Record<string, unknown>): AgentEvent {
  return {
    type: 'usage',
    inputTokens: numberOf(usage.input_tokens) ?? 0,
    outputTokens: numberOf(usage.output_tokens) ?? 0,
    cachedInputTokens: numberOf(usage.cached_input_tokens) ?? 0,
  };
}

export const codexExecutor: ProcessExecutor = agentCliExecutor({
  name: 'codex',
  summary: 'OpenAI Codex CLI (`codex exec --json`)',
  bin: 'codex',
  install: npmInstallHint('@openai/codex'),
  args: ['exec', '--json', '--skip-git-repo-check', '--sandbox', 'workspace-write', '-C', '{repo}'],
  modelFlag: '-m',
  createNormalizer: () => normalizeCodexLine,
});
