/**
 * A long-lived session over one repository, for servers (the sidecar, MCP) and editor plugins:
 * it loads the built context once and serves queries from memory, refreshes incrementally when
 * the tree changes (one refresh at a time; requests that arrive meanwhile share the next one),
 * counts its refreshes, and tells which changed paths matter (not ignored, not its own outputs).
 */

import { stat } from 'node:fs/promises';
import type { BuildResult } from '../context/build.js';
import { explainFile, type FileExplanation } from '../context/explain.js';
import type { FreshnessReport } from '../context/freshness.js';
import { type LoadedContext, loadBuiltContext } from '../context/load.js';
import { readManifest } from '../context/manifest.js';
import { layout } from '../shared/layout.js';
import { absolutePath, resolveAbsolute } from '../shared/path.js';
import { type CallOptions, type ExplainResult, freshness, status } from './context.js';
import { type ChangeFilter, createChangeFilter } from './session-changes.js';
import { type ContextRefresher, memoryRefresher, mergeRefreshRequests } from './session-refresh.js';

export type { ContextRefresher, RefreshRequest } from './session-refresh.js';

export interface SessionOptions {
  /** How refreshes run (default: incremental updates that keep their state in memory). */
  refresher?: ContextRefresher;
}

/** One refresh the session ran. */
export interface SessionRefresh {
  mode: BuildResult['mode'];
  reason: string;
  durationMs: number;
  /** When it finished (ISO time). */
  at: string;
  /** Files the refresh re-parsed. */
  parsed: number;
}

export interface RefreshOptions extends CallOptions {
  /** The changed paths that asked for this refresh (repository paths), for the record. */
  changed?: readonly string[];
}

export class ContextSession {
  readonly root: string;
  readonly startedAt = Date.now();
  /** Refreshes run since the session opened. */
  refreshes = 0;
  /** Grows whenever what the session knows may have changed (a refresh, relevant changed paths). */
  generation = 0;
  lastRefresh: SessionRefresh | undefined;
  private context: LoadedContext | undefined;
  private loadedSourceHash: string | undefined;
  private running: Promise<BuildResult> | undefined;
  private next: Promise<BuildResult> | undefined;
  /** What the callers waiting for `next` asked for, merged. */
  private nextRequest: RefreshOptions | undefined;
  private changes: ChangeFilter | undefined;
  private readonly refresher: ContextRefresher;
  private manifestSeen: { identity: string; sourceHash: string | undefined } | undefined;
  /** Batches of relevant changed paths seen so far. */
  private changesSeen = 0;
  /** `changesSeen` when the last refresh that succeeded started; undefined before one and after a failure. */
  private freshAsOf: number | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(root: string, options: SessionOptions = {}) {
    this.root = root;
    this.refresher = options.refresher ?? memoryRefresher();
  }

  /**
   * Brings the built context up to date with the tree (an incremental `update`). While one runs,
   * later calls wait for it and then share one more, so a burst of edits costs at most two.
   */
  refresh(options: RefreshOptions = {}): Promise<BuildResult> {
    if (!this.running) return this.start(options);
    // Every caller waiting for the next refresh is owed its paths: the next one looks at them all.
    this.nextRequest = mergeRefreshRequests(this.nextRequest, options);
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        const request = this.nextRequest ?? {};
        this.next = undefined;
        this.nextRequest = undefined;
        return this.start(request);
      });
    return this.next;
  }

  /**
   * Calls `listener` whenever `generation` grows (a refresh starts or ends, relevant changes are
   * seen), so a client waiting for freshness need not poll. Returns the unsubscribe function.
   */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private bump(): void {
    this.generation += 1;
    for (const listener of this.listeners) listener();
  }

  private start(options: RefreshOptions): Promise<BuildResult> {
    const started = performance.now();
    const changesSeen = this.changesSeen;
    this.bump();
    const request = {
      ...(options.bus ? { bus: options.bus } : {}),
      ...(options.changed ? { changed: options.changed } : {}),
    };
    const run = this.refresher.refresh(this.root, request).then(async (result) => {
      this.refreshes += 1;
      this.bump();
      this.lastRefresh = {
        mode: result.mode,
        reason: result.reason,
        durationMs: Math.round(performance.now() - started),
        at: new Date().toISOString(),
        parsed: result.stats.parsed,
      };
      await this.filter().rememberOwnOutputs(result.outputs.map((output) => output.path));
      await this.rememberManifest(result.manifest.sourceHash);
      this.freshAsOf = changesSeen;
      return result;
    });
    run.catch(() => {
      this.freshAsOf = undefined;
    });
    this.running = run.finally(() => {
      this.running = undefined;
      this.bump();
    });
    return this.running;
  }

  /**
   * Writes what refreshes keep in memory only (the stat cache, so the next process need not
   * re-read files): call it when idle, and before closing.
   */
  async flush(): Promise<void> {
    await this.next?.catch(() => undefined);
    await this.running?.catch(() => undefined);
    await this.refresher.flush?.(this.root);
  }

  /** A refresh is running or waiting for the running one. */
  get refreshing(): boolean {
    return this.running !== undefined || this.next !== undefined;
  }

  /**
   * The last refresh succeeded and no relevant change was seen since it started, so what it wrote
   * describes the tree as far as the session has been told. Only a caller that reports every
   * change through `relevantChanges()` (the sidecar's watcher) may take this for a verdict.
   */
  get knownFresh(): boolean {
    return !this.refreshing && this.freshAsOf !== undefined && this.freshAsOf === this.changesSeen;
  }

  /** The source hash of the context on disk (what the last build described); undefined before one. */
  async builtSourceHash(): Promise<string | undefined> {
    // Polled by `GET /status` many times a second: parse the 1 MB manifest again only when it was
    // replaced (every write is a rename, so a new inode; a hand edit moves mtime or size).
    const file = absolutePath(this.root, layout.manifest);
    const identity = await fileIdentity(file);
    if (identity !== undefined && identity === this.manifestSeen?.identity)
      return this.manifestSeen.sourceHash;
    const sourceHash = (await readManifest(this.root))?.hashes.source;
    this.manifestSeen = identity === undefined ? undefined : { identity, sourceHash };
    return sourceHash;
  }

  /**
   * The manifest a refresh just wrote (or found current) records the source hash its result
   * gives: remember it under the file's identity, so the next status does not parse 1 MB of JSON
   * to learn what the session already knows. A write by someone else after this one moves the
   * identity, and the next call reads the file again.
   */
  private async rememberManifest(sourceHash: string): Promise<void> {
    const identity = await fileIdentity(absolutePath(this.root, layout.manifest));
    this.manifestSeen = identity === undefined ? undefined : { identity, sourceHash };
  }

  /** The changed paths a refresh must look at: not ignored, not the session's own last writes. */
  async relevantChanges(paths: readonly string[]): Promise<string[]> {
    // A running refresh may be writing AGENTS.md right now: judge its writes once it has recorded them.
    await this.running?.catch(() => undefined);
    const relevant = await this.filter().relevant(paths);
    if (relevant.length > 0) {
      this.changesSeen += 1;
      this.bump();
    }
    return relevant;
  }

  /** The current context, refreshed first when sources changed since it was loaded. */
  async current(options: CallOptions = {}): Promise<LoadedContext> {
    const state = await status(this.root);
    if (state.freshness !== 'fresh') await this.refresh(options);
    const manifestHash = (await readManifest(this.root))?.hashes.source;
    if (!this.context || manifestHash !== this.loadedSourceHash) {
      this.context = await loadBuiltContext(this.root);
      this.loadedSourceHash = this.context?.manifest.hashes.source;
    }
    return this.context!;
  }

  async explain(file: string): Promise<FileExplanation> {
    return explainFile(await this.current(), file);
  }

  /** `explain` as the library's one-shot call answers it, from the session's context. */
  async explainFile(file: string, options: CallOptions = {}): Promise<ExplainResult> {
    const before = this.refreshes;
    const context = await this.current(options);
    return { ...explainFile(context, file), refreshed: this.refreshes > before };
  }

  freshness(options: CallOptions = {}): Promise<FreshnessReport> {
    return freshness(this.root, options);
  }

  private filter(): ChangeFilter {
    this.changes ??= createChangeFilter(this.root);
    return this.changes;
  }
}

export function openSession(directory = '.', options: SessionOptions = {}): ContextSession {
  return new ContextSession(resolveAbsolute(directory), options);
}

/** A file's inode, size and times as one string; undefined when it does not exist. */
async function fileIdentity(file: string): Promise<string | undefined> {
  try {
    const stats = await stat(file);
    return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
  } catch {
    return undefined;
  }
}
