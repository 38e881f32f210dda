/**
 * `manifest.json`: what a build was made from and what it wrote, as content hashes only (no
 * times), so freshness and drift can be decided later without rebuilding.
 */
import { OcppError } from '../shared/errors.js';
import { readJsonIfExists } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';

export const MANIFEST_SCHEMA_VERSION = 1;

export interface ComponentHashes {
  /** Every scanned file's content hash, combined. */
  source: string;
  /** The config file's bytes (`none` without one). */
  config: string;
  index: string;
  graph: string;
  /** Contract files under `.agent-context/contracts/` (`none` when absent). */
  contracts: string;
  /** Task runs under `.agent-context/runs/` (`none` when absent). */
  taskPacks: string;
  /** All generated outputs below, combined. */
  outputs: string;
}

export interface ContextManifest {
  schemaVersion: number;
  tool: { name: string; version: string };
  git?: { commit: string };
  config: { file?: string; hash: string };
  /** Adapter id -> extractor version used for the facts. */
  extractors: Record<string, number>;
  hashes: ComponentHashes;
  /** Generated file (repository path) -> hash of what we wrote (of AGENTS.md: the managed block). */
  outputs: Record<string, string>;
  /** Scanned file -> content hash: lets freshness name exactly which files changed. */
  sources: Record<string, string>;
  counts: { files: number; indexed: number; edges: number; unresolved: number };
}

/** Reads the manifest; undefined when there is none; a clear error for a newer schema or bad JSON. */
export async function readManifest(root: string): Promise<ContextManifest | undefined> {
  const value = (await readJsonIfExists(absolutePath(root, layout.manifest), layout.manifest)) as
    | ContextManifest
    | undefined;
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || typeof value.schemaVersion !== 'number') {
    throw new OcppError('INPUT_INVALID', 'manifest has no schemaVersion', {
      file: layout.manifest,
      hint: 'run `opencode-plusplus build` to regenerate it',
    });
  }
  if (value.schemaVersion > MANIFEST_SCHEMA_VERSION) {
    throw new OcppError(
      'STATE_VERSION',
      `manifest schemaVersion ${value.schemaVersion} is newer than this tool understands (${MANIFEST_SCHEMA_VERSION})`,
      {
        file: layout.manifest,
        hint: 'upgrade opencode-plusplus; nothing was overwritten',
      },
    );
  }
  return value;
}
