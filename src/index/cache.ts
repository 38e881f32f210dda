/**
 * The per-file facts cache: the previous build's `index.json`, whose entries carry each file's
 * content hash and extractor version. A file is re-parsed only when its path, bytes or extractor
 * changed (path matters: Next.js routes and summaries of some formats depend on it). The cache is
 * trusted only when `index.json` is exactly what the last build wrote (its hash is in the
 * manifest), so a hand-edited or torn file is never reused.
 *
 * It also keeps each entry's serialised line: a file whose entry would be written again byte for
 * byte is not serialised again (index.json has one file per line).
 */
import type { FileFacts, IndexedFile } from './types.js';

interface Entry {
  file: IndexedFile;
  line?: string;
}

export class FactsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(previous: readonly IndexedFile[] = []) {
    for (const file of previous) this.entries.set(file.path, { file });
  }

  /** From the text of a previous index.json (one entry per line after the head). */
  static fromIndexText(text: string): FactsCache {
    const cache = new FactsCache();
    for (const raw of text.split('\n')) {
      if (!raw.startsWith('{"confidence"') && !raw.startsWith('{"')) continue;
      if (raw.startsWith('{"schemaVersion"')) continue;
      const line = raw.endsWith(',') ? raw.slice(0, -1) : raw;
      const file = JSON.parse(line) as IndexedFile;
      cache.entries.set(file.path, { file, line });
    }
    return cache;
  }

  /**
   * From the files an index.json was just composed of and its text (one entry per line, in the
   * files' order): what `fromIndexText` gives without parsing every line again.
   */
  static fromComposed(files: readonly IndexedFile[], text: string): FactsCache {
    const cache = new FactsCache();
    const lines = text.split('\n');
    files.forEach((file, position) => {
      const raw = lines[position + 1] ?? '';
      const line = raw.endsWith(',') ? raw.slice(0, -1) : raw;
      const matches = line.includes(`"path":${JSON.stringify(file.path)}`);
      cache.entries.set(file.path, matches ? { file, line } : { file });
    });
    return cache;
  }

  get size(): number {
    return this.entries.size;
  }

  get(path: string, extractor: string, hash: string): FileFacts | undefined {
    const entry = this.entries.get(path)?.file;
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

  /** The previous serialised line of this file's entry, when the entry is unchanged. */
  lineFor(file: IndexedFile): string | undefined {
    const entry = this.entries.get(file.path);
    if (!entry?.line) return undefined;
    const old = entry.file;
    const same =
      old.hash === file.hash &&
      old.extractor === file.extractor &&
      old.kind === file.kind &&
      old.language === file.language;
    return same ? entry.line : undefined;
  }
}
