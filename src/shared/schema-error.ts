/**
 * A zod validation failure turned into one clear error: the file, the dotted key, the line and
 * column of that key in the text, what was expected. Config and contract files share it.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { z } from 'zod';
import { type ErrorCode, OcppError } from './errors.js';
import { lineColumnOf, parseJson } from './json.js';

export interface SchemaErrorOptions {
  file: string;
  /** The file's text, to find the line of the key; absent for values that came from code. */
  text?: string;
  code: ErrorCode;
  hint: string;
}

export function schemaIssueError(error: z.ZodError, options: SchemaErrorOptions): OcppError {
  const issue = error.issues[0]!;
  const path = issue.path.map(String);
  const key = path.join('.') || '(root)';
  const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const keyPath = unknownKeys.length > 0 ? [...path, unknownKeys[0]!] : path;
  const location = options.text ? locateJsonKey(options.text, keyPath) : undefined;
  const message =
    unknownKeys.length > 0
      ? `unknown key ${unknownKeys.map((name) => `"${name}"`).join(', ')}${path.length ? ` in ${key}` : ''}`
      : `${key}: ${issue.message}`;
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem(s))` : '';
  return new OcppError(options.code, `${message}${more}`, {
    file: options.file,
    key: unknownKeys.length > 0 ? keyPath.join('.') : key,
    ...(location ?? {}),
    hint: options.hint,
  });
}

/** Parses a JSON file's text and validates it; the first problem is an INPUT_INVALID error at its line. */
export function parseJsonAs<T extends z.ZodType>(
  schema: T,
  text: string,
  file: string,
  hint: string,
): z.output<T> {
  const parsed = schema.safeParse(parseJson(text, file));
  if (!parsed.success) throw schemaIssueError(parsed.error, { file, text, code: 'INPUT_INVALID', hint });
  return parsed.data;
}

/** Line and column of the deepest existing key on `path` in a JSON(C) text. */
export function locateJsonKey(text: string, path: string[]): { line: number; column: number } | undefined {
  const tree = parseTree(text, [], { allowTrailingComma: true });
  if (!tree) return undefined;
  for (let length = path.length; length > 0; length--) {
    const segments = path
      .slice(0, length)
      .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    const node = findNodeAtLocation(tree, segments);
    if (node) return lineColumnOf(text, node.parent?.type === 'property' ? node.parent.offset : node.offset);
  }
  return undefined;
}
