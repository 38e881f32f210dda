/**
 * `indexRepository()`: facts for every readable, non-asset file of a scan. Cached facts are
 * reused by (extractor, content hash); the rest are parsed on the main thread or, for a cold
 * build of a large tree, on worker threads.
 */
import { readFileSync } from 'node:fs';
import type { ScannedFile, ScanResult } from '../scan/types.js';
import { type EventBus, silentBus } from '../shared/events.js';
import { absolutePath } from '../shared/path.js';
import { FactsCache, type WholeShards } from './cache.js';
import { type ExtractJob, extractFacts, extractorOf } from './extract.js';
import { adapterFor, initAdapters } from './languages/registry.js';
import { extractInWorkers, plannedWorkers, workerScript } from './pool.js';
import { indexedEntry } from './stored-entry.js';
import type { FileFacts, IndexedFile, IndexStats, RepositoryIndex } from './types.js';

export interface IndexOptions {
  /** Text already read by the scan, by path; other files are read from disk when they must be parsed. */
  contents?: Map<string, string>;
  cache?: FactsCache;
  bus?: EventBus;
  /** Worker threads: `auto` or a count (0 = main thread only). @default 'auto' */
  workers?: 'auto' | number;
}

/** Kinds whose files get facts: everything a person or agent reads as text. */
export function isIndexable(file: ScannedFile): boolean {
  return (
    !file.skipped &&
    file.hash !== undefined &&
    file.kind !== 'asset' &&
    file.kind !== 'binary' &&
    file.kind !== 'lockfile'
  );
}

export async function indexRepository(
  scan: ScanResult,
  options: IndexOptions = {},
): Promise<RepositoryIndex> {
  const bus = options.bus ?? silentBus();
  const cache = options.cache ?? new FactsCache();
  const indexable = scan.files.filter(isIndexable);
  const keys = indexable.map((file) => ({
    path: file.path,
    language: file.language,
    kind: file.kind,
    hash: file.hash!,
    extractor: extractorOf(file.language),
  }));
  // Folders whose files are all unchanged keep their entries as the last build wrote them, unparsed.
  const whole = cache.wholeShards(keys);
  const facts: Array<FileFacts | undefined> = new Array(indexable.length);
  const pending: Array<{ position: number; job: ExtractJob }> = [];
  indexable.forEach((file, position) => {
    if (whole.files.has(file.path)) return;
    const cached = cache.get(file.path, keys[position]!.extractor, file.hash!);
    if (cached) {
      facts[position] = cached;
      return;
    }
    const text = options.contents?.get(file.path) ?? readFileSync(absolutePath(scan.root, file.path), 'utf8');
    const job: ExtractJob = { path: file.path, language: file.language, text };
    if (file.invalidUtf8) job.invalidUtf8 = true;
    pending.push({ position, job });
  });

  const parsed = await extractPending(
    pending.map((entry) => entry.job),
    options.workers ?? 'auto',
    bus,
  );
  pending.forEach((entry, offset) => {
    const result = parsed[offset]!;
    facts[entry.position] = result;
  });

  const files = keys.map(
    (key, position): IndexedFile =>
      whole.files.get(key.path) ?? indexedEntry(key, facts[position]!, facts[position]!.exports),
  );
  return { files, stats: statsOf(files, whole, pending.length) };
}

async function extractPending(
  jobs: ExtractJob[],
  setting: 'auto' | number,
  bus: EventBus,
): Promise<FileFacts[]> {
  if (jobs.length === 0) return [];
  const script = workerScript();
  const workers = script ? plannedWorkers(setting, jobs.length) : 0;
  bus.progress('index', 0, jobs.length);
  await initAdapters(new Set(jobs.map((job) => adapterFor(job.language).id)));
  if (workers > 0 && script) {
    return extractInWorkers(script, jobs, workers, (done) => bus.progress('index', done, jobs.length));
  }
  return jobs.map((job, position) => {
    if (position % 200 === 0) bus.progress('index', position, jobs.length);
    return extractFacts(job);
  });
}

/** Counts over every file; those taken whole are counted from their shards' summaries, unread. */
function statsOf(files: IndexedFile[], whole: WholeShards, parsed: number): IndexStats {
  const byExtractor: Record<string, number> = {};
  let failed = whole.failed;
  let partial = whole.partial;
  for (const file of files) {
    byExtractor[file.extractor] = (byExtractor[file.extractor] ?? 0) + 1;
    if (whole.files.has(file.path)) continue;
    if (file.confidence === 'failed') failed++;
    if (file.confidence === 'partial') partial++;
  }
  return { files: files.length, parsed, cached: files.length - parsed, failed, partial, byExtractor };
}
