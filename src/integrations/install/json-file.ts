/**
 * Editing someone else's JSON config: parse with comments allowed (a file we cannot parse is
 * never overwritten: clear error, exit 2), change one top-level key with jsonc-parser's edits so
 * the rest of the file — comments, order, formatting — stays as the person wrote it.
 */
import { applyEdits, modify, type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { OcppError } from '../../shared/errors.js';
import { lineColumnOf } from '../../shared/json.js';

export function parseConfigObject(text: string | undefined, file: string): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  const first = errors[0];
  if (first)
    throw new OcppError('CONFIG_INVALID', `cannot parse: ${printParseErrorCode(first.error)}`, {
      file,
      ...lineColumnOf(text, first.offset),
      hint: 'fix the file by hand; nothing was changed',
    });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new OcppError('CONFIG_INVALID', 'expected a JSON object at the top level', {
      file,
      hint: 'nothing was changed',
    });
  return value as Record<string, unknown>;
}

/** Sets (or with `undefined` removes) the value at `path`, keeping everything else as written. */
export function setJsonValue(text: string | undefined, path: Array<string | number>, value: unknown): string {
  const base = text === undefined || text.trim() === '' ? '{}\n' : text;
  const edits = modify(base, path, value, {
    formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' },
  });
  const result = applyEdits(base, edits);
  return result.endsWith('\n') ? result : `${result}\n`;
}
