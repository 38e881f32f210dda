/**
 * The shapes a build computes and carries between runs: its options, inputs, graph, package, and
 * the previous build read back or held in memory. Types only, so the computing half
 * (`compute.ts`) and reading the previous build back (`previous-build.ts`) share them without
 * importing each other.
 */
import type { LoadedConfig } from '../config/load.js';
import type { DependencyGraph } from '../graph/types.js';
import type { FactsCache } from '../index/cache.js';
import type { RepositoryIndex } from '../index/types.js';
import type { TokenCache } from '../pack/tokenizer.js';
import type { FileListing, ScanOutput } from '../scan/scan.js';
import type { EventBus } from '../shared/events.js';
import type { BuiltCentral } from './central-cache.js';
import type { ComposeKept, ContextPackage } from './compose.js';
import type { DetectedProject } from './detected-project.js';
import type { ContextManifest } from './manifest.js';
import type { FileRank } from './rank.js';
import type { PreviousShards } from './shards.js';
import type { StatCacheFile } from './stat-cache.js';
import type { KeptTallies } from './tallies.js';

export type BuildMode = 'build' | 'update';

export interface ComputeOptions {
  mode: BuildMode;
  bus: EventBus;
  config: LoadedConfig;
  /** Wraps each stage to time it. */
  timed: <T>(stage: string, action: () => Promise<T> | T) => Promise<T>;
  /**
   * The previous build as a long-lived process holds it (`refreshHeldContext()`): used instead of
   * reading the last build's index and graph from disk, when the manifest on disk is still its own.
   */
  held?: HeldContext;
  /**
   * With `held`: the repository paths a watcher saw change since the held build (empty or absent:
   * it cannot say). Only these are statted, when the held scan's listing still stands for them.
   */
  changed?: readonly string[];
}

/** What every compute reads before deciding anything: scan, hashes and the caches. */
export interface ContextInputs {
  /** The last build's manifest (read in every mode: a newer schema is refused before anything is written). */
  previous: ContextManifest | undefined;
  /** The file list the scan went through (git's, or a walk's). */
  listing: FileListing;
  /** Only the paths a watcher reported were statted (`rescanChanged`); the stat cache came from memory. */
  rescanned: boolean;
  scanned: ScanOutput;
  scanStartedAt: number;
  statCacheKey: string;
  sourceHash: string;
  externalHashes: { contracts: string; taskPacks: string; memory: string };
  /** Sources, config, tool and outputs on disk all match the last build. */
  upToDate: boolean;
  tokens: TokenCache;
  /** The stat cache this run read (update mode). */
  statCache?: StatCacheFile;
}

/** Inputs, index and graph: what drift, guards and the working-tree analysis need. */
export interface ComputedGraph extends ContextInputs {
  index: RepositoryIndex;
  graph: DependencyGraph;
  /** The last build's facts and graph as this run found them (empty in build mode). */
  before: PreviousBuild;
}

/** Everything a build writes, computed. */
export interface ComputedContext extends ComputedGraph {
  pkg: ContextPackage;
}

/** `computeForBuild()`: either nothing to do, or the whole package. */
export type BuildComputation = (ContextInputs & { upToDate: true; pkg?: undefined }) | ComputedContext;

/** The last build's facts and graph, read once (from disk, or held in memory by a long-lived process). */
export interface PreviousBuild {
  facts: FactsCache;
  /** The previous graph and its shards, when its resolutions can be reused. */
  graph?: PreviousGraph;
  /** The previous ranking, read only when the graph is reused (else it is recomputed anyway). */
  ranking?: BuiltRanking;
  /** The tallies of the previous build's index shards (update mode). */
  tallies?: KeptTallies;
}

/** A ranking as a build wrote it: its rows, the entrypoints key in its head, its bytes and hash. */
export interface BuiltRanking {
  ranking: FileRank[];
  entrypoints: string;
  document: { content: string; hash: string };
}

export interface PreviousGraph {
  graph: DependencyGraph;
  shards: PreviousShards;
}

/** A build held in memory between refreshes: the manifest it wrote, its facts, graph, ranking and tallies. */
export interface HeldContext {
  manifest: ContextManifest;
  facts: FactsCache;
  graph: PreviousGraph;
  ranking: BuiltRanking;
  /** Its index shards' tallies (read from the cache when the process started holding it). */
  tallies?: KeptTallies;
  /** Its scan's listing and the stat cache it left on disk, for a refresh told what changed. */
  scan?: HeldScan;
  /** The units its central modules were chosen from. */
  central?: BuiltCentral;
  /** Its compose's per-file results (`ComposeKept`). */
  compose?: ComposeKept;
}

export interface HeldScan {
  listing: FileListing;
  listed: ReadonlySet<string>;
  statCache: StatCacheFile;
  /** `statCache` is newer than the file on disk (refreshes told what changed do not write it). */
  unsaved: boolean;
  /** The project facts detected for this scan, when they were. */
  project?: DetectedProject;
}
