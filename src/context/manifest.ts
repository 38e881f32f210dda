/**
 * `manifest.json`: what a build was made from and what it wrote, as content hashes only (no
 * times), so freshness and drift can be decided later without rebuilding.
 */
import { OcppError } from '../shared/errors.js';
import type { EventBus } from '../shared/events.js';
import { readJsonIfExists, readTextIfExists } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { splitManagedBlock } from '../shared/managed-block.js';
import { absolutePath } from '../shared/path.js';

/**
 * 3: index entries without the exports their symbols imply (src/index/stored-entry.ts); 2: the
 * index and the graph sharded by folder (src/context/shards.ts); 1 had one file each.
 */
export const MANIFEST_SCHEMA_VERSION = 3;
/** The oldest schema whose outputs are read to migrate them (older ones are rebuilt). */
const MIGRATED_SCHEMA_VERSION = 1;

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
  /** Lessons under `.agent-context/memory/` (MEMORY.md and lessons/; `none` when absent). */
  memory: string;
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
export function readManifest(root: string): Promise<ContextManifest | undefined> {
  return readManifestFile(absolutePath(root, layout.manifest), layout.manifest);
}

export async function readManifestFile(file: string, display: string): Promise<ContextManifest | undefined> {
  const value = (await readJsonIfExists(file, display)) as ContextManifest | undefined;
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || typeof value.schemaVersion !== 'number') {
    throw new OcppError('INPUT_INVALID', 'manifest has no schemaVersion', {
      file: display,
      hint: 'run `opencode-plusplus build` to regenerate it',
    });
  }
  if (value.schemaVersion > MANIFEST_SCHEMA_VERSION) {
    throw new OcppError(
      'STATE_VERSION',
      `manifest schemaVersion ${value.schemaVersion} is newer than this tool understands (${MANIFEST_SCHEMA_VERSION})`,
      {
        file: display,
        hint: 'upgrade opencode-plusplus; nothing was overwritten',
      },
    );
  }
  return value;
}

/**
 * The last build's manifest. A newer schema is an error in every mode (nothing may overwrite
 * it); an unreadable one means a rebuild, and the bus says so. An older one (schema 1, one
 * `index.json` and one `graph.json`; schema 2, whose index entries list every export) is read
 * once: its facts are reused and the next write replaces its outputs in the current layout.
 */
export async function readPreviousManifest(
  root: string,
  bus: EventBus,
): Promise<ContextManifest | undefined> {
  try {
    const manifest = await readManifest(root);
    if (manifest && manifest.schemaVersion < MIGRATED_SCHEMA_VERSION) {
      bus.log(
        'info',
        `manifest schemaVersion ${manifest.schemaVersion} is older than ${MANIFEST_SCHEMA_VERSION}: rebuilding`,
      );
      return undefined;
    }
    if (manifest && manifest.schemaVersion < MANIFEST_SCHEMA_VERSION) {
      bus.log(
        'info',
        `manifest schemaVersion ${manifest.schemaVersion} is older than ${MANIFEST_SCHEMA_VERSION}: migrating its outputs to schema ${MANIFEST_SCHEMA_VERSION}`,
      );
    }
    return manifest;
  } catch (error) {
    if ((error as { code?: string }).code === 'STATE_VERSION') throw error;
    bus.log('warn', `ignoring unreadable ${layout.manifest}: ${(error as Error).message}; rebuilding`);
    return undefined;
  }
}

/** Hash of a generated output as the manifest records it (of the agents file: its managed block); undefined when missing. */
export async function hashOfOutput(
  root: string,
  path: string,
  agentsFile: string,
): Promise<string | undefined> {
  const text = await readTextIfExists(absolutePath(root, path));
  if (text === undefined) return undefined;
  const content = path === agentsFile ? splitManagedBlock(text).block : text;
  return content === undefined ? undefined : sha256(content);
}
