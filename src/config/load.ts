/**
 * Finds, reads and validates the config file: file -> UserConfig -> ResolvedConfig. Most
 * repositories have no config file: then the defaults come from `defaults.json`, written at build
 * time from the schema, so a command does not pay for loading zod and the schema it never uses.
 */

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { OcppError } from '../shared/errors.js';
import { pathExists, readText } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { joinPath } from '../shared/path.js';
import type { ResolvedConfig } from './schema.js';
import { decideConfigExecution, trustConfig } from './trust.js';

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
  /** Why a config module was not run (`trust.ts`): the defaults stand in for it. */
  notRun?: string;
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
  if (!file) return { config: await defaultResolvedConfig(), hash: 'none' };
  const text = await readText(joinPath(root, file));
  const hash = sha256(text);
  const { parseConfigText, parseModuleConfig } = await import('./parse.js');
  if (file.endsWith('.mjs')) {
    const decision = await decideConfigExecution(root, file, hash);
    if (!decision.run)
      return {
        config: await defaultResolvedConfig(),
        file,
        hash: `not-run:${hash}`,
        notRun: decision.reason,
      };
    return { config: parseModuleConfig(await importModuleConfig(root, file), file), file, hash };
  }
  return { config: parseConfigText(text, file), file, hash };
}

/** The resolved defaults: from the build's defaults.json, else (running from sources) from the schema. */
export async function defaultResolvedConfig(): Promise<ResolvedConfig> {
  try {
    return JSON.parse(readFileSync(new URL('./defaults.json', import.meta.url), 'utf8')) as ResolvedConfig;
  } catch {
    return (await import('./schema.js')).defaultConfig();
  }
}

async function importModuleConfig(root: string, file: string): Promise<unknown> {
  try {
    const module = (await import(pathToFileURL(joinPath(root, file)).href)) as { default?: unknown };
    return typeof module.default === 'function' ? await (module.default as () => unknown)() : module.default;
  } catch (error) {
    throw new OcppError('CONFIG_INVALID', `could not load: ${(error as Error).message}`, {
      file,
      cause: error,
    });
  }
}

/**
 * Records that the person trusts the repository's config module as it is now (what `init` offers
 * and `--trust-config` does); undefined when the repository has no config module to trust.
 */
export async function trustRepositoryConfig(
  root: string,
  env?: NodeJS.ProcessEnv,
): Promise<{ file: string; sha256: string } | undefined> {
  const file = CONFIG_FILE_NAMES.find((name) => name.endsWith('.mjs'))!;
  const text = await readText(joinPath(root, file)).catch(() => undefined);
  if (text === undefined) return undefined;
  const record = await trustConfig(root, file, sha256(text), env);
  return { file: record.file, sha256: record.sha256 };
}
