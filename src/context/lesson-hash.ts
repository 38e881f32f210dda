/**
 * What the served lessons depend on, hashed from the files themselves: MEMORY.md and each
 * lesson's file without the serving counters that serving itself updates (otherwise every build
 * would make the next one stale). Read raw, so freshness does not load the lesson store.
 */
import { listDirectory, readTextIfExists } from '../shared/fs.js';
import { hashEntries, sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';

const SERVING_COUNTERS =
  /^(last_served|times_served|times_ignored|lastServed|timesServed|timesIgnored)\s*:.*$/gm;

/** `none` without a lesson store. */
export async function hashLessons(root: string): Promise<string> {
  const folder = absolutePath(root, layout.memory);
  const entries: Array<[string, string]> = [];
  const index = await readTextIfExists(absolutePath(folder, 'MEMORY.md'));
  if (index !== undefined) entries.push(['MEMORY.md', sha256(index)]);
  // No lessons folder: only the index counts.
  const names = (await listDirectory(absolutePath(folder, 'lessons'))).filter((name) => name.endsWith('.md'));
  for (const name of names) {
    const text = await readTextIfExists(absolutePath(folder, `lessons/${name}`));
    if (text !== undefined) entries.push([`lessons/${name}`, sha256(text.replace(SERVING_COUNTERS, ''))]);
  }
  return entries.length === 0 ? 'none' : hashEntries(entries);
}
