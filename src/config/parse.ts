/** Validating config text against the schema (loaded only when a repository has a config file). */
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import type { z } from 'zod';
import { OcppError } from '../shared/errors.js';
import { lineColumnOf } from '../shared/json.js';
import { schemaIssueError } from '../shared/schema-error.js';
import { type ResolvedConfig, UserConfigSchema } from './schema.js';

/** Parses and validates JSON or JSONC config text; errors name the file, line and key. */
export function parseConfigText(text: string, file: string): ResolvedConfig {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: file.endsWith('.jsonc') });
  const first = errors[0];
  if (first) {
    throw new OcppError('CONFIG_INVALID', `invalid JSON: ${printParseErrorCode(first.error)}`, {
      file,
      ...lineColumnOf(text, first.offset),
    });
  }
  const result = UserConfigSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw configIssueError(result.error, file, text);
}

/** Validates what an `.mjs` config module exported. */
export function parseModuleConfig(exported: unknown, file: string): ResolvedConfig {
  const result = UserConfigSchema.safeParse(exported ?? {});
  if (result.success) return result.data;
  throw configIssueError(result.error, file);
}

function configIssueError(error: z.ZodError, file: string, text?: string): OcppError {
  return schemaIssueError(error, {
    file,
    ...(text === undefined ? {} : { text }),
    code: 'CONFIG_INVALID',
    hint: 'see schema/opencode-plusplus.config.schema.json for the allowed keys and types',
  });
}
