/** The pinned agent CLIs in .tools/ and an environment that isolates every run from the machine's own settings. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from '../helpers/repo.js';

export function agentBin(name: 'claude' | 'codex' | 'opencode'): string {
  return fileURLToPath(new URL(`../../.tools/node_modules/.bin/${name}`, import.meta.url));
}

/** A temporary HOME, XDG folders and agent config folders, nothing inherited but PATH. */
export function isolatedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const home = makeTempDir('ocpp-agent-home-');
  const folders = {
    XDG_CONFIG_HOME: '.config',
    XDG_DATA_HOME: '.local/share',
    XDG_CACHE_HOME: '.cache',
    XDG_STATE_HOME: '.local/state',
  };
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, CI: '1', NO_COLOR: '1' };
  for (const [key, path] of Object.entries(folders)) {
    env[key] = join(home, path);
    mkdirSync(env[key]!, { recursive: true });
  }
  env.CLAUDE_CONFIG_DIR = join(home, '.claude');
  env.CODEX_HOME = join(home, '.codex');
  mkdirSync(env.CLAUDE_CONFIG_DIR, { recursive: true });
  mkdirSync(env.CODEX_HOME, { recursive: true });
  return { ...env, ...extra };
}

/** Codex pointed at a scripted Responses API the way a user points it at their own provider. */
export function codexProviderArgs(url: string): string[] {
  const provider = `model_providers.gw={name="gw",base_url="${url}",env_key="GW_KEY",wire_api="responses"}`;
  return ['-c', 'model_provider=gw', '-c', provider, '--disable', 'plugins', '-c', 'analytics.enabled=false'];
}

/**
 * OpenCode pointed at a scripted Chat Completions API through OPENCODE_CONFIG (model `gw/m`),
 * edits and shell allowed; a closed local port as the registry makes its own package installs
 * (and any npm call) fail fast, offline.
 */
export function opencodeEnv(url: string): NodeJS.ProcessEnv {
  const config = join(makeTempDir('ocpp-opencode-'), 'opencode.json');
  writeFileSync(
    config,
    JSON.stringify({
      $schema: 'https://opencode.ai/config.json',
      provider: {
        gw: {
          npm: '@ai-sdk/openai-compatible',
          options: { baseURL: url, apiKey: 'test-key' },
          models: { m: {} },
        },
      },
      model: 'gw/m',
      permission: { edit: 'allow', bash: 'allow' },
    }),
  );
  return isolatedEnv({
    OPENCODE_CONFIG: config,
    NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
  });
}
