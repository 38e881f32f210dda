/**
 * `install <agent>` / `uninstall <agent>`: plan the file changes, show them as a diff
 * (`--dry-run`), or apply them atomically. Running install twice changes nothing the second
 * time; uninstall removes only what install added.
 */
import { removePath, writeFileAtomic } from '../../shared/fs.js';
import { AGENTS, type AgentName } from '../events.js';
import { installers } from './agents.js';
import { lineDiff } from './diff.js';
import type { InstallOptions } from './types.js';

export type { InstallOptions } from './types.js';

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
  const plan = await installers[agent][action](options);
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
