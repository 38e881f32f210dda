/**
 * `command`: any program, from an argv template (`--command "node agent.mjs {promptFile}"`).
 * Its stdout is read as JSON lines of AgentEvents when it prints them, else as plain text.
 */
import { usageError } from '../../shared/errors.js';
import { checkTemplate, splitTemplate } from './argv.js';
import { type AgentEvent, opaque, parseJsonLine, type StreamNormalizer, textLine } from './events.js';
import type { ProcessExecutor } from './types.js';

const EVENT_TYPES = new Set(['message', 'reasoning', 'tool-call', 'command', 'file-edit', 'error', 'usage']);

export const commandExecutor: ProcessExecutor = {
  kind: 'process',
  name: 'command',
  summary: 'any program, from an argv template (--command "<program> <args with {promptFile}…>")',
  bin: '',
  install: 'give the program as the first word of --command, or --executor-bin <path>',
  template: (settings) => commandWords(settings.commandTemplate).slice(1),
  createNormalizer: () => normalizeCommandLine,
};

/** The template's words, checked; the first is the program. */
export function commandWords(template: string | undefined): string[] {
  if (!template?.trim())
    throw usageError(
      'the command executor needs --command "<program> [args…]"',
      'e.g. --command "node agent.mjs {promptFile}"',
    );
  return [...checkTemplate(splitTemplate(template), 'command template')];
}

export const normalizeCommandLine: StreamNormalizer = (line) => {
  const value = parseJsonLine(line);
  if (!value) return textLine(line);
  return EVENT_TYPES.has(String(value.type)) ? [value as AgentEvent] : [opaque('json', value)];
};
