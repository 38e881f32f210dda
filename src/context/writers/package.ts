/**
 * `writeContextPackage()`: the last step of a build. Every file is replaced atomically and only
 * when its bytes changed; the manifest is written last, so a build killed halfway leaves the
 * previous manifest, which no longer matches the outputs: freshness reports it, nothing is torn.
 */
import { promises as fsp } from 'node:fs';
import type { EventBus } from '../../shared/events.js';
import {
  isMissing,
  listDirectory,
  unreadableError,
  writeFileAtomic,
  writeFileIfChanged,
} from '../../shared/fs.js';
import { hashEntries, sha256 } from '../../shared/hash.js';
import { formatJsonFile } from '../../shared/json.js';
import { layout } from '../../shared/layout.js';
import { absolutePath, relativePath } from '../../shared/path.js';
import type { ContextPackage } from '../compose.js';
import { LEGACY } from '../shards.js';

export interface WrittenOutput {
  path: string;
  bytes: number;
  /** False when the file already had these bytes. */
  written: boolean;
}

/**
 * Tells, without reading the file, that it already holds bytes with this hash (its stat has not
 * moved since a build wrote those bytes). Lets big unchanged outputs skip a read-and-compare.
 */
export type KnownOnDisk = (path: string, hash: string) => Promise<boolean>;

export async function writeContextPackage(
  root: string,
  pkg: ContextPackage,
  bus?: EventBus,
  knownOnDisk?: KnownOnDisk,
): Promise<WrittenOutput[]> {
  const written: WrittenOutput[] = [];
  for (const file of pkg.files) {
    const target = absolutePath(root, file.path);
    const hash = pkg.manifest.outputs[file.path];
    const isAgentsFile = file.hashedContent !== undefined;
    let changed: boolean;
    if (!isAgentsFile && hash && knownOnDisk && (await knownOnDisk(file.path, hash))) changed = false;
    else if (!isAgentsFile && hash && knownOnDisk) {
      await writeFileAtomic(target, file.content, root);
      changed = true;
    } else changed = await writeFileIfChanged(target, file.content, root);
    if (changed) bus?.log('debug', `wrote ${file.path}`);
    written.push({ path: file.path, bytes: file.bytes ?? Buffer.byteLength(file.content), written: changed });
  }
  const manifestText = formatJsonFile(pkg.manifest);
  const changed = await writeFileIfChanged(absolutePath(root, layout.manifest), manifestText);
  written.push({ path: layout.manifest, bytes: Buffer.byteLength(manifestText), written: changed });
  await removeStaleShards(root, pkg.manifest.outputs, bus);
  return written.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * After the manifest: shards of folders that are gone, and the single index.json and graph.json
 * of schema 1, are removed (nothing lists them any more; a build killed before this leaves them
 * unlisted and harmless, and the next one removes them).
 */
async function removeStaleShards(
  root: string,
  outputs: Record<string, string>,
  bus?: EventBus,
): Promise<void> {
  const stale: string[] = [LEGACY.index, LEGACY.graph];
  for (const folder of [layout.indexDir, layout.graphDir]) {
    for (const name of await listDirectory(absolutePath(root, folder)))
      if (name.endsWith('.json')) stale.push(`${folder}/${name}`);
  }
  for (const path of stale) {
    if (outputs[path] !== undefined) continue;
    try {
      await fsp.unlink(absolutePath(root, path));
      bus?.log('debug', `removed ${path}`);
    } catch (error) {
      if (!isMissing(error)) throw error; // already gone is fine; one we cannot remove would stay stale
    }
  }
}

/** What a task pack is: the plan and pack an agent reads, not the run's changing state or verification. */
export function isTaskPackFile(relative: string): boolean {
  return /^[^/]+\/(run\.json|plan\.md|pack\.md|pack\.json|edit-boundary\.md|expected-diff\.md|prompt\.[\w-]+\.md)$/.test(
    relative,
  );
}

/** Combined hash of the files below a context folder that `include` accepts (`none` when there are none). */
export async function hashContextDirectory(
  root: string,
  folder: string,
  include: (relative: string) => boolean = () => true,
): Promise<string> {
  const base = absolutePath(root, folder);
  let entries: string[];
  try {
    entries = (await fsp.readdir(base, { recursive: true })) as string[];
  } catch (error) {
    if (isMissing(error)) return 'none';
    throw unreadableError(base, error);
  }
  const hashes: Array<[string, string]> = [];
  for (const entry of entries.sort()) {
    const file = absolutePath(base, entry.split('\\').join('/'));
    try {
      const stats = await fsp.stat(file);
      const relative = relativePath(base, file);
      if (!stats.isFile() || entry.endsWith('.tmp') || relative.includes('.lock') || !include(relative))
        continue;
      hashes.push([relative, sha256(await fsp.readFile(file))]);
    } catch (error) {
      // Vanished between listing and reading: not part of this build. Unreadable is an error.
      if (!isMissing(error)) throw unreadableError(file, error);
    }
  }
  return hashes.length === 0 ? 'none' : hashEntries(hashes);
}
