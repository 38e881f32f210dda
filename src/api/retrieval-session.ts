/**
 * A retrieval session: the built context (built or refreshed first when stale, and said on the
 * bus), the config, the lexical, token and history caches and the lesson store, loaded once and
 * shared by `retrieve`, `pack`, `rag search` and task packs.
 */
import type { LoadedConfig } from '../config/load.js';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/schema.js';
import { detectEntrypoints } from '../context/entrypoints.js';
import { computeUnwrittenContext, type LoadedContext, loadBuiltContext } from '../context/load.js';
import type { FileSource } from '../pack/ranked-files.js';
import { TokenCache } from '../pack/tokenizer.js';
import { loadChangeHistory } from '../retrieve/history.js';
import { LexicalCache } from '../retrieve/lexical-cache.js';
import { type PreparedRetrieval, prepareRetrieval } from '../retrieve/prepared.js';
import { type RetrievalOutcome, retrieveFiles } from '../retrieve/retrieve.js';
import { type RetrievalTuning, retrievalSettings } from '../retrieve/settings.js';
import type { RetrievalSignal } from '../retrieve/types.js';
import { detectProject, type ProjectFacts } from '../scan/project.js';
import type { ScannedFile } from '../scan/types.js';
import { inputError, OcppError } from '../shared/errors.js';
import { silentBus } from '../shared/events.js';
import { existingDirectory, readTextSync } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { redacted } from '../shared/redact.js';
import { lessonLookup } from '../task/lesson-lookup.js';
import { lessonsSignal, type TaskLesson } from '../task/lesson-signal.js';
import { type CallOptions, ensureFreshContext, freshness } from './context.js';

export interface RetrieveOptions extends CallOptions, RetrievalTuning {
  /** How many files to list. @default config `retrieve.top` (20) */
  top?: number;
  /** How many tests to list. @default config `retrieve.tests` (10) */
  tests?: number;
  /** `plain-bm25` is the ablation: one BM25 field, no other signal, tests mixed in. */
  mode?: 'fused' | 'plain-bm25';
  /** Signals owned by stages above retrieve (e.g. lessons from memory), fused with the built-ins. */
  extraSignals?: readonly RetrievalSignal[];
}

/** The loaded pieces a retrieval needs, shared by retrieve, pack, rag search and task packs. */
export interface RetrievalSession {
  root: string;
  config: ResolvedConfig;
  context: LoadedContext;
  project: ProjectFacts;
  /** The context's files as packing reads them: facts, text, tokens. */
  files: FileSource;
  run(task: string, options: RetrieveOptions & { top: number }): Promise<RetrievalOutcome>;
  /**
   * Lessons from memory that match the task (and, given them, the paths it is about), best
   * first; none without a lesson store, or when the store cannot be read (`lessonProblem`).
   */
  lessons(task: string, paths?: readonly string[]): Promise<TaskLesson[]>;
  /** Why the lesson store could not be read, once `lessons()` tried. */
  lessonProblem(): string | undefined;
  readFile(path: string): string | undefined;
  /** Writes back what the caches learnt. */
  close(): Promise<void>;
}

export interface OpenOptions extends CallOptions {
  /** Write nothing: a missing or stale context is computed in memory, caches are not saved. @default false */
  readOnly?: boolean;
}

export async function openRetrieval(directory: string, options: OpenOptions = {}): Promise<RetrievalSession> {
  const root = await existingDirectory(directory);
  const context = await contextOf(root, options);
  const loaded = await loadConfig(root);
  const project = projectOf(root, context);
  const cache = LexicalCache.forRoot(root);
  const tokens = new TokenCache(absolutePath(root, layout.tokenCache));
  await Promise.all([cache.load(), tokens.load()]);
  const centrality = new Map(context.ranking.map((rank) => [rank.path, rank.score]));
  const entrypoints = entrypointsOf(context, project, loaded);
  const byPath = new Map(context.files.map((file) => [file.path, file]));
  const lessons = lessonLookup(root);
  const readFile = (path: string) => readOrUndefined(absolutePath(root, path));
  let historyPromise: ReturnType<typeof loadChangeHistory> | undefined;
  // The corpus, test map and packages of the loaded context: built by the first query, shared by the rest.
  let prepared: PreparedRetrieval | undefined;
  return {
    root,
    config: loaded.config,
    context,
    project,
    files: { facts: (path) => byPath.get(path)!, read: readFile, tokens },
    async run(task, runOptions) {
      historyPromise ??= loadChangeHistory(root, loaded.config.retrieve.historyCommits, options.readOnly);
      const history = await historyPromise;
      // The ablation is plain BM25 and nothing else; otherwise lessons matching the task vote too.
      const matching = runOptions.mode === 'plain-bm25' ? [] : await lessons.find(task);
      const extraSignals = [
        ...(matching.length > 0 ? [lessonsSignal(matching)] : []),
        ...(runOptions.extraSignals ?? []),
      ];
      prepared ??= prepareRetrieval({ root, files: context.files, graph: context.graph, cache });
      return retrieveFiles({
        root,
        task,
        files: context.files,
        graph: context.graph,
        prepared,
        centrality,
        entrypoints,
        ...(history ? { history } : {}),
        cache,
        settings: retrievalSettings(loaded.config.retrieve, runOptions),
        top: runOptions.top,
        tests: runOptions.tests ?? loaded.config.retrieve.tests,
        ...(extraSignals.length > 0 ? { extraSignals } : {}),
        ...(runOptions.mode ? { mode: runOptions.mode } : {}),
      });
    },
    lessons: (task, paths) => lessons.find(task, paths),
    lessonProblem: () => lessons.problem(),
    readFile,
    async close() {
      if (options.readOnly) return;
      const hashes = new Set(context.files.map((file) => file.hash));
      await cache.save(hashes).catch(() => undefined);
      await tokens.save().catch(() => undefined);
    },
  };
}

/** What a pack or a search shows a model: masked like every other output. */
function readOrUndefined(path: string): string | undefined {
  try {
    return redacted(readTextSync(path));
  } catch {
    return undefined;
  }
}

/** The built context, refreshed first when stale; read-only: the tree's context computed in memory instead. */
async function contextOf(root: string, options: OpenOptions): Promise<LoadedContext> {
  if (options.readOnly) {
    const current = await freshness(root, options);
    if (current.verdict === 'fresh') return (await loadBuiltContext(root))!;
    options.bus?.log('info', `context is ${current.verdict}: computing it in memory (nothing is written)`);
    return computeUnwrittenContext(root, options.bus ?? silentBus());
  }
  await ensureFreshContext(root, options);
  const context = await loadBuiltContext(root);
  if (!context) throw new OcppError('INTERNAL', `the context of ${root} is missing right after building it`);
  return context;
}

/** A task or query that says something: checked before anything is built or written. */
export function checkedTask(task: string): string {
  if (task.trim().length === 0)
    throw inputError('the task is empty', {
      hint: 'describe the change, e.g. "fix the timeout when a retry is aborted"',
    });
  return task;
}

/** Runs `action` on an open retrieval session and always writes its caches back (unless read-only). */
export async function withRetrieval<T>(
  directory: string,
  options: OpenOptions,
  action: (session: RetrievalSession) => Promise<T>,
): Promise<T> {
  const session = await openRetrieval(directory, options);
  try {
    return await action(session);
  } finally {
    await session.close();
  }
}

/** Project facts from the paths the last scan saw (the manifest lists every one). */
function projectOf(root: string, context: LoadedContext): ProjectFacts {
  const files = Object.keys(context.manifest.sources)
    .sort()
    .map((path): ScannedFile => ({ path, language: 'text', kind: 'source', size: 0 }));
  return detectProject({ root, source: 'git', files });
}

function entrypointsOf(
  context: LoadedContext,
  project: ProjectFacts,
  loaded: LoadedConfig,
): Map<string, string> {
  const found = detectEntrypoints(context.files, project, loaded.config.context.entrypoints);
  return new Map(found.map((entry) => [entry.path, entry.reasons.join(', ')]));
}
