/**
 * `retrieveFiles()`: the files to read for a task, best first, each with its reasons, and the
 * tests that cover them in a list of their own. Pure over its inputs (the built context, the
 * history, the cached term counts): the same repository and task give the same answer.
 *
 * Direct signals score files from the task alone; their fused ranking (tests included) gives
 * the seeds the expansion signals spread from; the final score is the weighted sum of both,
 * times a prior for the file's kind.
 */
import { reachableFrom } from '../graph/operations/reachable.js';
import type { DependencyGraph } from '../graph/types.js';
import type { IndexedFile } from '../index/types.js';
import { inputError } from '../shared/errors.js';
import { scorePlainBm25 } from './bm25.js';
import type { Corpus } from './corpus.js';
import { byScoreThenPath, type FusedScore, filePrior, fuseSignals, roundScore } from './fuse.js';
import type { ChangeHistory } from './history.js';
import type { LexicalCache } from './lexical-cache.js';
import { demoteNearCopies } from './near-copies.js';
import { packageOf, packagesNamed } from './packages.js';
import { type PreparedRetrieval, prepareRetrieval } from './prepared.js';
import { parseTask, type TaskQuery } from './query.js';
import { signals } from './signals/registry.js';
import { withLabelScopesDemoted } from './signals/subject-scope.js';
import type { TestMap } from './test-map.js';
import type {
  RankedFile,
  RetrievalSettings,
  RetrievalSignal,
  RetrievalState,
  Seed,
  SignalScores,
} from './types.js';

export type { RankedFile } from './types.js';

export interface RetrieveInput {
  root: string;
  task: string;
  files: readonly IndexedFile[];
  graph: DependencyGraph;
  /** Rank score of each file (0..1) from the built context. */
  centrality: ReadonlyMap<string, number>;
  /** Entrypoint path -> why. */
  entrypoints: ReadonlyMap<string, string>;
  history?: ChangeHistory;
  cache: LexicalCache;
  settings: RetrievalSettings;
  /** How many files and tests to return. */
  top: number;
  tests: number;
  /** Signals from stages above this one (the lessons signal of `memory/`). */
  extraSignals?: readonly RetrievalSignal[];
  /** `plain-bm25`: the ablation — one BM25 field, no other signal, tests mixed into `files`. */
  mode?: 'fused' | 'plain-bm25';
  /** `prepareRetrieval()` of these same root, files, graph and cache, kept by a session across queries. */
  prepared?: PreparedRetrieval;
}

export interface RankedTest {
  path: string;
  score: number;
  reasons: string[];
  /** Files of the ranking this test covers, best first. */
  covers: string[];
}

export interface Retrieval {
  files: RankedFile[];
  tests: RankedTest[];
  query: QuerySummary;
  /** How many files had any evidence at all. */
  candidates: number;
}

export interface QuerySummary {
  terms: string[];
  identifiers: string[];
  paths: string[];
  phrases: string[];
}

/** Seeds considered for expansion: enough to cover the signals' own `seedCount` after filtering. */
const SEED_POOL = 40;

/** The ranking, and the corpus it was made from (for packing: definitions, kinds). */
export interface RetrievalOutcome {
  retrieval: Retrieval;
  corpus: Corpus;
}

export function retrieveFiles(input: RetrieveInput): RetrievalOutcome {
  if (input.task.trim().length === 0) {
    throw inputError('the task is empty', {
      hint: 'describe the change, e.g. "fix the timeout when a retry is aborted"',
    });
  }
  const parsed = parseTask(input.task);
  const prepared = input.prepared ?? prepareRetrieval(input);
  const { corpus, graph } = prepared;
  if (input.mode === 'plain-bm25') return { retrieval: plainRetrieval(corpus, parsed, input.top), corpus };
  const query = withLabelScopesDemoted(parsed, corpus);
  const state: RetrievalState = {
    query,
    settings: input.settings,
    corpus,
    graph,
    tests: prepared.tests,
    centrality: input.centrality,
    entrypoints: input.entrypoints,
    ...(input.history ? { history: input.history } : {}),
    seeds: [],
  };
  const all: RetrievalSignal[] = [...Object.values(signals), ...(input.extraSignals ?? [])];
  const results = new Map<string, SignalScores>();
  for (const signal of all.filter((entry) => entry.phase === 'direct'))
    results.set(signal.id, signal.score(state));
  const scope = packageScope(input, prepared);
  state.seeds = seedsOf(fuseSignals(results, input.settings.weights, { reasons: false }), scope);
  for (const signal of all.filter((entry) => entry.phase === 'expansion'))
    results.set(signal.id, signal.score(state));
  const fused = fuseSignals(results, input.settings.weights);
  const anchored = reachableFrom(graph, input.entrypoints.keys());
  const files = demoteNearCopies(rankFiles(fused, corpus, scope), corpus, anchored);
  const retrieval: Retrieval = {
    files: files.slice(0, input.top),
    tests: rankTests(fused, files.slice(0, input.top), state.tests, corpus, input.tests),
    query: summarize(query),
    candidates: files.length,
  };
  return { retrieval, corpus };
}

/** Path -> factor on its score: files of the packages the task names are boosted. */
type PackageScope = (path: string) => { factor: number; reason?: string };

function packageScope(input: RetrieveInput, prepared: PreparedRetrieval): PackageScope {
  const boost = input.settings.packageBoost;
  const none = () => ({ factor: 1 });
  if (boost === 1) return none;
  const packages = prepared.packages();
  const named = packagesNamed(input.task, packages);
  if (named.length === 0) return none;
  return (path) => {
    const home = packageOf(path, packages);
    return home && named.includes(home)
      ? { factor: boost, reason: `in package ${home.folder}, which the task names` }
      : { factor: 1 };
  };
}

function seedsOf(direct: Map<string, FusedScore>, scope: PackageScope): Seed[] {
  const ranked = [...direct]
    .map(([path, entry]) => ({ path, score: entry.score * scope(path).factor }))
    .sort(byScoreThenPath)
    .slice(0, SEED_POOL);
  const best = ranked[0]?.score ?? 0;
  return best > 0 ? ranked.map((seed) => ({ path: seed.path, score: seed.score / best })) : [];
}

function rankFiles(fused: Map<string, FusedScore>, corpus: Corpus, scope: PackageScope): RankedFile[] {
  const files: RankedFile[] = [];
  for (const [path, entry] of fused) {
    const document = corpus.byPath.get(path);
    if (!document || document.file.kind === 'test') continue;
    const { factor, reason } = scope(path);
    const score = roundScore(entry.score * filePrior(path, document.file.kind) * factor);
    if (score <= 0) continue;
    files.push({
      path,
      score,
      kind: document.file.kind,
      reasons: reason ? [...entry.reasons, reason] : entry.reasons,
      signals: rounded(entry.contributions),
    });
  }
  return files.sort(byScoreThenPath);
}

function rankTests(
  fused: Map<string, FusedScore>,
  files: readonly RankedFile[],
  tests: TestMap,
  corpus: Corpus,
  limit: number,
): RankedTest[] {
  if (limit === 0) return [];
  const best = files[0]?.score ?? 0;
  const candidates = new Map<string, { cover: number; covers: string[]; reasons: string[] }>();
  for (const file of files) {
    for (const link of tests.testsOf(file.path)) {
      const entry = candidates.get(link.test) ?? { cover: 0, covers: [], reasons: [] };
      entry.cover = Math.max(entry.cover, best > 0 ? (file.score / best) * link.strength : 0);
      entry.covers.push(file.path);
      if (entry.reasons.length < 3) entry.reasons.push(`covers ${file.path} (${LINK_WORDS[link.via]})`);
      candidates.set(link.test, entry);
    }
  }
  const bestTest = Math.max(
    0,
    ...[...fused]
      .filter(([path]) => corpus.byPath.get(path)?.file.kind === 'test')
      .map(([, entry]) => entry.score),
  );
  for (const [path, entry] of fused) {
    if (corpus.byPath.get(path)?.file.kind !== 'test' || candidates.has(path)) continue;
    if (bestTest > 0 && entry.score / bestTest >= OWN_MATCH_FLOOR)
      candidates.set(path, { cover: 0, covers: [], reasons: [] });
  }
  const ranked: RankedTest[] = [];
  for (const [path, entry] of candidates) {
    const own = bestTest > 0 ? (fused.get(path)?.score ?? 0) / bestTest : 0;
    const reasons = [...entry.reasons, ...(fused.get(path)?.reasons ?? []).slice(0, 2)];
    ranked.push({ path, score: roundScore(0.6 * entry.cover + 0.4 * own), reasons, covers: entry.covers });
  }
  return ranked
    .filter((test) => test.score > 0)
    .sort(byScoreThenPath)
    .slice(0, limit);
}

const OWN_MATCH_FLOOR = 0.5;
const LINK_WORDS = { imports: 'imports it', name: 'named after it', directory: 'in its folder' } as const;

/** The ablation ranks code files, tests included, as a plain BM25 baseline over code would. */
function plainRetrieval(corpus: Corpus, query: TaskQuery, top: number): Retrieval {
  const code = corpus.documents.filter(
    (document) => document.file.kind === 'source' || document.file.kind === 'test',
  );
  const scores = scorePlainBm25({ ...corpus, documents: code }, query.terms.keys());
  const files = [...scores]
    .map(([path, score]) => {
      const kind = corpus.byPath.get(path)!.file.kind;
      return {
        path,
        score: roundScore(score),
        kind,
        reasons: ['plain BM25 over path and body'],
        signals: { bm25: roundScore(score) },
      };
    })
    .sort(byScoreThenPath);
  return { files: files.slice(0, top), tests: [], query: summarize(query), candidates: files.length };
}

function summarize(query: TaskQuery): QuerySummary {
  const terms = [...query.terms]
    .filter(([term]) => !query.joined.has(term))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([term]) => term);
  return {
    terms: terms.slice(0, 40),
    identifiers: query.identifiers,
    paths: query.paths,
    phrases: query.phrases,
  };
}

function rounded(values: Record<string, number>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const key of Object.keys(values).sort()) result[key] = roundScore(values[key]!);
  return result;
}
