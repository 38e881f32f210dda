/**
 * The searchable view of a built context: one document per indexed file, with five fields for
 * BM25F — path words, symbol and export names, doc comments and signatures, the body, and the
 * descriptions of the folders it sits in (`folder-descriptions.ts`) — and
 * the definitions (parsed symbols plus those seen line by line) used for mentions and skeletons.
 */
import type { IndexedFile } from '../index/types.js';
import { readTextSyncIfExists } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { folderDescriptions } from './folder-descriptions.js';
import type { BodyTerms, LexicalCache } from './lexical-cache.js';
import { lexicalDefinitions } from './text/definitions.js';
import { countTerms, termsOfWord } from './text/tokenize.js';

export const FIELD_NAMES = ['path', 'symbols', 'doc', 'body', 'folder'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

export interface FieldTerms {
  counts: Map<string, number>;
  length: number;
}

/** A named definition in a file, from the parser (`index`) or a line pattern (`lexical`). */
export interface Definition {
  name: string;
  line: number;
  endLine?: number;
  signature: string;
  doc?: string;
  container?: string;
  exported: boolean;
  source: 'index' | 'lexical';
}

export interface CorpusDocument {
  path: string;
  file: IndexedFile;
  fields: Record<FieldName, FieldTerms>;
  definitions: Definition[];
}

export interface Corpus {
  root: string;
  documents: CorpusDocument[];
  byPath: Map<string, CorpusDocument>;
  averageLength: Record<FieldName, number>;
}

export interface CorpusOptions {
  cache: LexicalCache;
  /** Reads a file's text; defaults to the work tree. */
  readText?: (path: string) => string | undefined;
}

export function buildCorpus(root: string, files: readonly IndexedFile[], options: CorpusOptions): Corpus {
  const read = options.readText ?? ((path: string) => readCorpusText(root, path));
  const documents: CorpusDocument[] = [];
  const lent = folderDescriptions(files);
  for (const file of files) {
    const body = bodyTermsOf(file, options.cache, read);
    if (!body) continue;
    const definitions = mergeDefinitions(file, body);
    documents.push({
      path: file.path,
      file,
      definitions,
      fields: {
        path: countTerms(stripExtension(file.path)),
        symbols: symbolTerms(file, definitions),
        doc: countTerms(docText(file)),
        body: { counts: body.counts, length: body.length },
        folder: countTerms((lent.get(file.path) ?? []).join('\n')),
      },
    });
  }
  return {
    root,
    documents,
    byPath: new Map(documents.map((document) => [document.path, document])),
    averageLength: averageLengths(documents),
  };
}

/** A file's text from the work tree, or undefined when it vanished since the build. */
export function readCorpusText(root: string, path: string): string | undefined {
  return readTextSyncIfExists(absolutePath(root, path)); // vanished since the build: left out of this query
}

function bodyTermsOf(
  file: IndexedFile,
  cache: LexicalCache,
  read: (path: string) => string | undefined,
): BodyTerms | undefined {
  const cached = cache.get(file.hash);
  if (cached) return cached;
  const text = read(file.path);
  if (text === undefined) return undefined;
  const { counts, length } = countTerms(text);
  const hasCode = file.kind === 'source' || file.kind === 'test';
  const terms: BodyTerms = { counts, length, definitions: hasCode ? lexicalDefinitions(text) : [] };
  cache.set(file.hash, terms);
  return terms;
}

function mergeDefinitions(file: IndexedFile, body: BodyTerms): Definition[] {
  const definitions: Definition[] = file.symbols.map((symbol) => ({
    name: symbol.name,
    line: symbol.line,
    endLine: symbol.endLine,
    signature: symbol.signature,
    ...(symbol.doc ? { doc: symbol.doc } : {}),
    ...(symbol.container ? { container: symbol.container } : {}),
    exported: symbol.exported,
    source: 'index' as const,
  }));
  const known = new Set(definitions.map((definition) => `${definition.name}:${definition.line}`));
  for (const found of body.definitions) {
    if (known.has(`${found.name}:${found.line}`)) continue;
    definitions.push({ ...found, exported: false, source: 'lexical' });
  }
  return definitions.sort((a, b) => a.line - b.line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function stripExtension(path: string): string {
  return path.replace(/\.[A-Za-z0-9]+$/, '');
}

function symbolTerms(file: IndexedFile, definitions: Definition[]): FieldTerms {
  const counts = new Map<string, number>();
  let length = 0;
  const add = (name: string) => {
    for (const term of termsOfWord(name)) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
      length++;
    }
  };
  for (const definition of definitions) add(definition.name);
  for (const entry of file.exports) if (entry.name !== 'default' && entry.name !== '*') add(entry.name);
  return { counts, length };
}

function docText(file: IndexedFile): string {
  const parts = [file.summary.text];
  for (const symbol of file.symbols) {
    parts.push(symbol.signature);
    if (symbol.doc) parts.push(symbol.doc);
  }
  for (const route of file.routes) parts.push(`${route.method} ${route.path}`);
  for (const read of file.env) parts.push(read.name);
  return parts.join('\n');
}

function averageLengths(documents: CorpusDocument[]): Record<FieldName, number> {
  const totals = { path: 0, symbols: 0, doc: 0, body: 0, folder: 0 };
  for (const document of documents)
    for (const field of FIELD_NAMES) totals[field] += document.fields[field].length;
  const count = Math.max(1, documents.length);
  return {
    path: totals.path / count,
    symbols: totals.symbols / count,
    doc: totals.doc / count,
    body: totals.body / count,
    folder: totals.folder / count,
  };
}
