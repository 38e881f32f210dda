/**
 * Which module a file belongs to: its architecture layer when the contract names one, else its
 * folder (inside the folder that holds the source, such as `src/`, one level deeper).
 */
import {
  type ArchitectureContract,
  containerPrefix,
  pathMatcher,
  type TreeFile,
} from '../contracts/index.js';

export type ModuleOf = (path: string) => string;

export function moduleResolver(architecture: ArchitectureContract, files: readonly TreeFile[]): ModuleOf {
  const layers = architecture.layers.map((layer) => ({
    name: layer.name,
    matches: pathMatcher(layer.paths),
  }));
  const prefix = containerPrefix(files.filter((file) => file.kind === 'source').map((file) => file.path));
  return (path) => {
    const layer = layers.find((candidate) => candidate.matches(path));
    if (layer) return layer.name;
    const rest = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    const base = path.startsWith(prefix) ? prefix : '';
    const slash = rest.indexOf('/');
    return slash === -1 ? base.replace(/\/$/, '') || '(root)' : `${base}${rest.slice(0, slash)}`;
  };
}

export interface AffectedModule {
  module: string;
  /** Changed files in the module. */
  changed: string[];
  /** Files in the module affected through imports. */
  affected: string[];
}

export function groupByModule(
  changed: readonly string[],
  affected: readonly string[],
  moduleOf: ModuleOf,
): AffectedModule[] {
  const modules = new Map<string, AffectedModule>();
  const entry = (name: string) => {
    let found = modules.get(name);
    if (!found) {
      found = { module: name, changed: [], affected: [] };
      modules.set(name, found);
    }
    return found;
  };
  for (const path of changed) entry(moduleOf(path)).changed.push(path);
  for (const path of affected) entry(moduleOf(path)).affected.push(path);
  return [...modules.values()]
    .map((module) => ({ ...module, changed: module.changed.sort(), affected: module.affected.sort() }))
    .sort(
      (a, b) =>
        b.changed.length - a.changed.length ||
        b.affected.length - a.affected.length ||
        (a.module < b.module ? -1 : 1),
    );
}
