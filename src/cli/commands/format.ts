/** `--format text|json|sarif` with `--json` as its short form. */
import { usageError } from '../../shared/errors.js';

export type OutputFormat = 'text' | 'json' | 'sarif';

export function outputFormat(
  options: { json?: boolean; format?: string },
  allowed: readonly OutputFormat[] = ['text', 'json', 'sarif'],
): OutputFormat {
  if (options.json) return 'json';
  const format = (options.format ?? 'text') as OutputFormat;
  if (!allowed.includes(format))
    throw usageError(`unknown --format "${options.format}"`, `use one of: ${allowed.join(', ')}`);
  return format;
}
