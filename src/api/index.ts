/**
 * The public library. Every function returns the same serialisable object the CLI prints under
 * `--json`. Long-lived callers (servers, plugins) should prefer `opencode-plusplus/session`.
 */
import { loadConfig } from '../config/load.js';
import { type BuildOptions, type BuildResult, buildContextPackage } from '../context/build.js';
import { explainFile, type FileExplanation } from '../context/explain.js';
import { loadBuiltContext } from '../context/load.js';
import { type ContextStatus, readContextStatus } from '../context/status.js';
import type { EventBus } from '../shared/events.js';
import { resolveAbsolute } from '../shared/path.js';

export type { ResolvedConfig, UserConfig } from '../config/schema.js';
export { configJsonSchema } from '../config/schema.js';
export type { BuildResult, BuildStats } from '../context/build.js';
export type { FileExplanation } from '../context/explain.js';
export type { FileRank } from '../context/rank.js';
export type { ContextStatus } from '../context/status.js';
export type { DependencyGraph, GraphEdge } from '../graph/types.js';
export type { ExportFact, ImportFact, IndexedFile, RouteFact, SymbolFact } from '../index/types.js';
export { isOcppError, OcppError } from '../shared/errors.js';
export { EventBus } from '../shared/events.js';
export type { DoctorCheck, DoctorReport } from './doctor.js';
export { runDoctor } from './doctor.js';

export interface CallOptions {
  bus?: EventBus;
}

/** Full build of the context package (no caches read). */
export function build(directory = '.', options: CallOptions = {}): Promise<BuildResult> {
  return buildContextPackage(directory, withBus({ mode: 'build' }, options));
}

/** Incremental refresh: re-parses only changed files; writes nothing when nothing changed. */
export function update(directory = '.', options: CallOptions = {}): Promise<BuildResult> {
  return buildContextPackage(directory, withBus({ mode: 'update' }, options));
}

export async function status(directory = '.'): Promise<ContextStatus> {
  const root = resolveAbsolute(directory);
  return readContextStatus(root, await loadConfig(root));
}

export interface ExplainResult extends FileExplanation {
  /** True when the context had to be built or refreshed first. */
  refreshed: boolean;
}

/** Facts, rank and neighbours of one file; builds or refreshes the context first when needed. */
export async function explain(
  file: string,
  directory = '.',
  options: CallOptions = {},
): Promise<ExplainResult> {
  const root = resolveAbsolute(directory);
  const current = await status(root);
  let refreshed = false;
  if (current.freshness !== 'fresh') {
    options.bus?.log(
      'info',
      current.built ? 'context is stale: updating it first' : 'no context yet: building it first',
    );
    await update(root, options);
    refreshed = true;
  }
  const context = await loadBuiltContext(root);
  return { ...explainFile(context!, file), refreshed };
}

function withBus(base: BuildOptions, options: CallOptions): BuildOptions {
  return options.bus ? { ...base, bus: options.bus } : base;
}
