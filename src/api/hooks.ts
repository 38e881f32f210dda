/**
 * Agent integrations as library calls: installing the hooks, handling one hook event (what the
 * `hook` command does), and the allowlist reflection sessions are held to.
 */
import type { AgentName } from '../integrations/events.js';
import type { InstallOptions, InstallResult } from '../integrations/install/index.js';
import type { HookRun } from '../integrations/run-hook.js';

export type { AllowDecision, ToolCall } from '../integrations/allowlist.js';
export type { AgentName, HookAnswer, HookEvent } from '../integrations/events.js';
export type { InstallOptions, InstallResult } from '../integrations/install/index.js';
export type { HookRun } from '../integrations/run-hook.js';
export type { SessionCounters } from '../reflect/scheduler.js';

export interface InstallCallOptions extends Partial<Omit<InstallOptions, 'directory'>> {
  /** Print the diff, write nothing. @default false */
  dryRun?: boolean;
}

/** `install <agent>`: merges our hooks or plugin into the agent's config. */
export async function installAgent(
  agent: AgentName,
  directory = '.',
  options: InstallCallOptions = {},
): Promise<InstallResult> {
  return installerCall(agent, 'install', directory, options);
}

/** `uninstall <agent>`: removes exactly what `install` added. */
export async function uninstallAgent(
  agent: AgentName,
  directory = '.',
  options: InstallCallOptions = {},
): Promise<InstallResult> {
  return installerCall(agent, 'uninstall', directory, options);
}

async function installerCall(
  agent: AgentName,
  action: 'install' | 'uninstall',
  directory: string,
  options: InstallCallOptions,
): Promise<InstallResult> {
  const [{ runInstaller }, { resolveAbsolute }] = await Promise.all([
    import('../integrations/install/index.js'),
    import('../shared/path.js'),
  ]);
  return runInstaller(
    agent,
    action,
    {
      directory: resolveAbsolute(directory),
      scope: options.scope ?? 'project',
      command: options.command ?? 'opencode-plusplus',
      ...(options.configFile ? { configFile: options.configFile } : {}),
      env: options.env ?? process.env,
    },
    options.dryRun ?? false,
  );
}

/** One hook event as an agent sends it (JSON text); returns what to print. Never throws. */
export async function handleHook(
  agent: AgentName,
  text: string,
  options: { env?: NodeJS.ProcessEnv; cwd?: string; notify?: boolean } = {},
): Promise<HookRun> {
  const { runHook } = await import('../integrations/run-hook.js');
  return runHook(
    { agent, text, notify: options.notify ?? false, fallbackCwd: options.cwd ?? process.cwd() },
    { env: options.env ?? process.env },
  );
}

/** Would a reflection session be allowed this tool call? */
export async function checkReflectionToolCall(
  call: import('../integrations/allowlist.js').ToolCall,
  workspace: string,
): Promise<import('../integrations/allowlist.js').AllowDecision> {
  return (await import('../integrations/allowlist.js')).decideReflectionToolCall(call, workspace);
}
