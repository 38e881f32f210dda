/**
 * The test selection of an analysed change: the facts it reads (crates, test names, the change's
 * words and imports, history) gathered here, the choice itself made by the impact stage.
 */

import {
  buildTestSelection,
  type RunnableTests,
  readSelectionFacts,
  runnableTests,
  type TestSelection,
} from '../impact/index.js';
import { extractFacts } from '../index/extract.js';
import { adapterFor, initAdapters } from '../index/languages/registry.js';
import { loadChangeHistory } from '../retrieve/history.js';
import { languageOf } from '../scan/classify.js';
import type { ChangeAnalysis } from './change-analysis.js';

/** The selection and the suite it chose from (`benchmark tests` counts against the same one). */
export async function selectionWithSuite(
  analysis: ChangeAnalysis,
  share?: number,
): Promise<{ selection: TestSelection; suite: RunnableTests }> {
  const { tree } = analysis;
  // Read-only: choosing tests writes nothing, not even the history cache retrieval keeps.
  const history = await loadChangeHistory(tree.root, tree.config.config.retrieve.historyCommits, true);
  const facts = await readSelectionFacts({
    root: tree.root,
    baseCommit: analysis.change.changes.base.commit,
    changed: analysis.impact.changed,
    files: tree.files,
    indexed: tree.indexed,
    readFile: tree.inference.readFile,
    pastCommits: history?.commits ?? [],
    importsOf: await importReader(analysis.impact.changed.map((file) => file.path)),
    baseText: (path) => analysis.change.contents.before(path),
  });
  const options = {
    impact: analysis.impact,
    files: tree.files,
    contracts: analysis.contracts,
    facts,
    packages: tree.project.packages,
    externalImports: tree.graph.edges.filter((edge) => edge.external),
  };
  const selection = buildTestSelection(share === undefined ? options : { ...options, share });
  const paths = tree.files.map((file) => file.path);
  return { selection, suite: runnableTests(analysis.contracts.tests.runners, paths, facts) };
}

/** The index's reading of a text's import statements, with the adapters of the changed files' languages loaded. */
async function importReader(
  paths: readonly string[],
): Promise<(path: string, text: string) => ReadonlyArray<{ specifier: string; line: number }>> {
  await initAdapters(new Set(paths.map((path) => adapterFor(languageOf(path)).id)));
  return (path, text) => extractFacts({ path, language: languageOf(path), text }).imports;
}
