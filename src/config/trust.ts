/**
 * Whether a repository's executable config (`opencode-plusplus.config.mjs`) may run. A config
 * module is code from whoever wrote the repository: it runs only when a person trusts it — with
 * `--trust-config`, or through a trust record kept outside every repository (in the user's config
 * folder) naming the repository's real path and the SHA-256 of the config it trusted, so a config
 * changed by a pull is not trusted until someone looks again. Hooks never run it at all: they are
 * guests in an agent's session and must answer in bounded time whatever the repository holds.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { promises as fsp } from 'node:fs';
import { homedir } from 'node:os';
import { writeJsonAtomic } from '../shared/fs.js';
import { joinPath, resolveAbsolute } from '../shared/path.js';

/** `never`: hooks; `if-trusted`: commands (a matching trust record); `trust`: `--trust-config`. */
export type ConfigExecution = 'never' | 'if-trusted' | 'trust';

export interface ConfigTrustScope {
  execution: ConfigExecution;
  /** Where the trust store is found (XDG_CONFIG_HOME, HOME). */
  env: NodeJS.ProcessEnv;
  /** Told once per repository when a config was not run (the CLI passes stderr). */
  warn?: (message: string) => void;
}

interface ActiveScope extends ConfigTrustScope {
  warned: Set<string>;
}

const scopes = new AsyncLocalStorage<ActiveScope>();
const TRUST_SCHEMA_VERSION = 1;

interface TrustStore {
  schemaVersion: number;
  /** Keyed by the repository's real path. */
  repositories: Record<string, TrustRecord>;
}

export interface TrustRecord {
  file: string;
  sha256: string;
  trustedAt: string;
}

/** Runs `action` with the given trust settings for every config it loads. */
export function withConfigTrust<T>(scope: ConfigTrustScope, action: () => T): T {
  return scopes.run({ ...scope, warned: new Set() }, action);
}

function currentScope(): ActiveScope {
  return scopes.getStore() ?? { execution: 'if-trusted', env: process.env, warned: new Set() };
}

/** The trust store: `$XDG_CONFIG_HOME/opencode-plusplus/trust.json`, else `~/.config/...`. */
export function trustStorePath(env: NodeJS.ProcessEnv = currentScope().env): string {
  const configHome = env.XDG_CONFIG_HOME || joinPath(env.HOME || homedir(), '.config');
  return joinPath(configHome, 'opencode-plusplus', 'trust.json');
}

export type ConfigDecision = { run: true } | { run: false; reason: string };

/**
 * Decides whether the config module `file` (bytes hashing to `sha256`) in `root` may run now;
 * under `--trust-config` it runs and the trust is recorded.
 */
export async function decideConfigExecution(
  root: string,
  file: string,
  sha256: string,
): Promise<ConfigDecision> {
  const scope = currentScope();
  if (scope.execution === 'never')
    return { run: false, reason: `${file} is never run by hooks (they use the defaults)` };
  if (scope.execution === 'trust') {
    await trustConfig(root, file, sha256, scope.env);
    return { run: true };
  }
  const record = (await readTrustStore(scope.env)).repositories[await realRoot(root)];
  if (record?.file === file && record.sha256 === sha256) return { run: true };
  const why = record ? 'it changed since you trusted it' : 'you have not trusted this repository';
  const reason = `${file} was not run: it is code from the repository and ${why}; using the defaults`;
  warnOnce(scope, root, `warning: ${reason}\n  hint: ${trustHint(file, scope.env)}\n`);
  return { run: false, reason };
}

function trustHint(file: string, env: NodeJS.ProcessEnv): string {
  return `read ${file}, then rerun with --trust-config (remembered in ${trustStorePath(env)}), or use opencode-plusplus.config.json`;
}

function warnOnce(scope: ActiveScope, root: string, message: string): void {
  if (!scope.warn || scope.warned.has(root)) return;
  scope.warned.add(root);
  scope.warn(message);
}

/** Records that the person trusts this version of the repository's config (`init` offers it). */
export async function trustConfig(
  root: string,
  file: string,
  sha256: string,
  env: NodeJS.ProcessEnv = currentScope().env,
): Promise<TrustRecord> {
  const store = await readTrustStore(env);
  const record: TrustRecord = { file, sha256, trustedAt: new Date().toISOString() };
  const repositories = { ...store.repositories, [await realRoot(root)]: record };
  const sorted = Object.fromEntries(Object.entries(repositories).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeJsonAtomic(trustStorePath(env), { schemaVersion: TRUST_SCHEMA_VERSION, repositories: sorted });
  return record;
}

/** An unreadable or foreign store trusts nothing (and is replaced on the next `--trust-config`). */
async function readTrustStore(env: NodeJS.ProcessEnv): Promise<TrustStore> {
  try {
    const value = JSON.parse(await fsp.readFile(trustStorePath(env), 'utf8')) as Partial<TrustStore>;
    if (
      value.schemaVersion === TRUST_SCHEMA_VERSION &&
      value.repositories &&
      typeof value.repositories === 'object'
    )
      return { schemaVersion: TRUST_SCHEMA_VERSION, repositories: value.repositories };
  } catch {
    // missing or unreadable: nothing is trusted
  }
  return { schemaVersion: TRUST_SCHEMA_VERSION, repositories: {} };
}

async function realRoot(root: string): Promise<string> {
  return fsp.realpath(resolveAbsolute(root)).catch(() => resolveAbsolute(root));
}
