/**
 * The sharded layout of the index and the graph (schema 3; 2 without `otherExports`): one file per folder, so one edit
 * rewrites the shard of its folder, not 30 MB. A shard holds the files whose folder, cut to its
 * first SHARD_DEPTH segments, is the shard's folder; files at the root go to `_root`.
 *
 *   .agent-context/index/_head.json      {schemaVersion, stats, shards: {folder: file}}
 *   .agent-context/index/<shard>.json    {folder, schemaVersion, files: [one stored entry per line]}
 *   .agent-context/graph/_head.json      {schemaVersion, stats, externals, shards: {folder: file}}
 *   .agent-context/graph/<shard>.json    {folder, schemaVersion, files, unresolved, edges: [one per line]}
 *
 * A graph shard holds the shard's files and the edges and unresolved imports *from* them. Every
 * shard is an output of the manifest with its own hash, so freshness and drift stay exact.
 */
import { compare, compareEdges, compareUnresolved } from '../graph/order.js';
import type { DependencyGraph, GraphEdge, UnresolvedImport } from '../graph/types.js';
import type { ComposedShard } from '../index/cache.js';
import { shardOf } from '../index/shard-folder.js';
import {
  entryFromStored,
  STORED_ENTRY_SCHEMA,
  type StoredEntry,
  storedEntry,
} from '../index/stored-entry.js';
import { type StoredShard, wholeShardOf } from '../index/stored-shard.js';
import type { IndexedFile, IndexStats } from '../index/types.js';
import { sha256 } from '../shared/hash.js';
import { formatJsonFile, stableStringify } from '../shared/json.js';
import { layout } from '../shared/layout.js';

/** Index and graph shards share one schema; the index entries' form sets it. */
export const SHARD_SCHEMA_VERSION = STORED_ENTRY_SCHEMA;
export { SHARD_DEPTH, shardOf } from '../index/shard-folder.js';
export const ROOT_SHARD = '_root';
export const HEAD_FILE = '_head.json';

/**
 * A shard's file name: the folder with `/` as `~` and every other character outside a safe set
 * %-escaped (`_` too, so `_root` and `_head` can never be a folder's); a hash when that is long.
 */
export function shardFileName(folder: string): string {
  if (folder === '') return `${ROOT_SHARD}.json`;
  const escaped = folder
    .split('/')
    .map((segment) => segment.replace(/[^A-Za-z0-9.@+-]/gu, escapeCharacter))
    .join('~');
  return escaped.length > 120 ? `~${sha256(folder).slice(0, 24)}.json` : `${escaped}.json`;
}

function escapeCharacter(character: string): string {
  return [...Buffer.from(character, 'utf8')]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
}

/** Items grouped by the shard of `pathOf(item)`, shards sorted by folder, items in their given order. */
export function groupByShard<T>(items: readonly T[], pathOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  // Edges come grouped by importer: the same path many times in a row needs one lookup.
  let lastPath: string | undefined;
  let lastGroup: T[] = [];
  for (const item of items) {
    const path = pathOf(item);
    if (path === lastPath) {
      lastGroup.push(item);
      continue;
    }
    const folder = shardOf(path);
    let group = groups.get(folder);
    if (group) group.push(item);
    else {
      group = [item];
      groups.set(folder, group);
    }
    lastPath = path;
    lastGroup = group;
  }
  return new Map([...groups].sort(([a], [b]) => compare(a, b)));
}

export const indexShardPath = (folder: string) => `${layout.indexDir}/${shardFileName(folder)}`;
export const graphShardPath = (folder: string) => `${layout.graphDir}/${shardFileName(folder)}`;
export const indexHeadPath = `${layout.indexDir}/${HEAD_FILE}`;
export const graphHeadPath = `${layout.graphDir}/${HEAD_FILE}`;

/** Is this output part of the index (`index`), of the graph (`graph`), or neither? */
export function componentOfOutput(path: string): 'index' | 'graph' | undefined {
  if (path.startsWith(`${layout.indexDir}/`) || path === LEGACY.index) return 'index';
  if (path.startsWith(`${layout.graphDir}/`) || path === LEGACY.graph) return 'graph';
  return undefined;
}

/** The single-file layout of schema 1, read once to migrate and then removed. */
export const LEGACY = {
  index: `${layout.dir}/index.json`,
  graph: `${layout.dir}/graph.json`,
} as const;

/**
 * A JSON object whose big array has one element per line: valid JSON, fast to write, and a change
 * to one file shows as a one-line diff.
 */
export function jsonLinesDocument<T>(
  head: Record<string, unknown>,
  key: string,
  items: readonly T[],
  knownLine?: (item: T) => string | undefined,
): string {
  return linesDocument(
    head,
    key,
    items.map((item) => knownLine?.(item) ?? stableStringify(item)),
  );
}

function linesDocument(head: Record<string, unknown>, key: string, lines: readonly string[]): string {
  const headText = stableStringify(head);
  const prefix = headText === '{}' ? '{' : `${headText.slice(0, -1)},`;
  if (lines.length === 0) return `${prefix}"${key}":[]}\n`;
  return `${prefix}"${key}":[\n${lines.join(',\n')}\n]}\n`;
}

/** One generated shard: its path, bytes and, when reused as the last build wrote it, its known hash. */
export interface ShardOutput {
  path: string;
  content: string;
  hash: string;
  /** Its length in bytes, when known without its text (a shard kept as read back). */
  bytes?: number;
}

/** Shards of the last build that may be reused as they are: path -> bytes, hash and (index shards) entry lines. */
export type PreviousShards = ReadonlyMap<
  string,
  { content: string; hash: string; lines?: readonly string[] }
>;

/** An index shard with the files it holds and their serialised lines (to keep in a facts cache). */
export interface IndexShardOutput extends ShardOutput, ComposedShard {
  files: IndexedFile[];
  lines: string[];
}

export function indexShards(
  files: readonly IndexedFile[],
  stats: Omit<IndexStats, 'parsed' | 'cached'>,
  options: { knownLine?: (file: IndexedFile) => string | undefined; previous?: PreviousShards },
): { head: ShardOutput; shards: IndexShardOutput[] } {
  const outputs: IndexShardOutput[] = [];
  const shards: Record<string, string> = {};
  for (const [folder, group] of groupByShard(files, (file) => file.path)) {
    shards[folder] = shardFileName(folder);
    const path = indexShardPath(folder);
    const old = options.previous?.get(path);
    const whole = old ? wholeShardOf(group) : undefined;
    if (whole && whole === old) {
      outputs.push(keptIndexShard(whole, group));
      continue;
    }
    const lines = group.map((file) => options.knownLine?.(file) ?? stableStringify(storedEntry(file)));
    if (old?.lines && sameLines(old.lines, lines)) {
      outputs.push({ path, content: old.content, hash: old.hash, files: group, lines });
      continue;
    }
    const content = linesDocument({ folder, schemaVersion: SHARD_SCHEMA_VERSION }, 'files', lines);
    outputs.push({ ...reusedOrHashed(path, content, options.previous), files: group, lines });
  }
  const head = formatJsonFile({ schemaVersion: SHARD_SCHEMA_VERSION, stats, shards });
  return { head: { path: indexHeadPath, content: head, hash: sha256(head) }, shards: outputs };
}

/**
 * The last build's shard, taken whole by the index stage (these files, unchanged, in its order):
 * its lines are its own, so it is these bytes again. Its text stays undecoded unless asked for.
 */
function keptIndexShard(kept: StoredShard, files: IndexedFile[]): IndexShardOutput {
  return {
    path: kept.path,
    hash: kept.hash,
    files,
    kept,
    get content() {
      return kept.content;
    },
    get lines() {
      return kept.lines;
    },
  };
}

/** A shard as a generated file: a kept one by its hash and byte length, decoded only if it must be written. */
export function shardFile(shard: IndexShardOutput): ShardOutput {
  const { kept } = shard;
  if (!kept) return { path: shard.path, content: shard.content, hash: shard.hash };
  return {
    path: kept.path,
    hash: kept.hash,
    bytes: kept.byteLength,
    get content() {
      return kept.content;
    },
  };
}

/**
 * The same entry lines in the same order: the shard's bytes are the same. Reused lines are the
 * very strings the last build's shard was made of, so this is a pointer comparison per file.
 */
function sameLines(before: readonly string[], after: readonly string[]): boolean {
  if (before.length !== after.length) return false;
  for (let position = 0; position < after.length; position++)
    if (before[position] !== after[position]) return false;
  return true;
}

/**
 * A shard with the same bytes as last time keeps the hash the manifest recorded: comparing two
 * strings is far cheaper than hashing one.
 */
function reusedOrHashed(path: string, content: string, previous: PreviousShards | undefined): ShardOutput {
  const old = previous?.get(path);
  return { path, content, hash: old && old.content === content ? old.hash : sha256(content) };
}

/** Graph shards of the last build, reusable for every folder that holds no changed file. */
export interface ReusableGraphShards {
  shards: PreviousShards;
  changedFolders: ReadonlySet<string>;
}

export function graphShards(graph: DependencyGraph, reuse?: ReusableGraphShards): ShardOutput[] {
  const edges = groupByShard(graph.edges, (edge) => edge.from);
  const unresolved = groupByShard(graph.unresolved, (item) => item.from);
  const outputs: ShardOutput[] = [];
  const shards: Record<string, string> = {};
  for (const [folder, files] of groupByShard(graph.files, (path) => path)) {
    shards[folder] = shardFileName(folder);
    const path = graphShardPath(folder);
    const kept = reuse && !reuse.changedFolders.has(folder) ? reuse.shards.get(path) : undefined;
    if (kept) {
      outputs.push({ path, ...kept });
      continue;
    }
    const head = {
      folder,
      schemaVersion: SHARD_SCHEMA_VERSION,
      files,
      unresolved: unresolved.get(folder) ?? [],
    };
    const content = jsonLinesDocument(head, 'edges', edges.get(folder) ?? []);
    outputs.push({ path, content, hash: sha256(content) });
  }
  const headText = formatJsonFile({
    schemaVersion: SHARD_SCHEMA_VERSION,
    stats: graph.stats,
    externals: graph.externals,
    shards,
  });
  outputs.unshift({ path: graphHeadPath, content: headText, hash: sha256(headText) });
  return outputs;
}

/** The shard documents of one component, as read back: the head and every shard's parsed JSON. */
export interface ReadShards<Head, Shard> {
  head: Head;
  shards: Shard[];
}

export interface IndexHead {
  schemaVersion: number;
  stats: Omit<IndexStats, 'parsed' | 'cached'>;
  shards: Record<string, string>;
}

export interface GraphHead {
  schemaVersion: number;
  stats: DependencyGraph['stats'];
  externals: DependencyGraph['externals'];
  shards: Record<string, string>;
}

export interface GraphShard {
  folder: string;
  files: string[];
  unresolved: UnresolvedImport[];
  edges: GraphEdge[];
}

/** The whole graph from its shards, in the order `buildDependencyGraph()` gives it. */
export function assembleGraph(head: GraphHead, shards: readonly GraphShard[]): DependencyGraph {
  const files = shards.flatMap((shard) => shard.files).sort(compare);
  const edges = shards.flatMap((shard) => shard.edges);
  const unresolved = shards.flatMap((shard) => shard.unresolved);
  // Shards are in folder order; the graph is in path order: a root file sorts after `src/`.
  edges.sort(compareEdges);
  unresolved.sort(compareUnresolved);
  return { files, edges, externals: head.externals, unresolved, stats: head.stats };
}

/** Index entries from their shards, sorted by path as the index gives them. */
export function assembleIndexFiles(shards: readonly { files: StoredEntry[] }[]): IndexedFile[] {
  return shards.flatMap((shard) => shard.files.map(entryFromStored)).sort((a, b) => compare(a.path, b.path));
}
