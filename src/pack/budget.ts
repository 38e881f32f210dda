/**
 * Budget packing: each candidate file can be left out, listed as one line, shown as a skeleton
 * or given in full; each choice has a cost (its tokens in the rendered pack) and a value (how
 * relevant the file is, times how much of it the agent sees). The choice per file that
 * maximises the total value within the budget is a multiple-choice knapsack; we take upgrades
 * greedily by value per token along each file's convex hull (optimal up to the last upgrade),
 * then spend what is left on the best option that still fits, best-ranked files first.
 * Deterministic: ties go to the better-ranked file.
 */
import { type RenderableFile, type Representation, renderEntry, renderSkeleton } from './render.js';

export interface PackCandidate extends RenderableFile {
  score: number;
  reasons: string[];
}

export interface PackedEntry {
  path: string;
  representation: Representation;
  /** Tokens of the file's block in the pack. */
  tokens: number;
  /** The Markdown block. */
  content: string;
}

export interface PackPlan {
  /** In rank order. */
  entries: PackedEntry[];
  /** Candidates left out: not even their line fitted, or the budget was spent on better files. */
  omitted: string[];
  usedTokens: number;
  budget: number;
  notes: string[];
}

export interface TokenCounter {
  /** Tokens of any text. */
  count(text: string): number;
  /** Tokens of a file's full text (cached by content). */
  countFile(file: RenderableFile): number;
}

/** Files scoring below this share of the best are only ever listed by name... */
const DETAIL_FLOOR = 0.2;
/** ...and below this share not at all: their evidence is a prior, not the task. */
const LISTING_FLOOR = 0.05;

/** Share of a file's value an agent gets from each representation. */
const COVERAGE: Record<Representation, number> = { full: 1, skeleton: 0.5, line: 0.1 };

interface Option {
  representation: Representation | 'none';
  cost: number;
  value: number;
}

interface Step {
  candidate: number;
  from: Option;
  to: Option;
  efficiency: number;
}

export function packFiles(
  candidates: readonly PackCandidate[],
  budget: number,
  counter: TokenCounter,
): PackPlan {
  const best = Math.max(0, ...candidates.map((candidate) => candidate.score));
  const options = candidates.map((candidate, position) => optionsOf(candidate, position, best, counter));
  const hulls = options.map(upperHull);
  const chosen: Option[] = hulls.map((hull) => hull[0]!);
  let used = 0;
  for (const step of upgradeSteps(hulls)) {
    if (chosen[step.candidate] !== step.from) continue;
    const extra = step.to.cost - step.from.cost;
    if (used + extra > budget) continue;
    chosen[step.candidate] = step.to;
    used += extra;
  }
  used = fillRemainder(options, chosen, budget, used);
  return planOf(candidates, chosen, budget, used, options);
}

/**
 * The hull can skip a cheap option (a line) that a richer one (a small skeleton) beats per
 * token; when the richer one did not fit, the leftover budget still buys the best option that
 * does, best-ranked files first.
 */
function fillRemainder(options: Option[][], chosen: Option[], budget: number, used: number): number {
  let total = used;
  options.forEach((fileOptions, index) => {
    const current = chosen[index]!;
    const better = fileOptions
      .filter((option) => option.value > current.value && total - current.cost + option.cost <= budget)
      .sort((a, b) => b.value - a.value)[0];
    if (!better) return;
    total += better.cost - current.cost;
    chosen[index] = better;
  });
  return total;
}

function optionsOf(
  candidate: PackCandidate,
  position: number,
  best: number,
  counter: TokenCounter,
): Option[] {
  const relevance = best > 0 ? (candidate.score / best) ** 2 : 0;
  const options: Option[] = [];
  if (best > 0 && candidate.score / best < LISTING_FLOOR) return options;
  const costOf = (representation: Representation) => {
    const entry = renderEntry(candidate, representation, position + 1, candidate.reasons);
    const body =
      representation === 'full' ? counter.countFile(candidate) : entry.body ? counter.count(entry.body) : 0;
    return counter.count(entry.head) + body + (entry.tail ? counter.count(entry.tail) : 0);
  };
  options.push({ representation: 'line', cost: costOf('line'), value: relevance * COVERAGE.line });
  if (best > 0 && candidate.score / best < DETAIL_FLOOR) return options;
  if (renderSkeleton(candidate) !== undefined)
    options.push({
      representation: 'skeleton',
      cost: costOf('skeleton'),
      value: relevance * COVERAGE.skeleton,
    });
  if (candidate.text !== undefined)
    options.push({ representation: 'full', cost: costOf('full'), value: relevance * COVERAGE.full });
  return options;
}

/** Cheapest first, keeping only options on the upper convex hull of (cost, value) from (0, 0). */
function upperHull(options: Option[]): Option[] {
  const sorted = [...options].sort((a, b) => a.cost - b.cost || b.value - a.value);
  const hull: Option[] = [{ representation: 'none', cost: 0, value: 0 }];
  for (const option of sorted) {
    if (option.value <= hull[hull.length - 1]!.value) continue;
    while (hull.length >= 2) {
      const [a, b] = [hull[hull.length - 2]!, hull[hull.length - 1]!];
      if ((b.value - a.value) * (option.cost - a.cost) <= (option.value - a.value) * (b.cost - a.cost))
        hull.pop();
      else break;
    }
    hull.push(option);
  }
  return hull;
}

function upgradeSteps(hulls: Option[][]): Step[] {
  const steps: Step[] = [];
  hulls.forEach((hull, candidate) => {
    for (let index = 1; index < hull.length; index++) {
      const from = hull[index - 1]!;
      const to = hull[index]!;
      const cost = Math.max(1, to.cost - from.cost);
      steps.push({ candidate, from, to, efficiency: (to.value - from.value) / cost });
    }
  });
  return steps.sort(
    (a, b) => b.efficiency - a.efficiency || a.candidate - b.candidate || a.from.cost - b.from.cost,
  );
}

function planOf(
  candidates: readonly PackCandidate[],
  chosen: Option[],
  budget: number,
  used: number,
  options: Option[][],
): PackPlan {
  const entries: PackedEntry[] = [];
  const omitted: string[] = [];
  candidates.forEach((candidate, index) => {
    const option = chosen[index]!;
    if (option.representation === 'none') {
      omitted.push(candidate.path);
      return;
    }
    const entry = renderEntry(candidate, option.representation, index + 1, candidate.reasons);
    entries.push({
      path: candidate.path,
      representation: option.representation,
      tokens: option.cost,
      content: `${entry.head}${entry.body}${entry.tail}`,
    });
  });
  const notes: string[] = [];
  const cheapest = Math.min(...options.flat().map((option) => option.cost));
  if (entries.length === 0 && candidates.length > 0 && Number.isFinite(cheapest)) {
    notes.push(
      `the budget of ${budget} tokens is smaller than the shortest entry (${cheapest} tokens): nothing was packed`,
    );
  }
  return { entries, omitted, usedTokens: used, budget, notes };
}
