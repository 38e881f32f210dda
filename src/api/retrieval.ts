/**
 * Retrieval calls of the public API: `retrieve`, `pack` and `ragSearch`. Each makes sure the
 * context is built and fresh (building or refreshing it first, and saying so on the bus), then
 * answers from the built context plus the lexical and history caches.
 */
import type { LoadedConfig } from '../config/load.js';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/schema.js';
import { detectEntrypoints } from '../context/entrypoints.js';
import { computeUnwrittenContext, type LoadedContext, loadBuiltContext } from '../context/load.js';
import { readMemory } from '../memory/lesson-store.js';
import { rankLessons } from '../memory/relevance.js';
import { recordServed } from '../memory/served.js';
import { servedViews } from '../memory/serving.js';
import { type PackCandidate, packFiles } from '../pack/budget.js';
import { renderPackMarkdown } from '../pack/markdown.js';
import { countTokens, TOKENIZER_ID, TokenCache } from '../pack/tokenizer.js';
import type { FieldName } from '../retrieve/corpus.js';
import { loadChangeHistory } from '../retrieve/history.js';
import { LexicalCache } from '../retrieve/lexical-cache.js';
import { parseTask } from '../retrieve/query.js';
import { type RetrievalOutcome, type RetrieveInput, retrieveFiles } from '../retrieve/retrieve.js';
import { type ChunkMatch, searchChunks } from '../retrieve/search.js';
import type { RetrievalSettings, RetrievalSignal } from '../retrieve/types.js';
import { kindOf, languageOf } from '../scan/classify.js';
import { detectProject, type ProjectFacts } from '../scan/project.js';
import type { FileKind, ScannedFile } from '../scan/types.js';
import { inputError, OcppError, usageError } from '../shared/errors.js';
import { silentBus } from '../shared/events.js';
import { existingDirectory, readTextSync } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath, resolveAbsolute } from '../shared/path.js';
import { redacted } from '../shared/redact.js';
import { lessonsSignal, PACK_LESSONS, type TaskLesson } from '../task/lesson-signal.js';
import { taskIdOf } from '../task/task-id.js';
import { type CallOptions, ensureFreshContext, freshness } from './context.js';

export interface RetrieveOptions extends CallOptions {
  /** How many files to list. @default config `retrieve.top` (20) */
  top?: number;
  /** How many tests to list. @default config `retrieve.tests` (10) */
  tests?: number;
  /** `plain-bm25` is the ablation: one BM25 field, no other signal, tests mixed in. */
  mode?: 'fused' | 'plain-bm25';
  /** Signals owned by stages above retrieve (e.g. lessons from memory), fused with the built-ins. */
  extraSignals?: readonly RetrievalSignal[];
  /** Weights of `extraSignals`, by signal id. */
  extraWeights?: Readonly<Record<string, number>>;
  /** Signal weights for this call only, over the config's (`{ cochange: 0 }` turns one off). */
  weights?: Readonly<Record<string, number>>;
  /** BM25F field weights for this call only, over the config's. */
  fields?: Readonly<Partial<Record<FieldName, number>>>;
  /** Length normalisation (b) per BM25F field for this call only: for benchmarks and tuning. */
  lengthNormalization?: Readonly<Partial<Record<FieldName, number>>>;
  /** Factor on files of the packages the task names, for this call only (1 turns scoping off). */
  packageBoost?: number;
}

export interface RetrievedFile {
  path: string;
  score: number;
  kind: string;
  reasons: string[];
  /** o200k tokens of the whole file. */
  tokens: number;
  /** `retrieve` lists whole files; `pack` chooses per file. */
  representation: 'full' | 'skeleton' | 'line';
  signals: Record<string, number>;
}

export interface RetrievedTest {
  path: string;
  score: number;
  reasons: string[];
  covers: string[];
}

export interface RetrieveResult {
  task: string;
  files: RetrievedFile[];
  tests: RetrievedTest[];
  /** `retrieve` has no budget (null); `pack` reports the one it filled. */
  budget: number | null;
  usedTokens: number;
  query: { terms: string[]; identifiers: string[]; paths: string[]; phrases: string[] };
  candidates: number;
}

/** The loaded pieces a retrieval needs, shared by retrieve, pack, rag search and task packs. */
export interface RetrievalSession {
  root: string;
  config: ResolvedConfig;
  context: LoadedContext;
  project: ProjectFacts;
  tokens: TokenCache;
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
  let historyPromise: ReturnType<typeof loadChangeHistory> | undefined;
  let viewsPromise: Promise<Parameters<typeof rankLessons>[0]> | undefined;
  let lessonProblem: string | undefined;
  const lessons = async (task: string, paths: readonly string[] = []): Promise<TaskLesson[]> => {
    viewsPromise ??= readMemory(root).then(
      (snapshot) => {
        const [first, ...more] = snapshot.problems;
        if (first)
          lessonProblem = `lesson skipped: ${first.file}: ${first.message}${more.length > 0 ? ` (and ${more.length} more)` : ''}`;
        return servedViews(snapshot);
      },
      (error: unknown) => {
        lessonProblem = `lessons not served: ${(error as Error).message}`;
        return [];
      },
    );
    const ranked = rankLessons(await viewsPromise, { task, paths: [...paths], limit: PACK_LESSONS });
    return ranked.map(({ id, text, line, scope, score, reasons }) => ({
      id,
      text,
      line,
      scope,
      score,
      reasons,
    }));
  };
  return {
    root,
    config: loaded.config,
    context,
    project,
    tokens,
    async run(task, runOptions) {
      historyPromise ??= loadChangeHistory(root, loaded.config.retrieve.historyCommits, options.readOnly);
      const history = await historyPromise;
      // The ablation is plain BM25 and nothing else; otherwise lessons matching the task vote too.
      const matching = runOptions.mode === 'plain-bm25' ? [] : await lessons(task);
      const extraSignals = [
        ...(matching.length > 0 ? [lessonsSignal(matching)] : []),
        ...(runOptions.extraSignals ?? []),
      ];
      const input: RetrieveInput = {
        root,
        task,
        files: context.files,
        graph: context.graph,
        centrality,
        entrypoints,
        ...(history ? { history } : {}),
        cache,
        settings: settingsOf(loaded.config, runOptions),
        top: runOptions.top,
        tests: runOptions.tests ?? loaded.config.retrieve.tests,
        ...(extraSignals.length > 0 ? { extraSignals } : {}),
        ...(runOptions.mode ? { mode: runOptions.mode } : {}),
      };
      return retrieveFiles(input);
    },
    lessons,
    lessonProblem: () => lessonProblem,
    readFile(path) {
      try {
        // What a pack or a search shows a model: masked like every other output.
        return redacted(readTextSync(absolutePath(root, path)));
      } catch {
        return undefined;
      }
    },
    async close() {
      if (options.readOnly) return;
      const hashes = new Set(context.files.map((file) => file.hash));
      await cache.save(hashes).catch(() => undefined);
      await tokens.save().catch(() => undefined);
    },
  };
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

/** Ranked files for a task (whole files, no budget) and the tests that cover them. */
export async function retrieve(
  task: string,
  directory = '.',
  options: RetrieveOptions = {},
): Promise<RetrieveResult> {
  checkedTask(task);
  if (options.top !== undefined) checkedCount(options.top, '--top');
  return withRetrieval(directory, options, async (session) => {
    const top = checkedCount(options.top ?? session.config.retrieve.top, '--top');
    const { retrieval } = await session.run(task, { ...options, top });
    const byPath = new Map(session.context.files.map((file) => [file.path, file]));
    const files = retrieval.files.map((file): RetrievedFile => {
      const indexed = byPath.get(file.path)!;
      const tokens =
        session.tokens.get(indexed.hash) ??
        session.tokens.count(session.readFile(file.path) ?? '', indexed.hash);
      return { ...file, tokens, representation: 'full' };
    });
    return {
      task: task.trim(),
      files,
      tests: retrieval.tests,
      budget: null,
      usedTokens: files.reduce((sum, file) => sum + file.tokens, 0),
      query: retrieval.query,
      candidates: retrieval.candidates,
    };
  });
}

/** BM25F length normalisation per field: long files are not penalised as much as long prose would be. */
const DEFAULT_LENGTH_NORMALIZATION = { path: 0.3, symbols: 0.5, doc: 0.5, body: 0.75, folder: 0.5 };

export function checkedCount(value: number, flag: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw usageError(`${flag} must be a positive whole number, got ${value}`);
  return value;
}

function settingsOf(config: ResolvedConfig, options: RetrieveOptions): RetrievalSettings {
  const retrieve = { ...config.retrieve, fields: { ...config.retrieve.fields, ...options.fields } };
  const b = { ...DEFAULT_LENGTH_NORMALIZATION, ...options.lengthNormalization };
  return {
    weights: { ...options.extraWeights, ...retrieve.weights, ...options.weights },
    bm25: {
      k1: 1.2,
      fields: {
        path: { weight: retrieve.fields.path, b: b.path },
        symbols: { weight: retrieve.fields.symbols, b: b.symbols },
        doc: { weight: retrieve.fields.doc, b: b.doc },
        body: { weight: retrieve.fields.body, b: b.body },
        folder: { weight: retrieve.fields.folder, b: b.folder },
      },
    },
    seedCount: retrieve.seeds,
    graphDecay: retrieve.graphDecay,
    packageBoost: options.packageBoost ?? retrieve.packageBoost,
  };
}

/** Project facts from the paths the last scan saw (the manifest lists every one). */
export function projectOf(root: string, context: LoadedContext): ProjectFacts {
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

export interface PackOptions extends RetrieveOptions {
  /** Token budget (o200k). @default config `pack.budget` (12000) */
  budget?: number;
}

export interface PackedFile extends RetrievedFile {
  /** The file's Markdown block in the pack (full text, skeleton or one line). */
  content: string;
}

export interface PackResult extends Omit<RetrieveResult, 'files' | 'budget'> {
  files: PackedFile[];
  budget: number;
  /** Candidates that did not fit (by path, best first). */
  omitted: string[];
  notes: string[];
  tokenizer: string;
  /** Lessons from `.agent-context/memory/` that match the task or the packed files, best first. */
  lessons: PackLesson[];
}

export interface PackLesson {
  id: string;
  /** `[lesson L-0007] text`, as `pack.md` shows it. */
  line: string;
  scope: string[];
  reasons: string[];
}

/** Candidates offered to the packer: more than fit, so it can trade a big file for several small ones. */
const PACK_CANDIDATES = 30;

/** The packed files a lesson's scope is matched against (besides the task's words). */
const LESSON_PATHS = 10;

/**
 * The files for a task fitted into a token budget, each whole, as a skeleton or as one line, with
 * the lessons that match it (recorded as served to the task, when they differ from last time).
 */
export async function pack(task: string, directory = '.', options: PackOptions = {}): Promise<PackResult> {
  checkedTask(task);
  const result = await withRetrieval(directory, options, (session) =>
    packWithSession(session, task, options),
  );
  await recordServedLessons(resolveAbsolute(directory), 'pack', taskIdOf(result.task), result.lessons);
  return result;
}

/** Records that `lessons` went to `target`; a repository without lessons gets no memory folder. */
export async function recordServedLessons(
  root: string,
  via: string,
  target: string,
  lessons: ReadonlyArray<{ id: string }>,
): Promise<void> {
  if (lessons.length === 0) return;
  await recordServed(root, { via, target, lessons: lessons.map((lesson) => lesson.id), onlyIfChanged: true });
}

export async function packWithSession(
  session: RetrievalSession,
  task: string,
  options: PackOptions = {},
): Promise<PackResult> {
  const budget = checkedCount(options.budget ?? session.config.pack.budget, '--budget');
  const top = Math.max(options.top ?? session.config.retrieve.top, PACK_CANDIDATES);
  const { retrieval, corpus } = await session.run(task, { ...options, top });
  const byPath = new Map(session.context.files.map((file) => [file.path, file]));
  const candidates = retrieval.files.map((file): PackCandidate => {
    const indexed = byPath.get(file.path)!;
    return {
      path: file.path,
      score: file.score,
      reasons: file.reasons,
      text: session.readFile(file.path),
      definitions: corpus.byPath.get(file.path)?.definitions ?? [],
      summary: indexed.summary.text,
      lines: indexed.lines,
      language: indexed.language,
    };
  });
  const plan = packFiles(candidates, budget, {
    count: countTokens,
    countFile: (file) => {
      const hash = byPath.get(file.path)!.hash;
      return session.tokens.get(hash) ?? session.tokens.count(file.text ?? '', hash);
    },
  });
  const ranked = new Map(retrieval.files.map((file) => [file.path, file]));
  const files = plan.entries.map((entry): PackedFile => {
    const file = ranked.get(entry.path)!;
    return { ...file, tokens: entry.tokens, representation: entry.representation, content: entry.content };
  });
  const about = files.slice(0, LESSON_PATHS).map((file) => file.path);
  const lessons = (await session.lessons(task, about)).map(
    ({ id, line, scope, reasons }): PackLesson => ({ id, line, scope: [...scope], reasons: [...reasons] }),
  );
  const problem = session.lessonProblem();
  return {
    task: task.trim(),
    files,
    tests: retrieval.tests,
    budget,
    usedTokens: plan.usedTokens,
    omitted: plan.omitted,
    notes: problem ? [...plan.notes, problem] : plan.notes,
    tokenizer: TOKENIZER_ID,
    lessons,
    query: retrieval.query,
    candidates: retrieval.candidates,
  };
}

/** `pack.md` of a pack result. */
export function packMarkdown(result: PackResult): string {
  return renderPackMarkdown({
    task: result.task,
    files: result.files,
    tests: result.tests,
    budget: result.budget,
    usedTokens: result.usedTokens,
    notes: result.notes,
    tokenizer: result.tokenizer,
    lessons: result.lessons,
  });
}

export interface RagSearchOptions extends CallOptions {
  /** How many matches to print. @default 10 */
  top?: number;
}

export interface RagSearchResult {
  query: string;
  matches: ChunkMatch[];
  /** Files whose chunks were searched. */
  searched: number;
}

/** Files searched for chunks: the best of the ranking, and the tests beside them. */
const SEARCHED_FILES = 30;

/** The indexed chunks (definitions, doc sections, code windows) that best answer a query, as file:line. */
export async function ragSearch(
  query: string,
  directory = '.',
  options: RagSearchOptions = {},
): Promise<RagSearchResult> {
  checkedTask(query);
  if (options.top !== undefined) checkedCount(options.top, '--top');
  return withRetrieval(directory, options, async (session) => {
    const limit = checkedCount(options.top ?? 10, '--top');
    const { retrieval, corpus } = await session.run(query, { top: SEARCHED_FILES, tests: 10 });
    const files = [...retrieval.files, ...retrieval.tests];
    const matches = searchChunks({
      corpus,
      query: parseTask(query),
      files,
      read: (path) => session.readFile(path),
      limit,
    });
    return { query: query.trim(), matches, searched: files.length };
  });
}

/** Language and kind of a path from its name alone (a content marker can still make a file `generated`). */
export function classifyPath(path: string): { language: string; kind: FileKind } {
  const language = languageOf(path);
  return { language, kind: kindOf(path, language) };
}
