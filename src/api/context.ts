/**
 * The context calls of the library: build, update, status, explain, freshness, drift, delta,
 * evolve, diff, doctor. Implementations are imported inside each function, so a call loads only
 * what it needs: `freshness` must not pay for parsers, resolvers and the tokenizer it never uses.
 * CLI commands import this module directly for the same reason.
 */
import type { BuildOptions, BuildResult } from '../context/build.js';
import type { ContextDelta } from '../context/delta.js';
import type { DriftReport } from '../context/drift.js';
import type { FileExplanation } from '../context/explain.js';
import type { FreshnessReport } from '../context/freshness.js';
import type { DeltaResult, EvolveResult } from '../context/lifecycle.js';
import type { ContextStatus } from '../context/status.js';
import { EventBus } from '../shared/events.js';
import type { DoctorReport } from './doctor.js';

export interface CallOptions {
  bus?: EventBus;
  /** How long to wait for another build holding the lock, in milliseconds (build, update). @default 60000 */
  waitMs?: number;
}

/** The repository root (must exist) and its loaded config. */
async function open(directory: string) {
  const [{ existingDirectory }, { loadConfig }] = await Promise.all([
    import('../shared/fs.js'),
    import('../config/load.js'),
  ]);
  const root = await existingDirectory(directory);
  return { root, config: await loadConfig(root) };
}

/** The JSON Schema of the config file. */
export async function configJsonSchema(): Promise<Record<string, unknown>> {
  return (await import('../config/schema.js')).configJsonSchema();
}

/** Full build of the context package (no caches read). */
export async function build(directory = '.', options: CallOptions = {}): Promise<BuildResult> {
  const { buildContextPackage } = await import('../context/build.js');
  return buildContextPackage(directory, withBus({ mode: 'build' }, options));
}

/** Incremental refresh: re-parses only changed files; writes nothing when nothing changed. */
export async function update(directory = '.', options: CallOptions = {}): Promise<BuildResult> {
  const { buildContextPackage } = await import('../context/build.js');
  return buildContextPackage(directory, withBus({ mode: 'update' }, options));
}

/** What was built, when, how fresh it is now and how much the last run re-parsed. */
export async function status(directory = '.'): Promise<ContextStatus> {
  const { root, config } = await open(directory);
  return (await import('../context/status.js')).readContextStatus(root, config);
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
  const { root } = await open(directory);
  const refreshed = await ensureFreshContext(root, options);
  const [{ loadBuiltContext }, { explainFile }] = await Promise.all([
    import('../context/load.js'),
    import('../context/explain.js'),
  ]);
  const context = await loadBuiltContext(root);
  const { readTextIfExists } = await import('../shared/fs.js');
  const { absolutePath } = await import('../shared/path.js');
  const { layout } = await import('../shared/layout.js');
  const projectText = await readTextIfExists(absolutePath(root, layout.project));
  const skipped = projectText ? ((JSON.parse(projectText) as { skipped?: [] }).skipped ?? []) : [];
  return { ...explainFile(context!, file, skipped), refreshed };
}

/**
 * Builds the context when it is missing and refreshes it when stale, saying so on the bus.
 * Returns whether it had to. For commands that read the context (explain, retrieve, pack).
 */
export async function ensureFreshContext(directory: string, options: CallOptions = {}): Promise<boolean> {
  const current = await freshness(directory, options);
  if (current.verdict === 'fresh') return false;
  options.bus?.log(
    'info',
    current.verdict === 'missing'
      ? 'no context yet: building it first'
      : `context is ${current.verdict}: updating it first`,
  );
  await update(directory, options);
  return true;
}

/** Can the generated context be trusted? A verdict per component, with the files behind it. */
export async function freshness(directory = '.', options: CallOptions = {}): Promise<FreshnessReport> {
  const { root, config } = await open(directory);
  return (await import('../context/freshness.js')).assessFreshness(root, config, options.bus);
}

/** Where generated context and the tree disagree beyond what a refresh explains. */
export async function drift(directory = '.', options: CallOptions = {}): Promise<DriftReport> {
  const { root, config } = await open(directory);
  return (await import('../context/drift.js')).assessDrift(root, config, options.bus ?? new EventBus());
}

/** What a refresh would change (files, symbols, edges, ranking, outputs and task packs to re-read); rewrites no output. */
export async function delta(directory = '.', options: CallOptions = {}): Promise<DeltaResult> {
  const { root, config } = await open(directory);
  return (await import('../context/lifecycle.js')).computeDelta(root, config, options.bus ?? new EventBus());
}

/** A cache-aware refresh that rewrites only outputs whose bytes change, and records the delta. */
export async function evolve(directory = '.', options: CallOptions = {}): Promise<EvolveResult> {
  const { root, config } = await open(directory);
  return (await import('../context/lifecycle.js')).evolveContext(root, config, options.bus ?? new EventBus());
}

/** Compares two builds: each side a repository, an `.agent-context` folder or a manifest.json. */
export async function diff(a: string, b: string): Promise<ContextDelta> {
  return (await import('../context/lifecycle.js')).diffBuilds(a, b);
}

/** Can this machine run the tool here? */
export async function runDoctor(directory = '.'): Promise<DoctorReport> {
  return (await import('./doctor.js')).runDoctor(directory);
}

function withBus(base: BuildOptions, options: CallOptions): BuildOptions {
  const withWait = options.waitMs === undefined ? base : { ...base, waitMs: options.waitMs };
  return options.bus ? { ...withWait, bus: options.bus } : withWait;
}
