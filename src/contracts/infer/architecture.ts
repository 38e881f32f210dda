/**
 * Layers from the folder structure, and which may import which from the import directions seen
 * today. Descends through a folder that holds nearly all the source (`src/`, `lib/`) so the
 * layers are its sub-folders. The result is a snapshot: a new direction later is a finding.
 */
import type { ArchitectureContract } from '../schema.js';
import type { InferenceInput } from './input.js';

type Layer = ArchitectureContract['layers'][number];

export function inferArchitecture(input: InferenceInput): ArchitectureContract {
  const sources = input.files.filter((file) => file.kind === 'source').map((file) => file.path);
  const prefix = containerPrefix(sources);
  const layerOf = (path: string): string | undefined => {
    if (!path.startsWith(prefix)) return undefined;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf('/');
    return slash === -1 ? undefined : rest.slice(0, slash);
  };
  const members = new Map<string, number>();
  for (const path of sources) {
    const layer = layerOf(path);
    if (layer) members.set(layer, (members.get(layer) ?? 0) + 1);
  }
  if (members.size < 2) return { schemaVersion: 1, comment: NO_LAYERS, layers: [] };
  const observed = observedDirections(input, layerOf, new Set(members.keys()));
  const layers: Layer[] = [...members.keys()].map((name) => {
    const mayImport = [...(observed.get(name) ?? [])].sort();
    return {
      name,
      paths: [`${prefix}${name}/**`],
      mayImport,
      comment: `${members.get(name)} source file(s); imports ${mayImport.length ? mayImport.join(', ') : 'no other layer'} (observed when inferred).`,
    };
  });
  return { schemaVersion: 1, comment: LAYERS, layers: orderLowestFirst(layers) };
}

const LAYERS =
  'Layers inferred from the folder structure; mayImport lists the import directions observed when this file was inferred. Remove a direction to forbid it; an import in a direction not listed is a finding.';
const NO_LAYERS = 'Fewer than two source folders were found, so no layers were inferred. Add layers by hand.';

/** The folder that holds (nearly) all the source, descended while one sub-folder dominates. */
export function containerPrefix(paths: readonly string[]): string {
  let prefix = '';
  for (let level = 0; level < 3; level++) {
    const counts = new Map<string, number>();
    let total = 0;
    for (const path of paths) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash === -1) continue;
      total++;
      counts.set(rest.slice(0, slash), (counts.get(rest.slice(0, slash)) ?? 0) + 1);
    }
    const [top, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const inside = paths.filter((path) => path.startsWith(`${prefix}${top}/`));
    const hasSubfolders = inside.some((path) => path.slice(prefix.length + top.length + 1).includes('/'));
    if (!top || count < total * 0.8 || !hasSubfolders) break;
    prefix = `${prefix}${top}/`;
  }
  return prefix;
}

function observedDirections(
  input: InferenceInput,
  layerOf: (path: string) => string | undefined,
  layers: Set<string>,
): Map<string, Set<string>> {
  const directions = new Map<string, Set<string>>();
  for (const edge of input.graph.edges) {
    if (edge.external) continue;
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    if (!from || !to || from === to || !layers.has(from) || !layers.has(to)) continue;
    const targets = directions.get(from) ?? new Set<string>();
    targets.add(to);
    directions.set(from, targets);
  }
  return directions;
}

/** Layers that reach fewer others come first, so the file reads bottom-up. */
function orderLowestFirst(layers: Layer[]): Layer[] {
  const imports = new Map(layers.map((layer) => [layer.name, layer.mayImport ?? []]));
  const reach = (name: string): number => {
    const seen = new Set<string>();
    const stack = [...(imports.get(name) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(imports.get(next) ?? []));
    }
    return seen.size;
  };
  return layers
    .map((layer) => ({ layer, reach: reach(layer.name) }))
    .sort((a, b) => a.reach - b.reach || (a.layer.name < b.layer.name ? -1 : 1))
    .map((entry) => entry.layer);
}
