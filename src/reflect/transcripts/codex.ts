/**
 * Codex: session logs (`~/.codex/sessions/…/rollout-*.jsonl`, lines `{timestamp, type, payload}`
 * with `response_item` messages, function calls and their outputs) and `codex exec --json` events
 * (`item.completed` with agent messages, command executions and file changes). Anything else is
 * skipped.
 */

import { userTextEntries } from './host-text.js';
import {
  assistantEntry,
  inputSummary,
  isRecord,
  type LineFacts,
  stringOf,
  type TranscriptEntry,
  type TranscriptReader,
  textOf,
  toolCallEntry,
  toolResultEntry,
} from './types.js';

export const codexReader: TranscriptReader = {
  format: 'codex',
  detect(value) {
    if (typeof value.type !== 'string') return false;
    if (['session_meta', 'response_item', 'event_msg', 'turn_context'].includes(value.type))
      return isRecord(value.payload);
    return /^(thread|turn|item)\.[a-z_]+$/.test(value.type);
  },
  read(value, line) {
    if (isRecord(value.payload)) return rolloutLine(value.type as string, value.payload, line);
    if (isRecord(value.item)) return { entries: execItem(value.item, line) };
    if (value.type === 'thread.started') return { sessionId: stringOf(value.thread_id) };
    return {};
  },
};

function rolloutLine(type: string, payload: Record<string, unknown>, line: number): LineFacts {
  if (type === 'session_meta') return { sessionId: stringOf(payload.id), cwd: stringOf(payload.cwd) };
  if (type === 'event_msg' && payload.type === 'turn_aborted')
    return { entries: [{ line, role: 'user', text: '[interrupted]', meta: true, interrupt: true }] };
  if (type !== 'response_item') return {};
  if (payload.type === 'message' && payload.role === 'user') return { entries: userMessage(payload, line) };
  const entry = responseItem(payload, line);
  return entry ? { entries: [entry] } : {};
}

/** A user message block by block: AGENTS.md and environment blocks are context, the rest the person's. */
function userMessage(payload: Record<string, unknown>, line: number): TranscriptEntry[] {
  const blocks = Array.isArray(payload.content) ? payload.content : [payload.content];
  return userTextEntries(
    blocks.map((block) => textOf(isRecord(block) ? [block] : block)),
    line,
  );
}

function responseItem(payload: Record<string, unknown>, line: number): TranscriptEntry | undefined {
  switch (payload.type) {
    case 'message': {
      const text = textOf(payload.content).trim();
      if (!text) return undefined;
      if (payload.role === 'assistant') return assistantEntry(line, text);
      return undefined;
    }
    case 'function_call':
    case 'custom_tool_call':
    case 'local_shell_call': {
      return toolCallEntry(line, {
        tool: stringOf(payload.name) ?? String(payload.type),
        toolId: stringOf(payload.call_id),
        input: parseArguments(payload.arguments ?? payload.input ?? payload.action),
      });
    }
    case 'function_call_output':
    case 'custom_tool_call_output': {
      const { output, exitCode } = structuredOutput(outputText(payload.output));
      const rejected = REJECTED.test(output);
      return toolResultEntry(line, {
        output,
        toolId: stringOf(payload.call_id),
        failed: rejected || (exitCode !== undefined ? exitCode !== 0 : FAILED.test(output)),
        rejected,
      });
    }
    default:
      return undefined;
  }
}

function execItem(item: Record<string, unknown>, line: number): TranscriptEntry[] {
  switch (item.type) {
    case 'agent_message':
      return [assistantEntry(line, stringOf(item.text) ?? '')];
    case 'command_execution': {
      const exit = typeof item.exit_code === 'number' ? item.exit_code : null;
      const call: TranscriptEntry = {
        line,
        role: 'tool-call',
        tool: 'command_execution',
        toolId: stringOf(item.id),
        input: { command: item.command },
        text: inputSummary(item.command),
      };
      if (exit === null) return [call];
      return [
        call,
        toolResultEntry(line, {
          output: stringOf(item.aggregated_output) ?? '',
          toolId: stringOf(item.id),
          failed: exit !== 0 || item.status === 'failed' || item.status === 'declined',
          rejected: item.status === 'declined',
        }),
      ];
    }
    case 'file_change':
      return [toolCallEntry(line, { tool: 'apply_patch', input: item.changes })];
    case 'error':
      return [toolResultEntry(line, { output: stringOf(item.message) ?? '', failed: true })];
    default:
      return [];
  }
}

const REJECTED = /\b(?:rejected|declined|denied) by (?:the )?user\b|\buser (?:declined|rejected|denied)\b/i;
const FAILED = /\bexit(?:ed with)? code:? [1-9]|\bprocess exited with code [1-9]|"exit_code":\s*[1-9]/i;

/** Codex wraps a command's output as `{"output": …, "metadata": {"exit_code": …}}`. */
function structuredOutput(text: string): { output: string; exitCode?: number } {
  if (!text.trimStart().startsWith('{')) return { output: text };
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || typeof value.output !== 'string') return { output: text };
    const exit = isRecord(value.metadata) ? value.metadata.exit_code : undefined;
    return typeof exit === 'number' ? { output: value.output, exitCode: exit } : { output: value.output };
  } catch {
    return { output: text };
  }
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (isRecord(output)) return stringOf(output.content) ?? textOf(output.content) ?? JSON.stringify(output);
  return textOf(output);
}
