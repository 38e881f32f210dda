/**
 * MiMo Code: no structured stream is documented, so its stdout is read as plain text — every
 * line a message, JSON lines kept as opaque events. The git diff, not the stream, says what it
 * changed.
 */

import { agentCliExecutor } from './agent-cli.js';
import { opaque, parseJsonLine, type StreamNormalizer, textLine } from './events.js';
import type { ProcessExecutor } from './types.js';

export const normalizeGenericLine: StreamNormalizer = (line) => {
  const value = parseJsonLine(line);
  return value ? [opaque('json', value)] : textLine(line);
};

export const mimocodeExecutor: ProcessExecutor = agentCliExecutor({
  name: 'mimocode',
  summary: 'MiMo Code (generic stdout)',
  bin: 'mimocode',
  install: 'install MiMo Code so `mimocode` is on PATH, or pass --executor-bin <path>',
  args: [],
  modelFlag: '--model',
  createNormalizer: () => normalizeGenericLine,
});
