/**
 * What changed between two builds, in the terms an agent cares about: files, symbols, import
 * edges, ranking moves, and which generated outputs and task packs to re-read. Pure: both sides
 * are snapshots already in memory (`delta`, `evolve` and `diff` only differ in where they come from).
 */
import type { DependencyGraph, GraphEdge } from '../graph/types.js';
import type { IndexedFile, SymbolFact } from '../index/types.js';
import type { FileRank } from './rank.js';
import { graphHeadPath, graphShardPath, shardOf } from './shards.js';

export const DELTA_SCHEMA_VERSION = 1;

export interface ContextSnapshot {
  /** What the snapshot is (`last build`, `working tree`, a path given to `diff`). */
  label: string;
  sourceHash: string;
  sources: Record<string, string>;
  outputs: Record<string, string>;
  /**
   * The facts of these files in this snapshot, by path (those it has). Only changed files are
   * asked for, so a previous build's index shards stay undecoded but for theirs.
   */
  filesAt: (paths: ReadonlySet<string>) => Map<string, IndexedFile>;
  graph: DependencyGraph;
  ranking: FileRank[];
}

export interface SymbolChange {
  file: string;
  name: string;
  kind: string;
  change: 'added' | 'removed' | 'changed';
  line?: number;
  /** For `changed`: the signature before and after (when it changed). */
  before?: string;
  after?: string;
}

export interface EdgeChange {
  from: string;
  to: string;
  change: 'added' | 'removed';
  specifier: string;
  line: number;
}

export interface RankingMove {
  path: string;
  before: number | null;
  after: number | null;
}

export interface ContextDelta {
  schemaVersion: number;
  from: { label: string; sourceHash: string };
  to: { label: string; sourceHash: string };
  files: { added: string[]; removed: string[]; modified: string[] };
  symbols: SymbolChange[];
  edges: EdgeChange[];
  /** Files that entered, left or moved within the top of the ranking. */
  ranking: RankingMove[];
  /** Generated outputs whose content differs: re-read these. */
  rereadOutputs: string[];
  /** Task runs that name a changed, moved or removed file: re-read (or re-plan) these. */
  rereadTaskPacks: Array<{ taskId: string; files: string[] }>;
  /** True when nothing at all differs. */
  empty: boolean;
}

/** How much of the ranking counts as "the top" for moves. */
const TOP_RANKS = 25;
/** A move of fewer places than this inside the top is noise. */
const MIN_MOVE = 3;

export function diffContexts(
  before: ContextSnapshot,
  after: ContextSnapshot,
  taskPackFiles: Map<string, string[]> = new Map(),
): ContextDelta {
  const files = fileChanges(before.sources, after.sources);
  const changed = new Set([...files.added, ...files.removed, ...files.modified]);
  const symbols = symbolChanges(before.filesAt(changed), after.filesAt(changed), changed);
  const edges = edgeChanges(before.graph, after.graph, changedGraphShards(before.outputs, after.outputs));
  const ranking = rankingMoves(before.ranking, after.ranking);
  const rereadOutputs = Object.keys({ ...before.outputs, ...after.outputs })
    .filter((path) => before.outputs[path] !== after.outputs[path])
    .sort();
  const rereadTaskPacks = [...taskPackFiles.entries()]
    .map(([taskId, paths]) => ({ taskId, files: paths.filter((path) => changed.has(path)).sort() }))
    .filter((entry) => entry.files.length > 0)
    .sort((a, b) => compare(a.taskId, b.taskId));
  const empty =
    changed.size === 0 && symbols.length === 0 && edges.length === 0 && rereadOutputs.length === 0;
  return {
    schemaVersion: DELTA_SCHEMA_VERSION,
    from: { label: before.label, sourceHash: before.sourceHash },
    to: { label: after.label, sourceHash: after.sourceHash },
    files,
    symbols,
    edges,
    ranking,
    rereadOutputs,
    rereadTaskPacks,
    empty,
  };
}

function fileChanges(before: Record<string, string>, after: Record<string, string>): ContextDelta['files'] {
  const added: string[] = [];
  const removed: string[] = [];
  const modified: string[] = [];
  for (const [path, hash] of Object.entries(after)) {
    if (!(path in before)) added.push(path);
    else if (before[path] !== hash) modified.push(path);
  }
  for (const path of Object.keys(before)) if (!(path in after)) removed.push(path);
  return { added: added.sort(), removed: removed.sort(), modified: modified.sort() };
}

function symbolKey(symbol: SymbolFact): string {
  return `${symbol.container ? `${symbol.container}.` : ''}${symbol.name}\0${symbol.kind}`;
}

function symbolChanges(
  before: Map<string, IndexedFile>,
  after: Map<string, IndexedFile>,
  changed: Set<string>,
): SymbolChange[] {
  const changes: SymbolChange[] = [];
  for (const path of [...changed].sort()) {
    const old = new Map((before.get(path)?.symbols ?? []).map((symbol) => [symbolKey(symbol), symbol]));
    const now = new Map((after.get(path)?.symbols ?? []).map((symbol) => [symbolKey(symbol), symbol]));
    for (const [key, symbol] of now) {
      const previous = old.get(key);
      const name = displayName(symbol);
      if (!previous)
        changes.push({ file: path, name, kind: symbol.kind, change: 'added', line: symbol.line });
      else if (previous.signature !== symbol.signature || previous.exported !== symbol.exported) {
        changes.push({
          file: path,
          name,
          kind: symbol.kind,
          change: 'changed',
          line: symbol.line,
          before: previous.signature,
          after: symbol.signature,
        });
      } else if (previous.endLine - previous.line !== symbol.endLine - symbol.line) {
        changes.push({ file: path, name, kind: symbol.kind, change: 'changed', line: symbol.line });
      }
    }
    for (const [key, symbol] of old) {
      if (!now.has(key))
        changes.push({
          file: path,
          name: displayName(symbol),
          kind: symbol.kind,
          change: 'removed',
          line: symbol.line,
        });
    }
  }
  return changes;
}

function displayName(symbol: SymbolFact): string {
  return symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
}

function edgeKey(edge: GraphEdge): string {
  return `${edge.from}\0${edge.to}\0${edge.kind}\0${edge.typeOnly}\0${edge.specifier}`;
}

/** The edges of `edges` whose key `other` lacks, as changes of kind `change`. */
function edgesMissingFrom(
  edges: Map<string, GraphEdge>,
  other: Map<string, GraphEdge>,
  change: EdgeChange['change'],
): EdgeChange[] {
  return [...edges]
    .filter(([key]) => !other.has(key))
    .map(([, edge]) => ({
      from: edge.from,
      to: edge.to,
      change,
      specifier: edge.specifier,
      line: edge.line,
    }));
}

/**
 * The graph shards whose bytes differ between two sharded builds: only edges from their folders
 * can differ (a shard holds the edges from its files). Undefined when either side is not sharded.
 */
function changedGraphShards(
  before: Record<string, string>,
  after: Record<string, string>,
): ((from: string) => boolean) | undefined {
  if (before[graphHeadPath] === undefined || after[graphHeadPath] === undefined) return undefined;
  const byFolder = new Map<string, boolean>();
  // Asked for every edge of both graphs, which come grouped by `from`: the last answer stands.
  let lastFrom: string | undefined;
  let lastChanged = false;
  return (from) => {
    if (from === lastFrom) return lastChanged;
    const folder = shardOf(from);
    let changed = byFolder.get(folder);
    if (changed === undefined) {
      const path = graphShardPath(folder);
      changed = before[path] === undefined || before[path] !== after[path];
      byFolder.set(folder, changed);
    }
    lastFrom = from;
    lastChanged = changed;
    return changed;
  };
}

/** Edges added and removed; with `inChangedShard`, only edges from files it accepts are compared. */
export function edgeChanges(
  before: DependencyGraph,
  after: DependencyGraph,
  inChangedShard?: (from: string) => boolean,
): EdgeChange[] {
  const compared = (edges: readonly GraphEdge[]) =>
    inChangedShard ? edges.filter((edge) => inChangedShard(edge.from)) : edges;
  const old = new Map(compared(before.edges).map((edge) => [edgeKey(edge), edge]));
  const now = new Map(compared(after.edges).map((edge) => [edgeKey(edge), edge]));
  const changes: EdgeChange[] = [
    ...edgesMissingFrom(now, old, 'added'),
    ...edgesMissingFrom(old, now, 'removed'),
  ];
  return changes.sort(
    (a, b) =>
      compare(a.from, b.from) || compare(a.to, b.to) || compare(a.change, b.change) || a.line - b.line,
  );
}

function rankingMoves(before: FileRank[], after: FileRank[]): RankingMove[] {
  const position = (ranking: FileRank[]) => new Map(ranking.map((entry, index) => [entry.path, index + 1]));
  const old = position(before);
  const now = position(after);
  const candidates = new Set(
    [...before.slice(0, TOP_RANKS), ...after.slice(0, TOP_RANKS)].map((entry) => entry.path),
  );
  const moves: RankingMove[] = [];
  for (const path of candidates) {
    const from = old.get(path) ?? null;
    const to = now.get(path) ?? null;
    const inTopBefore = from !== null && from <= TOP_RANKS;
    const inTopAfter = to !== null && to <= TOP_RANKS;
    if (inTopBefore !== inTopAfter || (from !== null && to !== null && Math.abs(from - to) >= MIN_MOVE)) {
      moves.push({ path, before: from, after: to });
    }
  }
  return moves.sort((a, b) => (a.after ?? Infinity) - (b.after ?? Infinity) || compare(a.path, b.path));
}

export function renderDeltaMarkdown(delta: ContextDelta): string {
  const out = [
    `# Context delta`,
    '',
    `From ${delta.from.label} (\`${delta.from.sourceHash.slice(0, 12)}\`) to ${delta.to.label} (\`${delta.to.sourceHash.slice(0, 12)}\`).`,
    '',
  ];
  if (delta.empty) return `${out.join('\n')}Nothing changed.\n`;
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    out.push(`## ${title} (${items.length})`, ...items.slice(0, 200).map((item) => `- ${item}`));
    if (items.length > 200) out.push(`- … ${items.length - 200} more (see latest.json)`);
    out.push('');
  };
  list(
    'Re-read these generated outputs',
    delta.rereadOutputs.map((path) => `\`${path}\``),
  );
  list(
    'Re-read these task packs',
    delta.rereadTaskPacks.map(
      (entry) => `\`${entry.taskId}\`: ${entry.files.map((path) => `\`${path}\``).join(', ')}`,
    ),
  );
  list(
    'Files modified',
    delta.files.modified.map((path) => `\`${path}\``),
  );
  list(
    'Files added',
    delta.files.added.map((path) => `\`${path}\``),
  );
  list(
    'Files removed',
    delta.files.removed.map((path) => `\`${path}\``),
  );
  list(
    'Symbols',
    delta.symbols.map(
      (entry) =>
        `${entry.change} ${entry.kind} \`${entry.name}\` in \`${entry.file}\`${entry.line ? `:${entry.line}` : ''}${entry.before && entry.after ? ` — \`${entry.before}\` → \`${entry.after}\`` : ''}`,
    ),
  );
  list(
    'Import edges',
    delta.edges.map(
      (entry) =>
        `${entry.change === 'added' ? '+' : '-'} \`${entry.from}\` → \`${entry.to}\` (line ${entry.line})`,
    ),
  );
  list(
    'Ranking moves',
    delta.ranking.map(
      (entry) => `\`${entry.path}\`: ${entry.before ?? 'unranked'} → ${entry.after ?? 'gone'}`,
    ),
  );
  return `${out.join('\n').trimEnd()}\n`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
