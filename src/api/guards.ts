/** Guards through the library: the same objects `hallucination --json` and friends print. */
import type { GuardReport } from '../guards/types.js';
import type { EventBus } from '../shared/events.js';

export type { GuardFinding, GuardReport, GuardSeverity } from '../guards/types.js';

export interface HallucinationOptions {
  bus?: EventBus;
  /** A trace whose commands and edit steps are checked too. */
  traceId?: string;
  /** The agent's messages (what it says it did). */
  messages?: string;
  /** Files the change touched; by default every file that differs from HEAD (staged, unstaged, untracked). */
  changedFiles?: string[];
}

/** Checks the working tree's changes and an agent's messages against repository evidence. */
export async function hallucination(
  directory = '.',
  options: HallucinationOptions = {},
): Promise<GuardReport> {
  const [
    { existingDirectory, stageTimer },
    { loadConfig },
    { validateOwnConfig },
    { computeGraph },
    { checkHallucinations },
    { EventBus: Bus },
  ] = await Promise.all([
    import('../context/build.js'),
    import('../config/load.js'),
    import('./gate.js'),
    import('../context/compute.js'),
    import('../guards/hallucination/guard.js'),
    import('../shared/events.js'),
  ]);
  const { defaultConfig } = await import('../config/schema.js');
  const root = await existingDirectory(directory);
  const bus = options.bus ?? new Bus();
  // A broken config must not stop the guard that reports it: fall back to the defaults.
  const config = await loadConfig(root).catch((error: { code?: string }) => {
    if (error.code !== 'CONFIG_INVALID') throw error;
    bus.log('warn', 'the config file is invalid: checking with the default configuration');
    return { config: defaultConfig(), hash: 'invalid' };
  });
  const changedFiles =
    options.changedFiles?.map((file) => file.replace(/^\.\//, '')) ?? (await changedSinceHead(root));
  const computed = await computeGraph(root, { mode: 'update', bus, config, timed: stageTimer(bus).timed });
  const allFiles = new Set(computed.scanned.scan.files.map((file) => file.path));
  if (options.changedFiles) await requireExisting(root, changedFiles, allFiles);
  const trace = options.traceId
    ? await (await import('../trace/store.js')).readTrace(root, options.traceId)
    : undefined;
  return checkHallucinations({
    root,
    files: computed.index.files,
    graph: computed.graph,
    allFiles,
    changedFiles,
    ...(options.messages ? { messages: options.messages } : {}),
    ...(trace ? { trace } : {}),
    validateOwnConfig,
  });
}

async function changedSinceHead(root: string): Promise<string[]> {
  const { gitTopLevel } = await import('../shared/git.js');
  if (!(await gitTopLevel(root))) return [];
  return (await (await import('../shared/worktree-hash.js')).workingTreeState(root)).changed;
}

/** `--files` names files to check: one that is not in the tree is a usage error, not "nothing found". */
async function requireExisting(
  root: string,
  files: readonly string[],
  tree: ReadonlySet<string>,
): Promise<void> {
  const { usageError } = await import('../shared/errors.js');
  const missing = files.filter((file) => !tree.has(file));
  if (missing.length > 0)
    throw usageError(
      `--files: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not a file in ${root}`,
      'name files by their path from the repository root (deleted files are not checked)',
    );
}
