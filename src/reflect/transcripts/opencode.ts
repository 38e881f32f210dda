/**
 * OpenCode: `opencode run --format json` events (`{type, sessionID, part}`: text, tool_use,
 * step_start, step_finish, reasoning, error) and exported sessions (`opencode export`: one JSON
 * document `{info, messages: [{info: {role}, parts: [...]}]}`, the shape OpenCode keeps a session
 * in and what our plugin captures from `client.session.messages`), whose parts are read the same way.
 */

import { userTextEntries } from './host-text.js';
import {
  assistantEntry,
  isRecord,
  type LineFacts,
  stringOf,
  type TranscriptEntry,
  type TranscriptReader,
  toolCallEntry,
  toolResultEntry,
} from './types.js';

const EVENT_TYPES = new Set(['step_start', 'step_finish', 'text', 'tool_use', 'reasoning', 'error', 'done']);

export const opencodeReader: TranscriptReader = {
  format: 'opencode',
  detect(value) {
    return typeof value.type === 'string' && EVENT_TYPES.has(value.type) && 'sessionID' in value;
  },
  read(value, line) {
    const facts: LineFacts = { sessionId: stringOf(value.sessionID) };
    if (value.type === 'error')
      facts.entries = [toolResultEntry(line, { output: JSON.stringify(value.error ?? ''), failed: true })];
    else if (isRecord(value.part)) facts.entries = partEntries(value.part, 'assistant', line);
    return facts;
  },
};

/** The entries of one message part; `role` is the role of the message the part belongs to. */
export function partEntries(part: Record<string, unknown>, role: string, line: number): TranscriptEntry[] {
  if (part.type === 'text' && typeof part.text === 'string') {
    if (part.synthetic === true) return [];
    return role === 'user' ? userTextEntries([part.text], line) : [assistantEntry(line, part.text.trim())];
  }
  if (part.type !== 'tool' && part.type !== 'tool_use') return [];
  const state = isRecord(part.state) ? part.state : {};
  const tool = stringOf(part.tool) ?? 'unknown';
  const toolId = stringOf(part.callID) ?? stringOf(part.id);
  const call = toolCallEntry(line, { tool, toolId, input: state.input });
  if (state.status !== 'completed' && state.status !== 'error') return [call];
  const error = stringOf(state.error);
  const rejected = Boolean(error && /rejected|denied|declined/i.test(error));
  return [
    call,
    toolResultEntry(line, {
      output: error ?? stringOf(state.output) ?? '',
      tool,
      toolId,
      failed: state.status === 'error',
      rejected,
    }),
  ];
}

/** An exported session: every message's parts, each at the line where the part starts. */
export function readOpencodeExport(
  document: Record<string, unknown>,
  lineOfPart: (messageIndex: number, partIndex: number) => number,
): LineFacts {
  const info = isRecord(document.info) ? document.info : {};
  const entries: TranscriptEntry[] = [];
  const messages = Array.isArray(document.messages) ? document.messages : [];
  messages.forEach((message, messageIndex) => {
    if (!isRecord(message) || !isRecord(message.info) || !Array.isArray(message.parts)) return;
    const at = (partIndex: number) => lineOfPart(messageIndex, partIndex);
    if (message.info.role === 'user') entries.push(...userMessageEntries(message.parts, at));
    else
      message.parts.forEach((part, partIndex) => {
        if (isRecord(part)) entries.push(...partEntries(part, 'assistant', at(partIndex)));
      });
    if (wasAborted(message.info))
      entries.push({ line: at(0), role: 'user', text: '[interrupted]', meta: true, interrupt: true });
  });
  return { entries, sessionId: stringOf(info.id), cwd: stringOf(info.directory) };
}

/**
 * A person's message: its text parts read together, block by block (a reminder part is context,
 * the request beside it is the person's), like one Claude Code message; synthetic parts (the
 * host's) and attachments say nothing of the person's.
 */
function userMessageEntries(parts: unknown[], at: (partIndex: number) => number): TranscriptEntry[] {
  const texts: string[] = [];
  let first: number | undefined;
  parts.forEach((part, partIndex) => {
    if (!isRecord(part) || part.type !== 'text' || part.synthetic === true || typeof part.text !== 'string')
      return;
    first ??= partIndex;
    texts.push(part.text);
  });
  return first === undefined ? [] : userTextEntries(texts, at(first));
}

/** The person stopped the agent mid-answer (Esc in OpenCode): the message ends in an abort error. */
function wasAborted(info: Record<string, unknown>): boolean {
  return isRecord(info.error) && info.error.name === 'MessageAbortedError';
}

export function isOpencodeExport(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isRecord(value.info) && Array.isArray(value.messages);
}
