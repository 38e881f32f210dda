/**
 * Claude Code session logs (`~/.claude/projects/<dir>/<session>.jsonl`): one JSON object a line,
 * `type` user / assistant / summary / system / attachment / …, the Anthropic message in `message`
 * with text, tool_use and tool_result blocks. Not documented as a format, so every field is
 * optional here and unknown line types are skipped. Sidechain lines (subagents) are not the
 * user's conversation and are skipped too.
 */

import { userTextEntries } from './host-text.js';
import {
  assistantBlocks,
  cap,
  isRecord,
  type LineFacts,
  stringOf,
  type TranscriptEntry,
  type TranscriptReader,
  textOf,
  toolResultEntry,
  USER_TEXT_CAP,
} from './types.js';

/** What Claude Code writes into a tool result when the user refused the call. */
const REJECTED =
  /user doesn'?t want to proceed with this tool use|tool use was rejected|user rejected tool use/i;
const REJECTION_FEEDBACK = /the user said:\s*([\s\S]+)$/i;
export const claudeReader: TranscriptReader = {
  format: 'claude',
  detect(value) {
    return (
      (value.type === 'user' || value.type === 'assistant') &&
      isRecord(value.message) &&
      ('sessionId' in value || 'uuid' in value || 'parentUuid' in value)
    );
  },
  read(value, line) {
    const facts: LineFacts = {
      sessionId: stringOf(value.sessionId),
      cwd: stringOf(value.cwd),
    };
    if (value.isSidechain === true || !isRecord(value.message)) return facts;
    if (value.type === 'user') facts.entries = userEntries(value, line);
    else if (value.type === 'assistant')
      facts.entries = assistantBlocks(value.message.content, line, { type: 'tool_use', inputField: 'input' });
    return facts;
  },
};

function userEntries(value: Record<string, unknown>, line: number): TranscriptEntry[] {
  const content = (value.message as Record<string, unknown>).content;
  const meta = value.isMeta === true || value.isCompactSummary === true;
  if (typeof content === 'string') return userTextEntries([content], line, meta);
  if (!Array.isArray(content)) return [];
  const entries: TranscriptEntry[] = [];
  const texts: string[] = [];
  for (const block of content) {
    if (!isRecord(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else if (block.type === 'tool_result') entries.push(...toolResult(block, value.toolUseResult, line));
  }
  return [...entries, ...userTextEntries(texts, line, meta)];
}

function toolResult(block: Record<string, unknown>, toolUseResult: unknown, line: number): TranscriptEntry[] {
  const text = textOf(block.content);
  const rejected = REJECTED.test(text) || (typeof toolUseResult === 'string' && REJECTED.test(toolUseResult));
  const result = toolResultEntry(line, {
    output: text,
    toolId: stringOf(block.tool_use_id),
    failed: block.is_error === true || rejected,
    rejected,
  });
  const feedback = rejected ? REJECTION_FEEDBACK.exec(text)?.[1]?.trim() : undefined;
  // A refusal with a reason is the user speaking: it is the explanation steering looks for.
  if (!feedback) return [result];
  return [result, { line, role: 'user', text: cap(feedback, USER_TEXT_CAP) }];
}
