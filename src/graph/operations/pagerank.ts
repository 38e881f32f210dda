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
  const count = files.length;
  const ranks = new Map<string, number>();
  if (count === 0) return ranks;
  const damping = options.damping ?? 0.85;
  const teleport = teleportVector(files, options.personalization);
  const position = new Map(files.map((file, index) => [file, index]));
  const outgoing = files.map((file) => view.dependenciesOf(file).map((target) => position.get(target)!));
  let current = new Float64Array(teleport);
  for (let iteration = 0; iteration < (options.iterations ?? 100); iteration++) {
    const next = new Float64Array(count);
    let dangling = 0;
    for (let index = 0; index < count; index++) {
      const targets = outgoing[index]!;
      const value = current[index]!;
      if (targets.length === 0) {
        dangling += value;
        continue;
      }
      const share = value / targets.length;
      for (const target of targets) next[target]! += share;
    }
    let delta = 0;
    for (let index = 0; index < count; index++) {
      const value = damping * (next[index]! + dangling * teleport[index]!) + (1 - damping) * teleport[index]!;
      delta += Math.abs(value - current[index]!);
      next[index] = value;
    }
    current = next;
    if (delta < (options.tolerance ?? 1e-10)) break;
  }
  files.forEach((file, index) => {
    ranks.set(file, current[index]!);
  });
  return ranks;
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
