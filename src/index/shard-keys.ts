/**
 * What lets an update take an index shard whole without parsing it: a digest of its files' keys
 * (path, language, kind, hash, extractor, in shard order), kept by the shard's hash in the
 * machine-local `cache/index-keys.json`. When the scan gives a folder's files the same digest as
 * the shard the manifest trusts, every entry line would be written again as it is. Beside the
 * digest, the counts the index stats take from the entries' facts.
 *
 *   {"schemaVersion": 1, "tool": "<version>", "shards": {"<shard hash>": {"keys", "failed", "partial"}}}
 *
 * A cache of another tool version (whose entry form may differ), missing or unreadable, is
 * ignored: every shard is then parsed, as before this cache existed.
 */
import { readCacheJson, writeFileAtomic } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { isRecord } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';
import type { IndexedFile } from './types.js';

export const SHARD_KEYS_SCHEMA_VERSION = 1;
/** What identifies an entry's line: with these equal, the stored line is written again as it is. */
export type EntryKeys = Pick<IndexedFile, 'path' | 'language' | 'kind' | 'hash' | 'extractor'>;

/**
 * What the index stage needs of a shard it takes whole: its keys' digest, and how many of its
 * entries were parsed `failed` or `partial` (the index stats count them).
 */
export interface ShardSummary {
  keys: string;
  failed: number;
  partial: number;
}

/** The digest of these files' keys, in their order. */
export function keysDigest(files: readonly EntryKeys[]): string {
  const parts: string[] = [];
  for (const file of files) parts.push(file.path, file.language, file.kind, file.hash, file.extractor);
  return sha256(parts.join('\0'));
}

/** The summary of these entries (their facts are read: only for entries parsed or composed). */
export function summarize(files: readonly IndexedFile[]): ShardSummary {
  let failed = 0;
  let partial = 0;
  for (const file of files) {
    if (file.confidence === 'failed') failed++;
    if (file.confidence === 'partial') partial++;
  }
  return { keys: keysDigest(files), failed, partial };
}

/** Shard hash -> summary, as the last build kept them; empty when unusable. */
export async function readShardKeys(root: string): Promise<Map<string, ShardSummary>> {
  const parsed = await readCacheJson(absolutePath(root, layout.indexKeysCache));
  const summaries = new Map<string, ShardSummary>();
  if (!isRecord(parsed) || parsed.schemaVersion !== SHARD_KEYS_SCHEMA_VERSION) return summaries;
  if (parsed.tool !== toolVersion() || !isRecord(parsed.shards)) return summaries;
  for (const [hash, value] of Object.entries(parsed.shards)) if (isSummary(value)) summaries.set(hash, value);
  return summaries;
}

function isSummary(value: unknown): value is ShardSummary {
  return (
    isRecord(value) &&
    typeof value.keys === 'string' &&
    Number.isInteger(value.failed) &&
    Number.isInteger(value.partial)
  );
}

/** Keeps the summaries of this build's shards (and only those) for the next update. */
export async function saveShardKeys(root: string, keys: ReadonlyMap<string, ShardSummary>): Promise<void> {
  const shards = Object.fromEntries([...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const document = { schemaVersion: SHARD_KEYS_SCHEMA_VERSION, tool: toolVersion(), shards };
  await writeFileAtomic(absolutePath(root, layout.indexKeysCache), JSON.stringify(document));
}
