/**
 * Per-shard tallies: the counts compose aggregates over every indexed file (kinds, languages,
 * module style, relative-import extensions, the summaries that can describe a layout folder),
 * taken once per index shard and kept with the shard's hash in a machine-local cache. An update
 * after one edit tallies only the shards whose hash changed and adds up the rest, so these
 * aggregates cost O(shards), not O(files). A tally is a pure function of the shard's entries and
 * the main package's folder (module style counts only its files), so a cached one is exactly
 * what a cold build computes.
 */
import type { IndexedFile } from '../index/types.js';
import { readCacheJson, writeFileAtomic } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';
import { fileEntrypointReasons } from './entrypoints.js';
import { countModuleStyle, type ModuleStyleCounts } from './module-style.js';

/** Bump when what a tally counts changes: cached tallies of the old rules are then taken again. */
export const TALLY_CACHE_SCHEMA_VERSION = 1;

export interface ShardTally {
  indexed: number;
  kinds: { source: number; test: number; example: number; fixture: number };
  /** Source and test files and their lines, per language. */
  languages: Record<string, { files: number; lines: number }>;
  moduleStyle: ModuleStyleCounts;
  /** Relative imports in TypeScript that end in `.js`, and those with no extension. */
  importExtensions: { withJs: number; without: number };
  /** path -> written summary of the files that may describe a layout folder (`describesFolder`). */
  folderSummaries: Record<string, string>;
  /** Files that are entrypoints by themselves (`fileEntrypointReasons`), in path order. */
  entrypoints: Array<{ path: string; reasons: string[] }>;
}

/** The parameters a tally depends on besides the shard's entries. */
export interface TallyScope {
  /** The main package's folder (`.` or none: every file counts for module style). */
  mainPath: string | undefined;
  /** May this file's summary describe a layout folder? (summary.ts decides.) */
  describesFolder: (path: string) => boolean;
}

export function tallyShard(files: readonly IndexedFile[], scope: TallyScope): ShardTally {
  const tally: ShardTally = {
    indexed: files.length,
    kinds: { source: 0, test: 0, example: 0, fixture: 0 },
    languages: {},
    moduleStyle: countModuleStyle(files, scope.mainPath),
    importExtensions: { withJs: 0, without: 0 },
    folderSummaries: {},
    entrypoints: [],
  };
  for (const file of files) {
    const reasons = fileEntrypointReasons(file);
    if (reasons.length > 0) tally.entrypoints.push({ path: file.path, reasons });
    if (Object.hasOwn(tally.kinds, file.kind)) tally.kinds[file.kind as keyof ShardTally['kinds']]++;
    if (file.kind === 'source' || file.kind === 'test')
      addShare(tally.languages, file.language, 1, file.lines);
    if (file.language === 'typescript') countImportExtensions(file, tally.importExtensions);
    if (file.summary.source !== 'derived' && scope.describesFolder(file.path))
      tally.folderSummaries[file.path] = file.summary.text;
  }
  return tally;
}

function addShare(languages: ShardTally['languages'], language: string, files: number, lines: number): void {
  const share = Object.hasOwn(languages, language) ? languages[language]! : { files: 0, lines: 0 };
  share.files += files;
  share.lines += lines;
  languages[language] = share;
}

function countImportExtensions(file: IndexedFile, counts: ShardTally['importExtensions']): void {
  for (const entry of file.imports) {
    if (!entry.specifier.startsWith('.')) continue;
    if (entry.specifier.endsWith('.js')) counts.withJs++;
    else if (!/\.[a-z]+$/i.test(entry.specifier)) counts.without++;
  }
}

/** The tallies of every shard added up: what the aggregates over all files would count. */
export function combineTallies(tallies: readonly ShardTally[]): ShardTally {
  const total: ShardTally = {
    indexed: 0,
    kinds: { source: 0, test: 0, example: 0, fixture: 0 },
    languages: {},
    moduleStyle: { esm: 0, commonjs: 0 },
    importExtensions: { withJs: 0, without: 0 },
    folderSummaries: {},
    entrypoints: [],
  };
  for (const tally of tallies) {
    total.indexed += tally.indexed;
    for (const kind of Object.keys(total.kinds) as Array<keyof ShardTally['kinds']>)
      total.kinds[kind] += tally.kinds[kind];
    for (const [language, share] of Object.entries(tally.languages))
      addShare(total.languages, language, share.files, share.lines);
    total.moduleStyle.esm += tally.moduleStyle.esm;
    total.moduleStyle.commonjs += tally.moduleStyle.commonjs;
    total.importExtensions.withJs += tally.importExtensions.withJs;
    total.importExtensions.without += tally.importExtensions.without;
    Object.assign(total.folderSummaries, tally.folderSummaries);
    total.entrypoints.push(...tally.entrypoints);
  }
  // Shards come in folder order; the index (and so a tally of every file) is in path order.
  total.entrypoints.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return total;
}

/**
 * Tallies by shard hash, for one scope key. `tallyOf` reuses a cached tally or takes a new one;
 * `save` keeps only the shards of this build and writes when anything changed.
 */
export class TallyCache {
  private readonly used = new Map<string, ShardTally>();
  private computed = 0;

  constructor(
    private readonly key: string,
    private readonly cached: ReadonlyMap<string, ShardTally> = new Map(),
  ) {}

  tallyOf(shard: { hash: string; files: readonly IndexedFile[] }, scope: TallyScope): ShardTally {
    let tally = this.used.get(shard.hash) ?? this.cached.get(shard.hash);
    if (!tally) {
      tally = tallyShard(shard.files, scope);
      this.computed++;
    }
    this.used.set(shard.hash, tally);
    return tally;
  }

  /** The cache of this build: the tallies used, under the key they were taken with. */
  get entries(): KeptTallies & { changed: boolean } {
    const changed = this.computed > 0 || this.used.size !== this.cached.size;
    return { key: this.key, tallies: this.used, changed };
  }
}

/** The cache key: the tool version (tally rules change with it) and the main package's folder. */
export function tallyKey(mainPath: string | undefined): string {
  return `${toolVersion()}|${mainPath ?? ''}`;
}

/** What a build leaves for the next: its tallies under the key they were taken with. */
export interface KeptTallies {
  key: string;
  tallies: ReadonlyMap<string, ShardTally>;
}

/** The tallies the last build kept; undefined when absent or unreadable (then every shard is tallied). */
export async function readTallies(root: string): Promise<KeptTallies | undefined> {
  const parsed = (await readCacheJson(absolutePath(root, layout.tallyCache))) as
    | { schemaVersion?: unknown; key?: unknown; shards?: unknown }
    | undefined;
  if (parsed?.schemaVersion !== TALLY_CACHE_SCHEMA_VERSION || typeof parsed.key !== 'string')
    return undefined;
  if (!parsed.shards || typeof parsed.shards !== 'object') return undefined;
  const entries = Object.entries(parsed.shards as Record<string, unknown>).filter(
    (entry): entry is [string, ShardTally] => isTally(entry[1]),
  );
  return { key: parsed.key, tallies: new Map(entries) };
}

/** The shape `combineTallies` reads; a hand-edited entry of another shape is tallied again. */
function isTally(value: unknown): value is ShardTally {
  if (!value || typeof value !== 'object') return false;
  const tally = value as Record<string, unknown>;
  return (
    typeof tally.indexed === 'number' &&
    ['kinds', 'languages', 'moduleStyle', 'importExtensions', 'folderSummaries'].every(
      (field) => typeof tally[field] === 'object' && tally[field] !== null,
    ) &&
    Array.isArray(tally.entrypoints)
  );
}

export async function saveTallies(root: string, cache: TallyCache): Promise<void> {
  const { key, tallies, changed } = cache.entries;
  if (!changed) return;
  const shards = Object.fromEntries([...tallies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const document = { schemaVersion: TALLY_CACHE_SCHEMA_VERSION, key, shards };
  await writeFileAtomic(absolutePath(root, layout.tallyCache), JSON.stringify(document));
}
