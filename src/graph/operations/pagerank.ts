/**
 * PageRank over import edges: a file imported by many (important) files is central. Dangling
 * files spread their rank uniformly. Optional personalization biases the teleport toward seeds.
 */
import type { GraphView } from '../view.js';

export interface PageRankOptions {
  damping?: number;
  iterations?: number;
  tolerance?: number;
  /** Teleport weights by file (normalised); uniform when absent. */
  personalization?: ReadonlyMap<string, number>;
}

export function pageRank(view: GraphView, options: PageRankOptions = {}): Map<string, number> {
  const files = view.files;
  const position = new Map(files.map((file, index) => [file, index]));
  const outgoing = files.map((file) => view.dependenciesOf(file).map((target) => position.get(target)!));
  const values = pageRankOf(files, outgoing, options);
  const ranks = new Map<string, number>();
  files.forEach((file, index) => {
    ranks.set(file, values[index]!);
  });
  return ranks;
}

/**
 * PageRank over files by position: `outgoing[i]` are the positions file `i` imports, distinct, in
 * the order its edges list them (the order ranks are summed in, so the same order gives the same
 * bits). For callers that keep their own adjacency instead of a `GraphView`.
 */
export function pageRankOf(
  files: readonly string[],
  outgoing: readonly (readonly number[])[],
  options: PageRankOptions = {},
): Float64Array {
  const count = files.length;
  if (count === 0) return new Float64Array(0);
  const damping = options.damping ?? 0.85;
  const teleport = teleportVector(files, options.personalization);
  const { offsets, targets } = compressed(outgoing);
  let current = new Float64Array(teleport);
  let next = new Float64Array(count);
  for (let iteration = 0; iteration < (options.iterations ?? 100); iteration++) {
    next.fill(0);
    let dangling = 0;
    for (let index = 0; index < count; index++) {
      const start = offsets[index]!;
      const end = offsets[index + 1]!;
      const value = current[index]!;
      if (end === start) {
        dangling += value;
        continue;
      }
      const share = value / (end - start);
      for (let at = start; at < end; at++) next[targets[at]!]! += share;
    }
    let delta = 0;
    for (let index = 0; index < count; index++) {
      const value = damping * (next[index]! + dangling * teleport[index]!) + (1 - damping) * teleport[index]!;
      delta += Math.abs(value - current[index]!);
      next[index] = value;
    }
    [current, next] = [next, current];
    if (delta < (options.tolerance ?? 1e-10)) break;
  }
  return current;
}

/** The lists as one flat array with offsets: the inner loop reads typed memory in order. */
function compressed(outgoing: readonly (readonly number[])[]): { offsets: Int32Array; targets: Int32Array } {
  const offsets = new Int32Array(outgoing.length + 1);
  for (let index = 0; index < outgoing.length; index++)
    offsets[index + 1] = offsets[index]! + outgoing[index]!.length;
  const targets = new Int32Array(offsets[outgoing.length]!);
  for (let index = 0; index < outgoing.length; index++) targets.set(outgoing[index]!, offsets[index]!);
  return { offsets, targets };
}

function teleportVector(
  files: readonly string[],
  personalization?: ReadonlyMap<string, number>,
): Float64Array {
  const vector = new Float64Array(files.length);
  let total = 0;
  if (personalization) {
    files.forEach((file, index) => {
      const weight = Math.max(0, personalization.get(file) ?? 0);
      vector[index] = weight;
      total += weight;
    });
  }
  if (total === 0) return vector.fill(1 / Math.max(1, files.length));
  for (let index = 0; index < vector.length; index++) vector[index]! /= total;
  return vector;
}
