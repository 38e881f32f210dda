/** `buildDependencyGraph()`: every import of every indexed file, resolved to a file, a package or a reason. */
import type { IndexedFile, RepositoryIndex } from '../index/types.js';
import { readTextSyncIfExists } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { compare, compareEdges, compareUnresolved } from './order.js';
import { patchDependencyGraph } from './patch.js';
import type { ExternalFacts, FileResolutions, ReusableGraph } from './resolutions.js';
import { resolverFor } from './resolvers/registry.js';
import type { ModuleResolver, ResolverContext } from './resolvers/resolver.js';
import { statsOf } from './stats.js';
import type { DependencyGraph, ExternalNode, GraphEdge, Resolution, UnresolvedImport } from './types.js';

export function buildDependencyGraph(
  root: string,
  index: RepositoryIndex,
  previous?: ReusableGraph,
): DependencyGraph {
  const resolveFile = fileResolver(root, index);
  // Same file set: patch the old graph (only the changed files resolved), not assemble and sort it anew.
  if (previous) return patchDependencyGraph(previous, index, resolveFile);
  const edges: GraphEdge[] = [];
  const unresolved: UnresolvedImport[] = [];
  const externals = new Map<string, ExternalNode & { importerSet: Set<string> }>();
  for (const file of index.files) {
    const resolved = resolveFile(file);
    if (!resolved) continue;
    edges.push(...resolved.edges);
    unresolved.push(...resolved.unresolved);
    for (const [id, facts] of resolved.externals) addExternal(externals, id, facts, file.path);
  }
  edges.sort(compareEdges);
  unresolved.sort(compareUnresolved);
  const externalList = [...externals.values()]
    .map(({ importerSet, ...node }) => ({ ...node, importers: importerSet.size }))
    .sort((a, b) => compare(a.id, b.id));
  const files = index.files.map((file) => file.path).sort(compare);
  return {
    files,
    edges,
    externals: externalList,
    unresolved,
    stats: statsOf(files, edges, externalList, unresolved),
  };
}

/** Resolves one file's imports at a time (undefined: nothing to resolve), each resolver made once. */
function fileResolver(
  root: string,
  index: RepositoryIndex,
): (file: IndexedFile) => FileResolutions | undefined {
  // Made on the first file with imports: a patch for an edit that removed every import needs none.
  let context: ResolverContext | undefined;
  const contextOf = (): ResolverContext => {
    if (context) return context;
    const byPath = new Map(index.files.map((file) => [file.path, file]));
    context = {
      root,
      files: new Set(byPath.keys()),
      byPath,
      readFile: (path) => readTextSyncIfExists(absolutePath(root, path)),
    };
    return context;
  };
  const resolveFunctions = new Map<ModuleResolver, ReturnType<ModuleResolver['create']>>();
  return (file) => {
    if (file.imports.length === 0) return undefined;
    const resolver = resolverFor(file.language);
    if (!resolver) return undefined;
    let resolve = resolveFunctions.get(resolver);
    if (!resolve) {
      resolve = resolver.create(contextOf());
      resolveFunctions.set(resolver, resolve);
    }
    const resolved: FileResolutions = { edges: [], unresolved: [], externals: new Map() };
    for (const fact of file.imports) {
      const result = safeResolve(resolve, file, fact);
      for (const resolution of Array.isArray(result) ? result : [result])
        addResolution(file, fact, resolution, resolved);
    }
    return resolved;
  };
}

function safeResolve(
  resolve: ReturnType<ModuleResolver['create']>,
  file: IndexedFile,
  fact: IndexedFile['imports'][number],
): Resolution | Resolution[] {
  try {
    return resolve(file, fact);
  } catch (error) {
    return { type: 'unresolved', reason: 'unsupported', detail: (error as Error).message };
  }
}

function addResolution(
  file: IndexedFile,
  fact: IndexedFile['imports'][number],
  resolution: Resolution,
  into: FileResolutions,
): void {
  if (resolution.type === 'file') {
    if (resolution.path !== file.path) into.edges.push(edgeOf(file, fact, resolution.path, false));
    return;
  }
  if (resolution.type === 'external') {
    const id = `${resolution.ecosystem}:${resolution.name}`;
    if (!into.externals.has(id))
      into.externals.set(id, {
        ecosystem: resolution.ecosystem,
        name: resolution.name,
        builtin: resolution.builtin ?? false,
      });
    into.edges.push(edgeOf(file, fact, id, true));
    return;
  }
  const entry: UnresolvedImport = {
    from: file.path,
    line: fact.line,
    reason: resolution.reason,
    specifier: fact.specifier,
  };
  into.unresolved.push(resolution.detail ? { detail: resolution.detail, ...entry } : entry);
}

/** An edge with its keys in sorted order: the graph shards' stable JSON then copies nothing. */
function edgeOf(
  file: IndexedFile,
  fact: IndexedFile['imports'][number],
  to: string,
  external: boolean,
): GraphEdge {
  return {
    external,
    from: file.path,
    kind: fact.kind,
    line: fact.line,
    specifier: fact.specifier,
    to,
    typeOnly: fact.typeOnly,
  };
}

function addExternal(
  externals: Map<string, ExternalNode & { importerSet: Set<string> }>,
  id: string,
  facts: ExternalFacts,
  importer: string,
): void {
  let node = externals.get(id);
  if (!node) {
    node = {
      id,
      ecosystem: facts.ecosystem,
      name: facts.name,
      builtin: facts.builtin,
      importers: 0,
      importerSet: new Set(),
    };
    externals.set(id, node);
  }
  node.importerSet.add(importer);
}
