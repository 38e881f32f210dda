/**
 * What a folder is about, lent to the files inside it: a module's entry file or README says
 * "Swedish locale" or "HTTP/2 connection pool" once, and the files below it never repeat it.
 * Each file gets the descriptions of its nearest described folders (its own folder's, unless it
 * is the describing file itself, then the folders above), the root's excepted — the project's
 * own description fits every file alike. Only written summaries count, not derived ones
 * ("Re-exports 93 names").
 */
import type { IndexedFile } from '../index/types.js';

/** Files that describe their folder. */
const DESCRIBER =
  /(^|\/)(index\.[cm]?[jt]sx?|__init__\.py|mod\.rs|lib\.rs|doc\.go|package-info\.java|readme(\.(md|rst|txt))?)$/i;
/** How many described folders above a file lend it their words. */
const FOLDERS_LENT = 2;

/** Path -> the descriptions lent to it, nearest folder first; files without any are left out. */
export function folderDescriptions(files: readonly IndexedFile[]): Map<string, string[]> {
  const byFolder = new Map<string, { path: string; texts: string[] }>();
  for (const file of files) {
    if (!DESCRIBER.test(file.path) || file.summary.source === 'derived' || !file.summary.text) continue;
    const folder = folderOf(file.path);
    if (folder === '') continue;
    const entry = byFolder.get(folder) ?? { path: file.path, texts: [] };
    entry.texts.push(file.summary.text);
    byFolder.set(folder, entry);
  }
  const lent = new Map<string, string[]>();
  if (byFolder.size === 0) return lent;
  for (const file of files) {
    const texts: string[] = [];
    let found = 0;
    for (let folder = folderOf(file.path); folder !== '' && found < FOLDERS_LENT; folder = folderOf(folder)) {
      const described = byFolder.get(folder);
      if (!described || described.path === file.path) continue;
      texts.push(...described.texts);
      found++;
    }
    if (texts.length > 0) lent.set(file.path, texts);
  }
  return lent;
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}
