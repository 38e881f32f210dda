/**
 * One shape for every agent's transcript: the entries a reflection needs (what the user said, what
 * the agent said and did, which tool calls failed or were rejected), each with the 1-based line of
 * the file it came from, so a finding can point back at the transcript.
 */
import { isRecord } from '../../shared/json.js';

export const TRANSCRIPT_FORMATS = ['claude', 'codex', 'opencode', 'openclaw'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export type EntryRole = 'user' | 'assistant' | 'tool-call' | 'tool-result';

export interface TranscriptEntry {
  /** 1-based line of the transcript file. */
  line: number;
  role: EntryRole;
  /** What was said, or a tool's input / output, capped. */
  text: string;
  /** Tool name (tool calls and results). */
  tool?: string;
  /** Tool call id, to pair a result with its call. */
  toolId?: string;
  /** The tool call's input as given (tool calls only). */
  input?: unknown;
  /** A tool result that reports a failure. */
  failed?: boolean;
  /** A tool call the user refused (the result says so); the user's explanation may follow. */
  rejected?: boolean;
  /** Text the host injected in the user's name (command output, hook context, reminders): never steering. */
  meta?: boolean;
  /** The user interrupted the agent here. */
  interrupt?: boolean;
}

export interface ServedLessonMention {
  id: string;
  text: string;
  line: number;
}

export interface TranscriptStats {
  /** Lines read (including skipped ones). */
  lines: number;
  /** Lines of a known shape that carried nothing a reflection uses, or of unknown types. */
  skipped: number;
  /** Lines that were not JSON (a truncated last line among them). */
  malformed: number;
  /** Lines longer than the reader keeps (dropped without being held in memory). */
  oversized: number;
  /** Entries dropped to bound memory on a very long transcript (oldest agent activity first). */
  dropped: number;
}

export interface Transcript {
  format: TranscriptFormat;
  /** The file as given. */
  file: string;
  sessionId: string | null;
  cwd: string | null;
  entries: TranscriptEntry[];
  /** `[lesson L-NNNN] text` lines found anywhere in the session's context. */
  servedLessons: ServedLessonMention[];
  stats: TranscriptStats;
}

/** What one parsed line contributes. */
export interface LineFacts {
  entries?: TranscriptEntry[];
  sessionId?: string | undefined;
  cwd?: string | undefined;
}

/** A reader of one agent's format: recognise a line, turn a line into entries. */
export interface TranscriptReader {
  format: TranscriptFormat;
  /** True when this parsed line is in this reader's format (used on the first lines to pick a reader). */
  detect(value: Record<string, unknown>): boolean;
  /** The entries of one line; unknown line types give none. */
  read(value: Record<string, unknown>, line: number): LineFacts;
}

/** Longest text kept from one user message and from anything else. */
export const USER_TEXT_CAP = 4000;
export const OTHER_TEXT_CAP = 800;

export function cap(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** The readers test their JSON lines with `isRecord` too: asked here, defined once in `shared/json`. */
export { isRecord };

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Text of a content value: a string, or the text parts of a block list. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      if (typeof block === 'string') return block;
      if (!isRecord(block)) return '';
      return stringOf(block.text) ?? stringOf(block.content) ?? '';
    })
    .filter(Boolean)
    .join('\n');
}

/** A compact one-line rendering of a tool input, for digests and messages. */
export function inputSummary(input: unknown, limit = 300): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return cap(input.replace(/\s+/g, ' '), limit);
  try {
    return cap(JSON.stringify(input), limit);
  } catch {
    return '';
  }
}

/** What the agent said, capped. */
export function assistantEntry(line: number, text: string): TranscriptEntry {
  return { line, role: 'assistant', text: cap(text, OTHER_TEXT_CAP) };
}

/** A tool call: its input as given, and a one-line summary of that input as its text. */
export function toolCallEntry(
  line: number,
  call: { tool: string; toolId?: string | undefined; input: unknown },
): TranscriptEntry {
  return {
    line,
    role: 'tool-call',
    tool: call.tool,
    toolId: call.toolId,
    input: call.input,
    text: inputSummary(call.input),
  };
}

/** A tool's result: its output, capped, as the text; `rejected` when the user refused the call. */
export function toolResultEntry(
  line: number,
  result: {
    output: string;
    failed: boolean;
    rejected?: boolean;
    tool?: string | undefined;
    toolId?: string | undefined;
  },
): TranscriptEntry {
  const { output, ...facts } = result;
  return { line, role: 'tool-result', text: cap(output, OTHER_TEXT_CAP), ...facts };
}

/**
 * An assistant message's content blocks: text, and tool calls of the given block type whose
 * input sits in `inputField` (Claude: `tool_use`/`input`; OpenClaw: `toolCall`/`arguments`).
 */
export function assistantBlocks(
  content: unknown,
  line: number,
  toolBlock: { type: string; inputField: string },
): TranscriptEntry[] {
  if (typeof content === 'string') return [assistantEntry(line, content)];
  if (!Array.isArray(content)) return [];
  const entries: TranscriptEntry[] = [];
  for (const block of content) {
    if (!isRecord(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string' && block.text.trim())
      entries.push(assistantEntry(line, block.text.trim()));
    else if (block.type === toolBlock.type)
      entries.push(
        toolCallEntry(line, {
          tool: stringOf(block.name) ?? 'unknown',
          toolId: stringOf(block.id),
          input: block[toolBlock.inputField],
        }),
      );
  }
  return entries;
}
