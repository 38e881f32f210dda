/**
 * Options several commands share, each defined once with its flag, its help text and its parser:
 * `--format text|json|sarif` (with `--json` as its short form), `--json`, `--verbose`, `--base`,
 * the pack's `--budget` and test selection's `--share`.
 */
import { Option } from 'commander';
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

/** `--json`: `what` is the document the command prints ("the report", "the ranking"). */
export function jsonOption(what: string): Option {
  return new Option('--json', `print ${what} as one JSON document`);
}

export function verboseOption(): Option {
  return new Option('--verbose', 'print debug log lines on stderr');
}

const BASE_HELP = 'the ref to measure against (default: merge-base with main/master, else HEAD)';

export function baseOption(): Option {
  return new Option('--base <ref>', BASE_HELP);
}

export function baseOf(options: { base?: string }): { base?: string } {
  return options.base === undefined ? {} : { base: options.base };
}

/** `--budget <tokens>` of a task pack; `budgetOf` reads it. */
export function budgetOption(): Option {
  return new Option('--budget <tokens>', PACK_BUDGET_HELP);
}

const PACK_BUDGET_HELP = 'pack budget, o200k tokens (default: pack.budget in the config, 12000)';

export async function budgetOf(options: { budget?: string }): Promise<{ budget?: number }> {
  if (options.budget === undefined) return {};
  const { parseCount } = await import('../parse.js');
  return { budget: parseCount(options.budget, '--budget') };
}

/** `--share <x>`: how much of the suite test selection's regression level may fill; `shareOf` reads it. */
export function shareOption(): Option {
  return new Option(
    '--share <x>',
    'the most of the suite the regression level may select (0 to 1; default a quarter; 1: every test that reaches the change)',
  );
}

export function shareOf(options: { share?: string }): { share?: number } {
  if (options.share === undefined) return {};
  const value = Number(options.share);
  if (!Number.isFinite(value) || value <= 0 || value > 1)
    throw usageError(
      `--share: expected a number above 0 and at most 1, got "${options.share}"`,
      'e.g. --share 0.5',
    );
  return { share: value };
}
