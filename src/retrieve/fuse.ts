/**
 * Score fusion: a file's score is the weighted sum of its signal scores (each 0..1), times a
 * prior for its kind (source files first, config and docs lower, generated files last). The
 * reasons are those of the signals that contributed most, strongest first.
 */
import type { IndexedFile } from '../index/types.js';
import { isAuxiliaryPath } from '../scan/file-kinds.js';
import type { SignalScores } from './types.js';

type FileKind = IndexedFile['kind'];

/**
 * Tests are ranked in their own list; these weigh every other kind in `files`. Examples
 * (playgrounds, demos) show the product rather than being it: below source, above config.
 */
export const KIND_PRIOR: Partial<Record<FileKind, number>> = {
  source: 1,
  example: 0.3,
  config: 0.35,
  doc: 0.3,
  generated: 0.1,
};
const OTHER_KIND_PRIOR = 0.3;
const MAX_REASONS = 5;

export interface FusedScore {
  score: number;
  /** Signal id -> weighted contribution. */
  contributions: Record<string, number>;
  reasons: string[];
}

/** Changelogs mention every past change, so their words match any task: they rank last. */
const CHANGELOG = /(^|\/)(changelog|changes|history|news|releases?)(\.(md|markdown|rst|txt|adoc))?$/i;
const CHANGELOG_PRIOR = 0.1;
/** Code in the folders the scan calls auxiliary (benchmarks, docs, scripts, tooling): it measures or serves the project. */
const AUXILIARY_PRIOR = 0.5;

/** Prior of a file in `files`: by kind, lower for changelogs and for files in auxiliary folders. */
export function filePrior(path: string, kind: FileKind): number {
  if (kind === 'doc' && CHANGELOG.test(path)) return CHANGELOG_PRIOR;
  const prior = KIND_PRIOR[kind] ?? OTHER_KIND_PRIOR;
  return kind !== 'example' && isAuxiliaryPath(path) ? prior * AUXILIARY_PRIOR : prior;
}

/** Weighted sum per file over the given signals (no kind prior); `reasons: false` when only the scores are read (the seeds). */
export function fuseSignals(
  results: ReadonlyMap<string, SignalScores>,
  weights: Readonly<Record<string, number>>,
  options: { reasons: boolean } = { reasons: true },
): Map<string, FusedScore> {
  const fused = new Map<string, FusedScore>();
  for (const [id, scores] of results) {
    const weight = weights[id] ?? 0;
    if (weight === 0) continue;
    for (const [path, signal] of scores) {
      const contribution = weight * signal.score;
      if (contribution <= 0) continue;
      const entry = fused.get(path) ?? { score: 0, contributions: {}, reasons: [] };
      entry.score += contribution;
      entry.contributions[id] = contribution;
      fused.set(path, entry);
    }
  }
  if (!options.reasons) return fused;
  for (const [path, entry] of fused) entry.reasons = reasonsOf(path, entry.contributions, results);
  return fused;
}

function reasonsOf(
  path: string,
  contributions: Record<string, number>,
  results: ReadonlyMap<string, SignalScores>,
): string[] {
  const order = Object.entries(contributions).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const reasons: string[] = [];
  for (const [id] of order) {
    for (const reason of results.get(id)?.get(path)?.reasons ?? []) {
      if (reasons.length < MAX_REASONS && !reasons.includes(reason)) reasons.push(reason);
    }
  }
  return reasons;
}

export function roundScore(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** Best first; equal (rounded) scores by path, so the order never depends on insertion. */
export function byScoreThenPath(
  a: { score: number; path: string },
  b: { score: number; path: string },
): number {
  return b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}
