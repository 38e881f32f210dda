/**
 * `install <agent>` / `uninstall <agent>`: plan the file changes, show them as a diff
 * (`--dry-run`), or apply them atomically. Running install twice changes nothing the second
 * time; uninstall removes only what install added.
 */
import { stat } from 'node:fs/promises';
import { usageError } from '../../shared/errors.js';
import { removePath, writeFileAtomic } from '../../shared/fs.js';
import { joinPath } from '../../shared/path.js';
import { AGENTS, type AgentName } from '../events.js';
import { change, codexHome, installers } from './agents.js';
import { lineDiff } from './diff.js';
import { claudeMcp, codexMcp, type McpTarget, opencodeMcp } from './mcp.js';
import type { InstallOptions, InstallPlan } from './types.js';

export { type CliCommand, resolveCliCommand } from './cli-command.js';
export type { InstallOptions } from './types.js';

/** Where each agent keeps its MCP servers; OpenClaw has no MCP registration of its own. */
const mcpTargets: Partial<Record<AgentName, (options: InstallOptions) => McpTarget>> = {
  claude: claudeMcp,
  codex: (options) => codexMcp(joinPath(codexHome(options), 'config.toml'), options),
  opencode: opencodeMcp,
};

/** Agents whose MCP server `install --mcp` can register. */
export const MCP_AGENTS = Object.keys(mcpTargets) as AgentName[];

export interface InstallResult {
  agent: AgentName;
  action: 'install' | 'uninstall';
  dryRun: boolean;
  files: Array<{ file: string; change: 'create' | 'update' | 'delete'; diff: string }>;
  warnings: string[];
}

export function isAgentName(value: string): value is AgentName {
  return (AGENTS as readonly string[]).includes(value);
}

export async function runInstaller(
  agent: AgentName,
  action: 'install' | 'uninstall',
  options: InstallOptions,
  dryRun = false,
): Promise<InstallResult> {
  await refuseDirectoryConfig(options.configFile);
  const plan = await planChanges(agent, action, options);
  const files = plan.changes.map((change) => ({
    file: change.file,
    change:
      change.after === undefined
        ? ('delete' as const)
        : change.before === undefined
          ? ('create' as const)
          : ('update' as const),
    diff: lineDiff(change.before ?? '', change.after ?? '', change.file),
  }));
  if (!dryRun)
    for (const change of plan.changes) {
      if (change.after === undefined) await removePath(change.file);
      else await writeFileAtomic(change.file, change.after);
    }
  return { agent, action, dryRun, files, warnings: plan.warnings };
}

async function planChanges(
  agent: AgentName,
  action: 'install' | 'uninstall',
  options: InstallOptions,
): Promise<InstallPlan> {
  const plan: InstallPlan =
    action === 'uninstall' || options.hooks !== false
      ? await installers[agent][action](options)
      : { changes: [], warnings: [] };
  const target = mcpTargets[agent]?.(options);
  if (action === 'install' && options.mcp && !target)
    plan.warnings.push(`${agent} has no MCP registration here; only its hooks were installed`);
  if (target && (action === 'uninstall' || options.mcp)) {
    // Codex's hooks and MCP entry can share config.toml: build on the hooks' planned text.
    const planned = plan.changes.find((entry) => entry.file === target.file);
    const edit = (text: string | undefined) =>
      action === 'install' ? target.install(text) : target.uninstall(text);
    if (planned) planned.after = edit(planned.after) ?? planned.after;
    else plan.changes.push(...(await change(target.file, edit)));
  }
  return plan;
}

/** `--config` names a file to edit; a folder there is a usage error before anything is read. */
async function refuseDirectoryConfig(file: string | undefined): Promise<void> {
  if (file === undefined) return;
  const found = await stat(file).catch(() => undefined);
  if (found?.isDirectory())
    throw usageError(
      `--config ${file} is a directory`,
      'pass the config file itself (e.g. .claude/settings.json or ~/.codex/hooks.json)',
    );
}
