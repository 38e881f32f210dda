/**
 * Stat data of the last scan (`.agent-context/cache/stat.json`): files whose size, mtime, ctime
 * and inode are unchanged keep their hash without being read. Keyed by tool version and config,
 * since both change how files are classified.
 */
import type { LoadedConfig } from '../config/load.js';
import type { StatCacheEntry } from '../scan/types.js';
import { readTextIfExists, writeFileAtomic } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';

export interface StatCacheFile {
  version: number;
  key: string;
  /** When the scan behind it started (ms since epoch): the racy-git guard compares mtimes to it. */
  writtenAt: number;
  entries: Record<string, StatCacheEntry>;
}

export function statCacheKey(config: LoadedConfig): string {
  return sha256(`${toolVersion()}\0${config.hash}`);
}

export async function readStatCache(root: string, key: string): Promise<StatCacheFile | undefined> {
  try {
    const text = await readTextIfExists(absolutePath(root, layout.statCache));
    if (!text) return undefined;
    const parsed = JSON.parse(text) as StatCacheFile;
    return parsed.version === 1 && parsed.key === key && parsed.entries ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export async function saveStatCache(
  root: string,
  key: string,
  entries: Record<string, StatCacheEntry>,
  writtenAt: number,
): Promise<void> {
  const file: StatCacheFile = { version: 1, key, writtenAt, entries };
  await writeFileAtomic(absolutePath(root, layout.statCache), JSON.stringify(file));
}
