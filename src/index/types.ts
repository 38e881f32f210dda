/** Per-file facts. Every fact carries the 1-based `line` it was read from: its evidence. */
import type { FileKind } from '../scan/types.js';

export type Confidence = 'parsed' | 'partial' | 'failed' | 'lexical';

export type ImportKind = 'static' | 'dynamic' | 'require' | 'reexport' | 'module-declaration';

export interface ImportFact {
  /** As written (`./util.js`, `react`, `os.path`, `crate::config`, `github.com/x/y`). */
  specifier: string;
  kind: ImportKind;
  /** `import type` / `export type ... from`: erased at run time. */
  typeOnly: boolean;
  /** Imported names (`default`, `*`, or the name); empty for side-effect imports. */
  names: string[];
  line: number;
}

export type SymbolKind =
  | 'function'
  | 'class'
  | 'method'
  | 'interface'
  | 'type'
  | 'enum'
  | 'const'
  | 'variable'
  | 'struct'
  | 'trait'
  | 'module';

export interface SymbolFact {
  name: string;
  kind: SymbolKind;
  line: number;
  endLine: number;
  /** The declaration's first line, whitespace collapsed, without the body. */
  signature: string;
  exported: boolean;
  /** The enclosing class, struct, trait or impl, for methods. */
  container?: string;
  /** First sentence of the doc comment. */
  doc?: string;
}

export interface ExportFact {
  /** Exported name; `default` for default exports, `*` for `export * from`. */
  name: string;
  /** Local name when it differs from the exported one. */
  local?: string;
  /** Specifier of a re-export. */
  from?: string;
  typeOnly: boolean;
  line: number;
  /** Exported by assignment (`module.exports = ...`, `exports.x = ...`): a CommonJS export, not an ES one. */
  commonjs?: true;
}

export interface RouteFact {
  /** HTTP method in upper case; `ALL` for handlers of every method, `USE` for middleware mounts. */
  method: string;
  path: string;
  framework: string;
  line: number;
  handler?: string;
}

export interface EnvironmentRead {
  name: string;
  line: number;
}

export interface Diagnostic {
  line: number;
  message: string;
}

export interface SummaryFact {
  text: string;
  source: 'module-doc' | 'symbol-doc' | 'derived';
  line?: number;
}

/** What a language adapter extracts from one file. */
export interface FileFacts {
  confidence: Confidence;
  imports: ImportFact[];
  exports: ExportFact[];
  symbols: SymbolFact[];
  routes: RouteFact[];
  /** Environment variables the code reads (`process.env.X`, `os.environ["X"]`, `os.Getenv("X")`). */
  env: EnvironmentRead[];
  summary: SummaryFact;
  diagnostics: Diagnostic[];
  lines: number;
}

export interface IndexedFile extends FileFacts {
  path: string;
  language: string;
  kind: FileKind;
  hash: string;
  /** Adapter id and version that produced the facts (`typescript@3`). */
  extractor: string;
}

export interface IndexStats {
  files: number;
  /** Parsed in this run (not written to index.json: it depends on the cache). */
  parsed: number;
  /** Reused from the facts cache in this run (not written to index.json). */
  cached: number;
  failed: number;
  partial: number;
  /** Parse work by adapter id. */
  byExtractor: Record<string, number>;
}

export interface RepositoryIndex {
  files: IndexedFile[];
  stats: IndexStats;
}
