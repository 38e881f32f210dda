/**
 * What every query on one built context shares, built once: the corpus (every file's term
 * counts by field), the graph view, the test map and the workspace packages. A session keeps
 * one for all its queries, so a warm query scores files instead of re-reading them.
 */

import type { DependencyGraph } from '../graph/types.js';
import { GraphView } from '../graph/view.js';
import type { IndexedFile } from '../index/types.js';
import { buildCorpus, type Corpus, readCorpusText } from './corpus.js';
import type { LexicalCache } from './lexical-cache.js';
import { detectPackages, type WorkspacePackage } from './packages.js';
import { mapTests, type TestMap } from './test-map.js';

export interface PreparedRetrieval {
  corpus: Corpus;
  graph: GraphView;
  tests: TestMap;
  /** The workspace packages, read from their manifests on first use. */
  packages(): readonly WorkspacePackage[];
}

export interface PrepareInput {
  root: string;
  files: readonly IndexedFile[];
  graph: DependencyGraph;
  cache: LexicalCache;
}

export function prepareRetrieval(input: PrepareInput): PreparedRetrieval {
  const corpus = buildCorpus(input.root, input.files, { cache: input.cache });
  const graph = new GraphView(input.graph);
  let tests: TestMap | undefined;
  let packages: WorkspacePackage[] | undefined;
  return {
    corpus,
    graph,
    get tests() {
      tests ??= mapTests(input.files, graph);
      return tests;
    },
    packages() {
      packages ??= detectPackages(
        input.files.map((file) => file.path),
        (path) => readCorpusText(corpus.root, path),
      );
      return packages;
    },
  };
}
