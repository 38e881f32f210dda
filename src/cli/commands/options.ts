/** Options several commands share: `--format text|json|sarif` (with `--json` as its short form) and `--base`. */
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

export const BASE_HELP = 'the ref to measure against (default: merge-base with main/master, else HEAD)';

export function baseOf(options: { base?: string }): { base?: string } {
  return options.base === undefined ? {} : { base: options.base };
}
