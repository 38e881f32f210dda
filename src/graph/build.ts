/** `buildDependencyGraph()`: every import of every indexed file, resolved to a file, a package or a reason. */
import type { IndexedFile, RepositoryIndex } from '../index/types.js';
import { readTextSyncIfExists } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import { compare, compareEdges, compareUnresolved } from './order.js';
import { resolverFor } from './resolvers/registry.js';
import type { ModuleResolver, ResolverContext } from './resolvers/resolver.js';
import type {
  DependencyGraph,
  ExternalNode,
  GraphEdge,
  GraphStats,
  Resolution,
  UnresolvedImport,
} from './types.js';

/**
 * A previous graph whose resolutions may be reused: for the files in `reusable` (unchanged bytes,
 * same file set, no configuration change that moves resolution) the old edges stand as they were.
 */
export interface ReusableGraph {
  graph: DependencyGraph;
  reusable: ReadonlySet<string>;
}

export function buildDependencyGraph(
  root: string,
  index: RepositoryIndex,
  previous?: ReusableGraph,
): DependencyGraph {
  const byPath = new Map(index.files.map((file) => [file.path, file]));
  const reused = previous ? reusableResolutions(previous) : undefined;
  const context: ResolverContext = {
    root,
    files: new Set(byPath.keys()),
    byPath,
    readFile: (path) => readTextSyncIfExists(absolutePath(root, path)),
  };
  const resolveFunctions = new Map<ModuleResolver, ReturnType<ModuleResolver['create']>>();
  const edges: GraphEdge[] = [];
  const unresolved: UnresolvedImport[] = [];
  const externals = new Map<string, ExternalNode & { importerSet: Set<string> }>();
  const previousExternals = new Map((previous?.graph.externals ?? []).map((node) => [node.id, node]));
  for (const file of index.files) {
    // A reused file's facts are not read at all: an unchanged folder's entries may still be unparsed.
    const old = reused?.get(file.path);
    if (old) {
      for (const edge of old.edges) {
        edges.push(edge);
        if (edge.external) addExternal(externals, edge.to, externalOf(edge.to, previousExternals), file.path);
      }
      unresolved.push(...old.unresolved);
      continue;
    }
    if (file.imports.length === 0) continue;
    const resolver = resolverFor(file.language);
    if (!resolver) continue;
    let resolve = resolveFunctions.get(resolver);
    if (!resolve) {
      resolve = resolver.create(context);
      resolveFunctions.set(resolver, resolve);
    }
    for (const fact of file.imports) {
      const resolved = safeResolve(resolve, file, fact);
      for (const resolution of Array.isArray(resolved) ? resolved : [resolved])
        addResolution(file, fact, resolution, edges, unresolved, externals);
    }
  }
  edges.sort(compareEdges);
  unresolved.sort(compareUnresolved);
  const externalList = [...externals.values()]
    .map(({ importerSet, ...node }) => ({ ...node, importers: importerSet.size }))
    .sort((a, b) => compare(a.id, b.id));
  const files = [...byPath.keys()].sort(compare);
  return {
    files,
    edges,
    externals: externalList,
    unresolved,
    stats: statsOf(files, edges, externalList, unresolved),
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
  edges: GraphEdge[],
  unresolved: UnresolvedImport[],
  externals: Map<string, ExternalNode & { importerSet: Set<string> }>,
): void {
  if (resolution.type === 'file') {
    if (resolution.path !== file.path) edges.push(edgeOf(file, fact, resolution.path, false));
    return;
  }
  if (resolution.type === 'external') {
    const id = `${resolution.ecosystem}:${resolution.name}`;
    addExternal(
      externals,
      id,
      { ecosystem: resolution.ecosystem, name: resolution.name, builtin: resolution.builtin ?? false },
      file.path,
    );
    edges.push(edgeOf(file, fact, id, true));
    return;
  }
  const entry: UnresolvedImport = {
    from: file.path,
    line: fact.line,
    reason: resolution.reason,
    specifier: fact.specifier,
  };
  unresolved.push(resolution.detail ? { detail: resolution.detail, ...entry } : entry);
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

function statsOf(
  files: string[],
  edges: GraphEdge[],
  externals: ExternalNode[],
  unresolved: UnresolvedImport[],
): GraphStats {
  const unresolvedByReason: Record<string, number> = {};
  for (const entry of unresolved)
    unresolvedByReason[entry.reason] = (unresolvedByReason[entry.reason] ?? 0) + 1;
  const externalEdges = edges.filter((edge) => edge.external).length;
  return {
    files: files.length,
    edges: edges.length,
    internalEdges: edges.length - externalEdges,
    externalEdges,
    externals: externals.length,
    unresolved: unresolved.length,
    unresolvedByReason,
  };
}

function reusableResolutions(
  previous: ReusableGraph,
): Map<string, { edges: GraphEdge[]; unresolved: UnresolvedImport[] }> {
  const byFrom = new Map<string, { edges: GraphEdge[]; unresolved: UnresolvedImport[] }>();
  const entry = (from: string) => {
    const existing = byFrom.get(from);
    if (existing) return existing;
    const value = { edges: [] as GraphEdge[], unresolved: [] as UnresolvedImport[] };
    byFrom.set(from, value);
    return value;
  };
  for (const edge of previous.graph.edges)
    if (previous.reusable.has(edge.from)) entry(edge.from).edges.push(edge);
  for (const item of previous.graph.unresolved)
    if (previous.reusable.has(item.from)) entry(item.from).unresolved.push(item);
  for (const path of previous.reusable) entry(path);
  return byFrom;
}

type ExternalFacts = Pick<ExternalNode, 'ecosystem' | 'name' | 'builtin'>;

function externalOf(id: string, known: Map<string, ExternalNode>): ExternalFacts {
  const node = known.get(id);
  if (node) return node;
  const [ecosystem = 'unknown', ...rest] = id.split(':');
  return { ecosystem, name: rest.join(':'), builtin: ecosystem === 'builtin' };
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
