/**
 * A ranking made into what `retrieve` and `pack` answer: every ranked file with its tokens,
 * listed whole (`retrieve`) or fitted into a token budget (`pack`).
 */
import type { Corpus } from '../retrieve/corpus.js';
import type { QuerySummary, RankedTest, Retrieval } from '../retrieve/retrieve.js';
import type { RankedFile } from '../retrieve/types.js';
import { type PackCandidate, packFiles } from './budget.js';
import { countTokens, TOKENIZER_ID, type TokenCache } from './tokenizer.js';

export interface RetrievedFile extends RankedFile {
  /** o200k tokens of the whole file. */
  tokens: number;
  /** `retrieve` lists whole files; `pack` chooses per file. */
  representation: 'full' | 'skeleton' | 'line';
}

export type RetrievedTest = RankedTest;

export interface RetrieveResult {
  task: string;
  files: RetrievedFile[];
  tests: RetrievedTest[];
  /** `retrieve` has no budget (null); `pack` reports the one it filled. */
  budget: number | null;
  usedTokens: number;
  query: QuerySummary;
  candidates: number;
}

export interface PackedFile extends RetrievedFile {
  /** The file's Markdown block in the pack (full text, skeleton or one line). */
  content: string;
}

export interface PackLesson {
  id: string;
  /** `[lesson L-0007] text`, as `pack.md` shows it. */
  line: string;
  scope: string[];
  reasons: string[];
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

/** What the built context knows of a file, as packing needs it. */
export interface FileFacts {
  hash: string;
  summary: { text: string };
  lines: number;
  language: string;
}

/** Where the files of a ranking are read from and their tokens counted. */
export interface FileSource {
  facts(path: string): FileFacts;
  read(path: string): string | undefined;
  tokens: TokenCache;
}

/** The ranking as `retrieve` lists it: whole files, no budget. */
export function listRanking(task: string, retrieval: Retrieval, source: FileSource): RetrieveResult {
  const files = retrieval.files.map(
    (file): RetrievedFile => ({ ...file, tokens: fileTokens(file.path, source), representation: 'full' }),
  );
  return {
    task: task.trim(),
    files,
    tests: retrieval.tests,
    budget: null,
    usedTokens: files.reduce((sum, file) => sum + file.tokens, 0),
    query: retrieval.query,
    candidates: retrieval.candidates,
  };
}

/** The ranking fitted into `budget` tokens, each file whole, as a skeleton or as one line; no lessons yet. */
export function packRanking(
  task: string,
  outcome: { retrieval: Retrieval; corpus: Corpus },
  source: FileSource,
  budget: number,
): PackResult {
  const { retrieval, corpus } = outcome;
  const candidates = retrieval.files.map((file): PackCandidate => {
    const facts = source.facts(file.path);
    return {
      path: file.path,
      score: file.score,
      reasons: file.reasons,
      text: source.read(file.path),
      definitions: corpus.byPath.get(file.path)?.definitions ?? [],
      summary: facts.summary.text,
      lines: facts.lines,
      language: facts.language,
    };
  });
  const plan = packFiles(candidates, budget, {
    count: countTokens,
    countFile: (file) => fileTokens(file.path, source, file.text),
  });
  const ranked = new Map(retrieval.files.map((file) => [file.path, file]));
  const files = plan.entries.map((entry): PackedFile => {
    const file = ranked.get(entry.path)!;
    return { ...file, tokens: entry.tokens, representation: entry.representation, content: entry.content };
  });
  return {
    task: task.trim(),
    files,
    tests: retrieval.tests,
    budget,
    usedTokens: plan.usedTokens,
    omitted: plan.omitted,
    notes: plan.notes,
    tokenizer: TOKENIZER_ID,
    lessons: [],
    query: retrieval.query,
    candidates: retrieval.candidates,
  };
}

/** Tokens of a file's whole text, from the cache by content hash when it has them. */
function fileTokens(path: string, source: FileSource, text?: string): number {
  const { hash } = source.facts(path);
  return source.tokens.get(hash) ?? source.tokens.count(text ?? source.read(path) ?? '', hash);
}
