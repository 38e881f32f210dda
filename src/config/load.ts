/** Finds, reads and validates the config file: file -> UserConfig -> ResolvedConfig. */
import { pathToFileURL } from 'node:url';
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import type { z } from 'zod';
import { OcppError } from '../shared/errors.js';
import { pathExists, readText } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { lineColumnOf } from '../shared/json.js';
import { joinPath } from '../shared/path.js';
import { schemaIssueError } from '../shared/schema-error.js';
import { type ResolvedConfig, UserConfigSchema } from './schema.js';

export const CONFIG_FILE_NAMES = [
  'opencode-plusplus.config.json',
  'opencode-plusplus.config.jsonc',
  'opencode-plusplus.config.mjs',
] as const;

export interface LoadedConfig {
  config: ResolvedConfig;
  /** The config file's name relative to the root, when one exists. */
  file?: string;
  /** Hash of the file's bytes (`none` without a file): part of the context's freshness. */
  hash: string;
}

export async function loadConfig(root: string): Promise<LoadedConfig> {
  const present: string[] = [];
  for (const name of CONFIG_FILE_NAMES) if (await pathExists(joinPath(root, name))) present.push(name);
  if (present.length > 1) {
    throw new OcppError('CONFIG_INVALID', `more than one config file: ${present.join(', ')}`, {
      file: present[0],
      hint: 'keep exactly one of them',
    });
  }
  const file = present[0];
  if (!file) return { config: UserConfigSchema.parse({}), hash: 'none' };
  const text = await readText(joinPath(root, file));
  const hash = sha256(text);
  if (file.endsWith('.mjs')) return { config: await loadModuleConfig(root, file), file, hash };
  return { config: parseConfigText(text, file), file, hash };
}

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

async function loadModuleConfig(root: string, file: string): Promise<ResolvedConfig> {
  let exported: unknown;
  try {
    const module = (await import(pathToFileURL(joinPath(root, file)).href)) as { default?: unknown };
    exported =
      typeof module.default === 'function' ? await (module.default as () => unknown)() : module.default;
  } catch (error) {
    throw new OcppError('CONFIG_INVALID', `could not load: ${(error as Error).message}`, {
      file,
      cause: error,
    });
  }
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
