/** What the scan knows about each file, before anything is parsed (and the list of skip reasons). */

/**
 * `fixture`: inputs tests read (test data, snapshots of inputs), neither tests nor source.
 * `example`: code that shows or exercises the product but is not it (examples, playgrounds, demos,
 * scaffolding templates): indexed and searchable, never counted or ranked as the project's source.
 */
export type FileKind =
  | 'source'
  | 'test'
  | 'fixture'
  | 'example'
  | 'config'
  | 'doc'
  | 'generated'
  | 'lockfile'
  | 'asset'
  | 'binary';

/**
 * Why a file is listed but not read or not indexed: the one list of skip reasons. A new reason
 * (a secret, say) is one line here; project.json's schema and summary.md read this list.
 */
export const SKIP_REASONS = [
  'binary',
  'too-large',
  'minified',
  'unreadable',
  'symlink',
  'symlink-loop',
  'symlink-outside',
  'not-a-file',
  /** A file that holds secrets by its nature (`shared/secret-files.ts`): never read into an output. */
  'secret',
  /** The agents file: our managed block lives in it; only its hand-written part is hashed, nothing is indexed. */
  'managed-output',
] as const;

export type SkipReason = (typeof SKIP_REASONS)[number];

/** The reasons project.json and summary.md list (the agents file is ours, not a skipped input). */
export const LISTED_SKIP_REASONS = SKIP_REASONS.filter(
  (reason): reason is Exclude<SkipReason, 'managed-output'> => reason !== 'managed-output',
);

export interface ScannedFile {
  /** Posix path relative to the repository root. */
  path: string;
  /** Language id (`typescript`, `python`, `markdown`, ...); `text` when unknown but readable. */
  language: string;
  kind: FileKind;
  /** Size in bytes. */
  size: number;
  /** SHA-256 of the bytes (of AGENTS.md: without the managed block); absent when the file could not be read. */
  hash?: string;
  /** Set when the file is not indexed; the reason says why. */
  skipped?: SkipReason;
  /** Detail for a skip (e.g. where a symlink points). */
  skipDetail?: string;
  /** The bytes are not valid UTF-8: indexed from a lossy decoding. */
  invalidUtf8?: true;
}

export interface ScanResult {
  /** Absolute path of the repository root. */
  root: string;
  /** How the file list was made. */
  source: 'git' | 'walk';
  /** Every file, sorted by path. */
  files: ScannedFile[];
  /** Files a build command or a script of the repository writes, with where: evidence they are generated. */
  commandOutputs?: Array<{ path: string; evidence: string }>;
}

/** Per-file stat data kept between runs so unchanged files are not hashed again (never hashed itself). */
export interface StatCacheEntry {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  hash: string;
  kind: FileKind;
  language: string;
  skipped?: SkipReason;
  /** Kept so an update lists a skipped file exactly as the cold build did. */
  skipDetail?: string;
  invalidUtf8?: true;
  /** What the file writes or hands to a writer (`scan/generator-scripts.ts`), kept so an update links them as the cold build did. */
  writeFacts?: WriteFacts;
}

/** Where a script writes files: the evidence that makes its outputs generated. */
export interface WriteFacts {
  /** Repository paths the file writes directly, with the line. */
  writes?: Array<{ path: string; line: number }>;
  /** Functions passing a parameter to a write: name, the parameter's position, exported as default. */
  writers?: Array<{ name: string; parameter: number; isDefault: boolean }>;
  /** Calls passing a resolved path: the callee's module (stem, repository path) and name (`default`). */
  calls?: Array<{ module: string; name: string; argument: number; path: string; line: number }>;
}
