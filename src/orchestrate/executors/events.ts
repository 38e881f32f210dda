/**
 * One event model for every agent CLI. Each executor's normalizer turns a line of its stream into
 * these; anything it does not recognise is kept as an `opaque` event (vendors add event types
 * without notice, and a dropped line is a lost fact).
 */
import { isRecord, parseJsonLine } from '../../shared/json.js';

export type AgentEvent =
  | { type: 'message'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; tool: string; callId?: string; input?: unknown; output?: string; failed?: boolean }
  | { type: 'command'; command: string; exitCode?: number | null; output?: string }
  | { type: 'file-edit'; path: string; change: 'add' | 'update' | 'delete' }
  | { type: 'error'; message: string }
  | {
      type: 'usage';
      inputTokens?: number;
      outputTokens?: number;
      cachedInputTokens?: number;
      costUsd?: number;
    }
  | { type: 'opaque'; kind: string; raw: unknown };

export type AgentEventType = AgentEvent['type'];

/** Turns one line of an executor's stdout into events; never throws. */
export type StreamNormalizer = (line: string) => AgentEvent[];

/** What an iteration's events add up to: executor.result.json carries it. */
export interface EventSummary {
  counts: Partial<Record<AgentEventType, number>>;
  toolCalls: number;
  commands: Array<{ command: string; exitCode: number | null }>;
  filesEdited: string[];
  errors: string[];
  usage: { inputTokens: number; outputTokens: number; cachedInputTokens: number; costUsd: number };
  lastMessage?: string;
}

export function summarizeEvents(events: readonly AgentEvent[]): EventSummary {
  const summary: EventSummary = {
    counts: {},
    toolCalls: 0,
    commands: [],
    filesEdited: [],
    errors: [],
    usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, costUsd: 0 },
  };
  const edited = new Set<string>();
  for (const event of events) {
    summary.counts[event.type] = (summary.counts[event.type] ?? 0) + 1;
    if (event.type === 'tool-call') summary.toolCalls++;
    else if (event.type === 'command')
      summary.commands.push({ command: event.command, exitCode: event.exitCode ?? null });
    else if (event.type === 'file-edit') edited.add(event.path);
    else if (event.type === 'error') summary.errors.push(event.message.slice(0, 500));
    else if (event.type === 'message') summary.lastMessage = event.text.slice(0, 2000);
    else if (event.type === 'usage') addUsage(summary.usage, event);
  }
  summary.filesEdited = [...edited].sort();
  summary.errors = summary.errors.slice(-10);
  summary.commands = summary.commands.slice(-50);
  return summary;
}

function addUsage(total: EventSummary['usage'], event: Extract<AgentEvent, { type: 'usage' }>): void {
  total.inputTokens += event.inputTokens ?? 0;
  total.outputTokens += event.outputTokens ?? 0;
  total.cachedInputTokens += event.cachedInputTokens ?? 0;
  total.costUsd = Math.round((total.costUsd + (event.costUsd ?? 0)) * 1e6) / 1e6;
}

/** A non-JSON line becomes an opaque text event: the executors parse their lines with this. */
export { parseJsonLine };

/** The common shape of a JSON-lines stream: each object line by its `type`, any other line as text. */
export function jsonLines(
  handle: (value: Record<string, unknown>, type: string) => AgentEvent[],
): StreamNormalizer {
  return (line) => {
    const value = parseJsonLine(line);
    return value ? handle(value, stringOf(value.type) ?? 'unknown') : textLine(line);
  };
}

/** A line that is not JSON: plain text output, kept as a message (empty lines dropped). */
export function textLine(line: string): AgentEvent[] {
  return line.trim() ? [{ type: 'message', text: line }] : [];
}

/** How much of a command's output an event keeps: its tail, where the error and the summary are. */
const COMMAND_OUTPUT_TAIL = 2000;

export function commandEvent(command: string, exitCode: number | null, output: string): AgentEvent {
  return { type: 'command', command, exitCode, output: output.slice(-COMMAND_OUTPUT_TAIL) };
}

/** A structured tool result as an event's output: its JSON, cut to the first 2000 characters. */
export function jsonResult(value: unknown): string {
  return JSON.stringify(value ?? null).slice(0, 2000);
}

export function opaque(kind: string, raw: unknown): AgentEvent {
  return { type: 'opaque', kind, raw };
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function recordOf(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** Text of a tool result: a string, or the text blocks of an Anthropic-style content array. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return undefined;
  const parts = value.map((part) => stringOf(recordOf(part).text)).filter((text) => text !== undefined);
  return parts.length > 0 ? parts.join('\n') : undefined;
}
