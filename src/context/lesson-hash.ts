/**
 * What the served lessons depend on, hashed from the files themselves: MEMORY.md and each
 * lesson's file without the serving counters that serving itself updates (otherwise every build
 * would make the next one stale). Read raw, so freshness does not load the lesson store.
 */
import { promises as fsp } from 'node:fs';
import { hashEntries, sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';

const SERVING_COUNTERS =
  /^(last_served|times_served|times_ignored|lastServed|timesServed|timesIgnored)\s*:.*$/gm;

/** `none` without a lesson store. */
export async function hashLessons(root: string): Promise<string> {
  const folder = absolutePath(root, layout.memory);
  const entries: Array<[string, string]> = [];
  const index = await readOptional(absolutePath(folder, 'MEMORY.md'));
  if (index !== undefined) entries.push(['MEMORY.md', sha256(index)]);
  let names: string[] = [];
  try {
    names = (await fsp.readdir(absolutePath(folder, 'lessons')))
      .filter((name) => name.endsWith('.md'))
      .sort();
  } catch {
    // no lessons folder: only the index counts
  }
  for (const name of names) {
    const text = await readOptional(absolutePath(folder, `lessons/${name}`));
    if (text !== undefined) entries.push([`lessons/${name}`, sha256(text.replace(SERVING_COUNTERS, ''))]);
  }
  return entries.length === 0 ? 'none' : hashEntries(entries);
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await fsp.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
