/** The pinned agent CLIs in .tools/ and an environment that isolates every run from the machine's own settings. */
import { mkdirSync } from 'node:fs';
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
