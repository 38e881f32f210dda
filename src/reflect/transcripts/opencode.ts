/**
 * OpenCode: `opencode run --format json` events (`{type, sessionID, part}`: text, tool_use,
 * step_start, step_finish, reasoning, error) and exported sessions (`opencode export`: one JSON
 * document `{info, messages: [{info: {role}, parts: [...]}]}`), whose parts are read the same way.
 */

import { userTextEntries } from './host-text.js';
import {
  cap,
  inputSummary,
  isRecord,
  type LineFacts,
  OTHER_TEXT_CAP,
  stringOf,
  type TranscriptEntry,
  type TranscriptReader,
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
      facts.entries = [
        {
          line,
          role: 'tool-result',
          text: cap(JSON.stringify(value.error ?? ''), OTHER_TEXT_CAP),
          failed: true,
        },
      ];
    else if (isRecord(value.part)) facts.entries = partEntries(value.part, 'assistant', line);
    return facts;
  },
};

/** The entries of one message part; `role` is the role of the message the part belongs to. */
export function partEntries(part: Record<string, unknown>, role: string, line: number): TranscriptEntry[] {
  if (part.type === 'text' && typeof part.text === 'string') {
    if (part.synthetic === true) return [];
    return role === 'user'
      ? userTextEntries([part.text], line)
      : [{ line, role: 'assistant', text: cap(part.text.trim(), OTHER_TEXT_CAP) }];
  }
  if (part.type !== 'tool' && part.type !== 'tool_use') return [];
  const state = isRecord(part.state) ? part.state : {};
  const tool = stringOf(part.tool) ?? 'unknown';
  const toolId = stringOf(part.callID) ?? stringOf(part.id);
  const call: TranscriptEntry = {
    line,
    role: 'tool-call',
    tool,
    toolId,
    input: state.input,
    text: inputSummary(state.input),
  };
  if (state.status !== 'completed' && state.status !== 'error') return [call];
  const error = stringOf(state.error);
  const rejected = Boolean(error && /rejected|denied|declined/i.test(error));
  return [
    call,
    {
      line,
      role: 'tool-result',
      tool,
      toolId,
      text: cap(error ?? stringOf(state.output) ?? '', OTHER_TEXT_CAP),
      failed: state.status === 'error',
      rejected,
    },
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
    const role = stringOf(message.info.role) ?? 'assistant';
    message.parts.forEach((part, partIndex) => {
      if (isRecord(part)) entries.push(...partEntries(part, role, lineOfPart(messageIndex, partIndex)));
    });
  });
  return { entries, sessionId: stringOf(info.id), cwd: stringOf(info.directory) };
}

export function isOpencodeExport(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isRecord(value.info) && Array.isArray(value.messages);
}
