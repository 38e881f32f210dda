import { describe, expect, it } from 'vitest';
import { rankFiles } from '../../src/context/rank.js';
import { pageRank } from '../../src/graph/operations/pagerank.js';
import type { DependencyGraph, GraphEdge } from '../../src/graph/types.js';
import { GraphView } from '../../src/graph/view.js';
import type { IndexedFile } from '../../src/index/types.js';
import type { FileKind } from '../../src/scan/types.js';

function indexedFile(path: string, kind: FileKind = 'source'): IndexedFile {
  return {
    path,
    language: 'typescript',
    kind,
    hash: path,
    extractor: 'test@1',
    confidence: 'lexical',
    imports: [],
    exports: [],
    symbols: [],
    routes: [],
    env: [],
    summary: { line: 1, source: 'derived', text: path },
    diagnostics: [],
    lines: 1,
  };
}

function edge(from: string, to: string, external = false): GraphEdge {
  return { from, to, external, kind: 'static', typeOnly: false, specifier: to, line: 1 };
}

function graphOf(files: IndexedFile[], edges: GraphEdge[]): DependencyGraph {
  return {
    files: files.map((file) => file.path).sort(),
    edges,
    externals: [],
    unresolved: [],
    stats: {} as DependencyGraph['stats'],
  };
}

/** The ranking's numbers as a GraphView gives them: PageRank without tests, distinct importers and targets. */
function viewNumbers(graph: DependencyGraph, files: IndexedFile[]) {
  const kinds = new Map(files.map((file) => [file.path, file.kind]));
  const production = graph.edges.filter(
    (item) => !item.external && kinds.get(item.from) !== 'test' && kinds.get(item.to) !== 'test',
  );
  const ranks = pageRank(new GraphView({ ...graph, edges: production }));
  const view = new GraphView(graph);
  return new Map(
    files.map((file) => [
      file.path,
      {
        pagerank: Math.round((ranks.get(file.path) ?? 0) * 1e8) / 1e8,
        importedBy: view.dependentsOf(file.path).length,
        imports: view.dependenciesOf(file.path).length,
      },
    ]),
  );
}

describe('rankFiles', () => {
  const files = [
    indexedFile('src/a.ts'),
    indexedFile('src/b.ts'),
    indexedFile('src/c.ts'),
    indexedFile('src/d.ts'),
    indexedFile('src/lonely.ts'),
    indexedFile('test/a.test.ts', 'test'),
  ];

  it('gives the PageRank and counts a graph view gives, repeated edges counted once', () => {
    const edges = [
      edge('src/a.ts', 'src/b.ts'),
      edge('src/a.ts', 'src/c.ts'),
      edge('src/a.ts', 'src/b.ts'),
      edge('src/a.ts', 'npm:react', true),
      edge('src/b.ts', 'src/c.ts'),
      edge('src/c.ts', 'src/d.ts'),
      edge('src/d.ts', 'src/b.ts'),
      edge('test/a.test.ts', 'src/a.ts'),
      edge('test/a.test.ts', 'src/b.ts'),
    ];
    const graph = graphOf(files, edges);
    const expected = viewNumbers(graph, files);
    const ranking = rankFiles(graph, files, []);
    expect(ranking).toHaveLength(files.length);
    for (const row of ranking) {
      const { pagerank, importedBy, imports } = row;
      expect({ pagerank, importedBy, imports }).toEqual(expected.get(row.path));
    }
    const b = ranking.find((row) => row.path === 'src/b.ts')!;
    expect(b.importedBy).toBe(3);
    expect(ranking.find((row) => row.path === 'src/a.ts')!.imports).toBe(2);
  });

  it('counts an importer once when its edges are not listed together', () => {
    // Not in the graph's sorted order: src/a.ts comes back after src/c.ts.
    const edges = [
      edge('src/a.ts', 'src/b.ts'),
      edge('src/c.ts', 'src/b.ts'),
      edge('src/a.ts', 'src/d.ts'),
      edge('src/a.ts', 'src/b.ts'),
    ];
    const graph = graphOf(files, edges);
    const expected = viewNumbers(graph, files);
    for (const row of rankFiles(graph, files, [])) {
      const { pagerank, importedBy, imports } = row;
      expect({ pagerank, importedBy, imports }).toEqual(expected.get(row.path));
    }
    const ranking = rankFiles(graph, files, []);
    expect(ranking.find((row) => row.path === 'src/b.ts')!.importedBy).toBe(2);
    expect(ranking.find((row) => row.path === 'src/a.ts')!.imports).toBe(2);
  });

  it('leaves tests out of PageRank but counts them as importers, and boosts entrypoints', () => {
    const edges = [edge('test/a.test.ts', 'src/lonely.ts'), edge('src/a.ts', 'src/b.ts')];
    const graph = graphOf(files, edges);
    const ranking = rankFiles(graph, files, [{ path: 'src/a.ts', declared: true, reasons: ['main'] }]);
    const lonely = ranking.find((row) => row.path === 'src/lonely.ts')!;
    const isolated = ranking.find((row) => row.path === 'src/c.ts')!;
    expect(lonely.importedBy).toBe(1);
    expect(lonely.pagerank).toBe(isolated.pagerank);
    const entry = ranking.find((row) => row.path === 'src/a.ts')!;
    expect(entry.reasons).toContain('entrypoint: main');
    expect(entry.score).toBeGreaterThan(isolated.score + 0.3);
  });
});
