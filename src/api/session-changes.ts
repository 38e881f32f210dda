/**
 * Which changed paths a long-lived session must refresh for. Not: our own outputs and VCS
 * internals (always excluded from scans), files `.gitignore` or `scan.exclude` leave out, and
 * the files the session's last refresh wrote itself (AGENTS.md at the root), as long as they
 * still have the size and mtime that refresh left — a watcher that reacts to its own writes
 * refreshes forever.
 */
import { promises as fsp } from 'node:fs';
import ignore from 'ignore';
import { loadConfig } from '../config/load.js';
import { IgnoreTree } from '../scan/ignore-tree.js';
import { ALWAYS_EXCLUDED, isAlwaysExcluded } from '../scan/scan.js';
import { globMatcher, type PathMatcher } from '../shared/glob.js';
import { absolutePath } from '../shared/path.js';

/** The temporary file of an atomic write (`.<name>.<pid>.<random>.tmp`, shared/fs): gone a moment later. */
const ATOMIC_WRITE_TEMPORARY = /(^|\/)\.[^/]+\.tmp$/;

export interface ChangeFilter {
  relevant(paths: readonly string[]): Promise<string[]>;
  rememberOwnOutputs(paths: readonly string[]): Promise<void>;
}

interface Stamp {
  size: number;
  mtimeMs: number;
}

export function createChangeFilter(root: string): ChangeFilter {
  let ignored: IgnoreTree | undefined;
  let excluded: PathMatcher | undefined;
  const ownOutputs = new Map<string, Stamp>();
  const stampOf = async (path: string): Promise<Stamp | undefined> => {
    const stats = await fsp.stat(absolutePath(root, path)).catch(() => undefined);
    return stats ? { size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
  };
  const isOwnWrite = async (path: string): Promise<boolean> => {
    const stamp = ownOutputs.get(path);
    if (!stamp) return false;
    const now = await stampOf(path);
    return now !== undefined && now.size === stamp.size && now.mtimeMs === stamp.mtimeMs;
  };
  return {
    async relevant(paths) {
      // Rules change with the files that hold them: start over when one of those changed.
      if (paths.some((path) => path.endsWith('.gitignore') || path.startsWith('opencode-plusplus.config')))
        [ignored, excluded] = [undefined, undefined];
      ignored ??= new IgnoreTree(root, ignore().add(ALWAYS_EXCLUDED));
      excluded ??= globMatcher((await loadConfig(root).catch(() => undefined))?.config.scan.exclude ?? []);
      const kept: string[] = [];
      for (const path of paths) {
        if (ATOMIC_WRITE_TEMPORARY.test(path) || isAlwaysExcluded(path)) continue;
        if (excluded(path) || isIgnored(ignored, path)) continue;
        if (await isOwnWrite(path)) continue;
        kept.push(path);
      }
      return kept;
    },
    async rememberOwnOutputs(paths) {
      for (const path of paths) {
        if (isAlwaysExcluded(path)) continue;
        const stamp = await stampOf(path);
        if (stamp) ownOutputs.set(path, stamp);
      }
    },
  };
}

/** An event names a file or a folder (maybe deleted already): ignored when either reading says so. */
function isIgnored(tree: IgnoreTree, path: string): boolean {
  return tree.isIgnored(path, false) || tree.isIgnored(path, true);
}
