/**
 * MiMo Code: no structured stream is documented, so its stdout is read as plain text — every
 * line a message, JSON lines kept as opaque events. The git diff, not the stream, says what it
 * changed.
 */
import { opaque, parseJsonLine, type StreamNormalizer, textLine } from './events.js';
import type { ProcessExecutor } from './types.js';

export const mimocodeExecutor: ProcessExecutor = {
  kind: 'process',
  name: 'mimocode',
  summary: 'MiMo Code (generic stdout)',
  bin: 'mimocode',
  install: 'install MiMo Code so `mimocode` is on PATH, or pass --executor-bin <path>',
  template: (settings) => [...(settings.model ? ['--model', settings.model] : []), '{prompt}'],
  createNormalizer: () => normalizeGenericLine,
};

export const normalizeGenericLine: StreamNormalizer = (line) => {
  const value = parseJsonLine(line);
  return value ? [opaque('json', value)] : textLine(line);
};
