/**
 * Per-file facts cache keyed by (extractor id@version, content hash), so `update` parses only
 * files whose bytes or extractor changed. Sharded by the hash's first two hex digits: an edit
 * rewrites one small shard, not the whole cache. Lives in `.agent-context/cache/facts/`.
 */
import { promises as fsp } from 'node:fs';
import { writeFileAtomic } from '../shared/fs.js';
import { joinPath } from '../shared/path.js';
import type { FileFacts } from './types.js';

const CACHE_VERSION = 1;

interface Shard {
  version: number;
  entries: Record<string, FileFacts>;
}

export class FactsCache {
  private readonly shards = new Map<string, Record<string, FileFacts>>();
  private readonly dirty = new Set<string>();
  private readonly used = new Set<string>();

  constructor(private readonly directory: string | undefined) {}

  static key(extractor: string, hash: string): string {
    return `${extractor}:${hash}`;
  }

  /** Loads every shard present; unreadable or foreign-version shards are dropped (they are only a cache). */
  async load(): Promise<void> {
    if (!this.directory) return;
    let names: string[];
    try {
      names = await fsp.readdir(this.directory);
    } catch {
      return;
    }
    await Promise.all(
      names
        .filter((name) => /^[0-9a-f]{2}\.json$/.test(name))
        .map(async (name) => {
          try {
            const shard = JSON.parse(await fsp.readFile(joinPath(this.directory!, name), 'utf8')) as Shard;
            if (shard.version === CACHE_VERSION && shard.entries)
              this.shards.set(name.slice(0, 2), shard.entries);
          } catch {
            // a torn or hand-edited cache shard is rebuilt, never trusted
          }
        }),
    );
  }

  get(key: string): FileFacts | undefined {
    const facts = this.shards.get(shardOf(key))?.[key];
    if (facts) this.used.add(key);
    return facts;
  }

  set(key: string, facts: FileFacts): void {
    const shard = shardOf(key);
    let entries = this.shards.get(shard);
    if (!entries) {
      entries = {};
      this.shards.set(shard, entries);
    }
    entries[key] = facts;
    this.used.add(key);
    this.dirty.add(shard);
  }

  /** Writes the shards that changed, keeping only entries used by this build in them. */
  async save(): Promise<void> {
    if (!this.directory) return;
    await fsp.mkdir(this.directory, { recursive: true });
    for (const shard of [...this.dirty].sort()) {
      const entries: Record<string, FileFacts> = {};
      for (const [key, facts] of Object.entries(this.shards.get(shard) ?? {}))
        if (this.used.has(key)) entries[key] = facts;
      await writeFileAtomic(
        joinPath(this.directory, `${shard}.json`),
        JSON.stringify({ version: CACHE_VERSION, entries }),
      );
    }
    this.dirty.clear();
  }
}

function shardOf(key: string): string {
  const hash = key.slice(key.lastIndexOf(':') + 1);
  return /^[0-9a-f]{2}/.test(hash) ? hash.slice(0, 2) : '00';
}
