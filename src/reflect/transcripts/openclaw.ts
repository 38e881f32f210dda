/**
 * OpenClaw session logs: JSONL with `{type: "session", id, cwd}` and `{type: "message", message:
 * {role: user | assistant | toolResult, content}}` lines; tool calls are `toolCall` content blocks
 * of assistant messages, results are `toolResult` messages with `isError`.
 */

import { userTextEntries } from './host-text.js';
import {
  assistantBlocks,
  isRecord,
  stringOf,
  type TranscriptEntry,
  type TranscriptReader,
  textOf,
  toolResultEntry,
} from './types.js';

export const openclawReader: TranscriptReader = {
  format: 'openclaw',
  detect(value) {
    return (
      (value.type === 'message' && isRecord(value.message)) ||
      (value.type === 'session' && 'id' in value && !('sessionID' in value))
    );
  },
  read(value, line) {
    if (value.type === 'session') return { sessionId: stringOf(value.id), cwd: stringOf(value.cwd) };
    if (value.type !== 'message' || !isRecord(value.message)) return {};
    return { entries: messageEntries(value.message, line) };
  },
};

function messageEntries(message: Record<string, unknown>, line: number): TranscriptEntry[] {
  if (message.role === 'user') {
    const content = message.content;
    const blocks = Array.isArray(content) ? content.map((block) => textOf([block])) : [textOf(content)];
    return userTextEntries(blocks, line);
  }
  if (message.role === 'toolResult') {
    const text = textOf(message.content);
    return [
      toolResultEntry(line, {
        output: text,
        tool: stringOf(message.toolName),
        toolId: stringOf(message.toolCallId),
        failed: message.isError === true,
        rejected: message.isError === true && /blocked|rejected|denied/i.test(text),
      }),
    ];
  }
  if (message.role !== 'assistant') return [];
  return assistantBlocks(message.content, line, { type: 'toolCall', inputField: 'arguments' });
}
