/**
 * How an index entry is stored in its shard (schema 3): without the export entries that only
 * repeat an exported symbol. Four in five export entries of a TypeScript tree are
 * `{name, line, typeOnly}` of an `export function|class|interface...` the symbols already list
 * (11.7% of the index bytes on the 10k bench tree). Such an entry keeps the exports no symbol
 * states as `otherExports`; readers get the full `exports` back from `entryFromStored`.
 *
 * The form is lossless by construction: an entry is stored short only when expanding it gives
 * back exactly the export list it had (same entries, same order); otherwise (CommonJS modules,
 * whose symbols are exported by a later assignment, or one whose symbols come out of line order)
 * it keeps `exports` whole. Schema-2 entries
 * have `exports` and read as they are.
 */
import type { ExportFact, FileFacts, IndexedFile, SymbolFact } from './types.js';

/** The shard schema whose entries have this form (the shards' `schemaVersion`). */
export const STORED_ENTRY_SCHEMA = 3;

/** An index entry as a shard holds it: `exports` whole, or the exports no exported symbol implies. */
export type StoredEntry =
  | IndexedFile
  | (Omit<IndexedFile, 'exports'> & { exports?: undefined; otherExports: ExportFact[] });

/** The entry to serialise: the short form when it expands back to `file.exports` exactly. */
export function storedEntry(file: IndexedFile): StoredEntry {
  const implied = impliedExports(file.symbols);
  if (implied.length === 0) return file;
  const other: ExportFact[] = [];
  let next = 0;
  for (const entry of file.exports) {
    const candidate = implied[next];
    if (candidate && sameExport(entry, candidate)) next++;
    else other.push(entry);
  }
  // Every implied export must be there, and merging by line must restore the order.
  if (next < implied.length || !sameList(mergedByLine(other, implied), file.exports)) return file;
  return shortEntry(file, other);
}

/** The short form, its keys in sorted order as the shard stores them (its stable JSON copies nothing). */
function shortEntry(file: IndexedFile, otherExports: ExportFact[]): StoredEntry {
  return {
    confidence: file.confidence,
    diagnostics: file.diagnostics,
    env: file.env,
    extractor: file.extractor,
    hash: file.hash,
    imports: file.imports,
    kind: file.kind,
    language: file.language,
    lines: file.lines,
    otherExports,
    path: file.path,
    routes: file.routes,
    summary: file.summary,
    symbols: file.symbols,
  };
}

/** The full entry back from its stored form (a schema-2 entry is returned as it is). */
export function entryFromStored(value: StoredEntry): IndexedFile {
  if (!('otherExports' in value) || value.otherExports === undefined) return value as IndexedFile;
  return indexedEntry(value, value, mergedByLine(value.otherExports, impliedExports(value.symbols)));
}

/**
 * A file's entry from its key and facts, its keys in sorted order as the index stores them: the
 * stable JSON of a shard then copies no entry (spreading key and facts, then sorting, copied all
 * 27k entries of babel). The one builder of an `IndexedFile`, for fresh facts and stored ones.
 */
export function indexedEntry(
  key: Pick<IndexedFile, 'path' | 'language' | 'kind' | 'hash' | 'extractor'>,
  facts: Omit<FileFacts, 'exports'>,
  exports: ExportFact[],
): IndexedFile {
  return {
    confidence: facts.confidence,
    diagnostics: facts.diagnostics,
    env: facts.env,
    exports,
    extractor: key.extractor,
    hash: key.hash,
    imports: facts.imports,
    kind: key.kind,
    language: key.language,
    lines: facts.lines,
    path: key.path,
    routes: facts.routes,
    summary: facts.summary,
    symbols: facts.symbols,
  };
}

/**
 * The export entry each top-level symbol declared with `export` stands for, in symbol order
 * (`export default class A` is the default export of local `A`). A symbol exported by a later
 * clause (`export { a as b }`) implies nothing: its entry is stated.
 */
function impliedExports(symbols: readonly SymbolFact[]): ExportFact[] {
  const implied: ExportFact[] = [];
  for (const symbol of symbols) {
    if (!symbol.exported || symbol.container !== undefined || !symbol.signature.startsWith('export '))
      continue;
    const typeOnly = symbol.kind === 'interface' || symbol.kind === 'type';
    if (!symbol.signature.startsWith('export default ') || symbol.name === 'default')
      implied.push({ line: symbol.line, name: symbol.name, typeOnly });
    else implied.push({ line: symbol.line, local: symbol.name, name: 'default', typeOnly });
  }
  return implied;
}

/** Both lists merged by line; at the same line the stated export comes first. */
function mergedByLine(stated: readonly ExportFact[], implied: readonly ExportFact[]): ExportFact[] {
  const merged: ExportFact[] = [];
  let left = 0;
  let right = 0;
  while (left < stated.length || right < implied.length) {
    const take =
      right >= implied.length || (left < stated.length && stated[left]!.line <= implied[right]!.line);
    merged.push(take ? stated[left++]! : implied[right++]!);
  }
  return merged;
}

/** An export entry equal to an implied one, with no other field (source, CommonJS). */
function sameExport(entry: ExportFact, implied: ExportFact): boolean {
  return (
    entry.name === implied.name &&
    entry.line === implied.line &&
    entry.typeOnly === implied.typeOnly &&
    entry.local === implied.local &&
    Object.keys(entry).length === (implied.local === undefined ? 3 : 4)
  );
}

function sameList(restored: readonly ExportFact[], original: readonly ExportFact[]): boolean {
  if (restored.length !== original.length) return false;
  for (let position = 0; position < original.length; position++)
    if (!equalFields(restored[position]!, original[position]!)) return false;
  return true;
}

/** Same keys, same (primitive) values. */
function equalFields(a: ExportFact, b: ExportFact): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof ExportFact)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key]);
}
