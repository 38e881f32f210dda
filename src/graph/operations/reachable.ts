/** Every file reachable from the start files by following imports (the start files included). */
import type { GraphView } from '../view.js';

export function reachableFrom(view: GraphView, start: Iterable<string>, maxDepth = Infinity): Set<string> {
  const seen = new Set<string>();
  let frontier = [...start].filter((file) => view.has(file));
  for (const file of frontier) seen.add(file);
  for (let depth = 0; depth < maxDepth && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const file of frontier) {
      for (const target of view.dependenciesOf(file)) {
        if (seen.has(target)) continue;
        seen.add(target);
        next.push(target);
      }
    }
    frontier = next;
  }
  return seen;
}
