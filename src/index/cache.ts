/**
 * The per-file facts cache: the previous build's `index.json`, whose entries carry each file's
 * content hash and extractor version. A file is re-parsed only when its path, bytes or extractor
 * changed (path matters: Next.js routes and summaries of some formats depend on it). The cache is
 * trusted only when `index.json` is exactly what the last build wrote (its hash is in the
 * manifest), so a hand-edited or torn file is never reused.
 */
import type { FileFacts, IndexedFile } from './types.js';

export class FactsCache {
  private readonly entries: Map<string, IndexedFile>;

  constructor(previous: readonly IndexedFile[] = []) {
    this.entries = new Map(previous.map((file) => [file.path, file]));
  }

  get size(): number {
    return this.entries.size;
  }

  get(path: string, extractor: string, hash: string): FileFacts | undefined {
    const entry = this.entries.get(path);
    if (!entry || entry.hash !== hash || entry.extractor !== extractor) return undefined;
    const {
      path: _path,
      language: _language,
      kind: _kind,
      hash: _hash,
      extractor: _extractor,
      ...facts
    } = entry;
    return facts;
  }
}
