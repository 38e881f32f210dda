/**
 * The guards over an analysed change, as verify, policy and loop run them: the hallucination guard
 * over the changed files plus the unchanged files that import anything the change touched, moved
 * or deleted (with what the changed modules exported before the change), and the deleted-test
 * check. The base text of each modified or deleted script is read here and parsed like any file.
 */
import { parseConfigText } from '../config/parse.js';
import { checkHallucinations } from '../guards/hallucination/guard.js';
import { readRepositoryFile } from '../guards/hallucination/read.js';
import { checkDeletedTests } from '../guards/tests-kept/deleted-tests.js';
import type { GuardReport } from '../guards/types.js';
import { extractFacts } from '../index/extract.js';
import { adapterFor, initAdapters } from '../index/languages/registry.js';
import type { IndexedFile } from '../index/types.js';
import { kindOf, languageOf } from '../scan/classify.js';
import type { Trace } from '../trace/types.js';
import type { ChangeAnalysis } from './change-analysis.js';

export async function guardChange(analysis: ChangeAnalysis, trace?: Trace): Promise<GuardReport[]> {
  const { tree, impact } = analysis;
  const live = impact.changed.filter((file) => file.status !== 'deleted').map((file) => file.path);
  const importers = impact.affected
    .filter((entry) => entry.depth === 1 && entry.reason !== 'unparsed')
    .map((entry) => entry.file);
  const before = await baseFacts(analysis);
  const hallucination = checkHallucinations({
    root: tree.root,
    files: tree.indexed,
    graph: tree.graph,
    allFiles: new Set(tree.files.map((file) => file.path)),
    changedFiles: live,
    importers,
    removedFiles: impact.changed.flatMap((file) =>
      file.status === 'deleted' ? [file.path] : file.previousPath ? [file.previousPath] : [],
    ),
    before,
    ...(trace ? { trace } : {}),
    validateOwnConfig,
  });
  const deletedTests = checkDeletedTests({
    root: tree.root,
    files: tree.indexed,
    graph: tree.graph,
    tests: analysis.contracts.tests,
    changed: impact.changed,
    before,
    readFile: (path) => readRepositoryFile(tree.root, path),
  });
  return [hallucination, deletedTests];
}

/** The facts of each modified or deleted file before the change, for the languages a parser reads. */
async function baseFacts(analysis: ChangeAnalysis): Promise<Map<string, IndexedFile>> {
  const wanted = analysis.impact.changed
    .filter((file) => file.status === 'modified' || file.status === 'deleted')
    .map((file) => ({ path: file.path, language: languageOf(file.path) }))
    .filter((file) => adapterFor(file.language).id !== adapterFor('').id);
  const facts = new Map<string, IndexedFile>();
  if (wanted.length === 0) return facts;
  await initAdapters(new Set(wanted.map((file) => adapterFor(file.language).id)));
  for (const file of wanted) {
    const text = await analysis.change.contents.before(file.path);
    if (text === undefined) continue;
    const extracted = extractFacts({ path: file.path, language: file.language, text });
    facts.set(file.path, {
      ...extracted,
      path: file.path,
      language: file.language,
      kind: kindOf(file.path, file.language),
      hash: '',
      extractor: '',
    });
  }
  return facts;
}

/** Our own config's problems as `key: message` (what the hallucination guard reports for it). */
export function validateOwnConfig(text: string): string[] {
  try {
    parseConfigText(text, 'opencode-plusplus.config.json');
    return [];
  } catch (error) {
    return [(error as { message: string }).message];
  }
}
