/** What test selection reads beyond the graph, gathered at the edge: crates, same-package uses, the change's words, history. */
import type { TreeFile } from '../contracts/index.js';
import type { ImportsOf } from './change-imports.js';
import {
  type BaseText,
  type ChangedFileKind,
  type ChangedFileTerms,
  readSourceChangeTerms,
  type TermSource,
} from './change-terms.js';
import { type Crate, readCrates } from './packages.js';

/** What selection reads of an indexed file: its path and its imports (Rust's `mod x;` is one, kind `module-declaration`). */
export interface DeclaringFile {
  path: string;
  imports: ReadonlyArray<{ kind: string; specifier: string; names: readonly string[] }>;
}

export interface SelectionFacts {
  crates: Crate[];
  /** The modules each Rust file declares at its top level from a file of their own (`mod regression;`), as the index read them. */
  rustModules: ReadonlyMap<string, readonly string[]>;
  /**
   * Java and Kotlin test files -> the main classes of their own package they name: a class sees
   * its package without an import, so the import graph has no edge for these.
   */
  samePackageUses: ReadonlyMap<string, string[]>;
  /** The words of the change per changed source file (see change-terms.ts): what ranks the tests that reach it. */
  changeTerms: readonly ChangedFileTerms[];
  /** A test file's text, for the words it mentions. */
  readTest: (path: string) => string | undefined;
  /**
   * The files each recent commit before HEAD changed, newest first (bulk commits left out): which
   * tests changed together with a changed source (see co-change.ts). Empty outside git.
   */
  pastCommits: ReadonlyArray<readonly string[]>;
}

export const NO_SELECTION_FACTS: SelectionFacts = {
  crates: [],
  rustModules: new Map(),
  samePackageUses: new Map(),
  changeTerms: [],
  readTest: () => undefined,
  pastCommits: [],
};

export function gatherSelectionFacts(
  files: readonly TreeFile[],
  indexed: readonly DeclaringFile[],
  readFile: (path: string) => string | undefined,
  changeTerms: readonly ChangedFileTerms[] = [],
  pastCommits: ReadonlyArray<readonly string[]> = [],
): SelectionFacts {
  return {
    crates: readCrates(
      files.map((file) => file.path),
      readFile,
    ),
    rustModules: rustModulesOf(indexed),
    samePackageUses: samePackageUses(files, readFile),
    changeTerms,
    readTest: readFile,
    pastCommits,
  };
}

/** What `readSelectionFacts` reads a change's facts from: the tree, its index, the change and its base, and history gathered elsewhere. */
export interface SelectionSources {
  root: string;
  baseCommit: string;
  changed: readonly ChangedFileKind[];
  files: readonly TreeFile[];
  indexed: ReadonlyArray<DeclaringFile & TermSource>;
  readFile: (path: string) => string | undefined;
  pastCommits: ReadonlyArray<readonly string[]>;
  /** How the index reads a text's import statements: which changed lines import a module (see change-imports.ts). */
  importsOf?: ImportsOf;
  /** The change's reader of base texts (`ChangeAnalysis.change.contents.before`), so a text the analysis read is not read again. */
  baseText?: BaseText;
}

/** The facts of a change, the words of its changed sources read from git against its base. */
export async function readSelectionFacts(sources: SelectionSources): Promise<SelectionFacts> {
  const { root, baseCommit, changed, files, indexed, readFile, pastCommits, importsOf, baseText } = sources;
  const terms = await readSourceChangeTerms(
    root,
    baseCommit,
    changed,
    indexed,
    readFile,
    importsOf,
    baseText,
  );
  return gatherSelectionFacts(files, indexed, readFile, terms, pastCommits);
}

/** `mod x;` at a file's top level, without a `#[path]` (whose specifier is the path, not the name). */
function rustModulesOf(indexed: readonly DeclaringFile[]): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  for (const file of indexed) {
    if (!file.path.endsWith('.rs')) continue;
    const declared = file.imports
      .filter((entry) => entry.kind === 'module-declaration' && entry.names[0] === entry.specifier)
      .map((entry) => entry.specifier);
    if (declared.length > 0) modules.set(file.path, declared);
  }
  return modules;
}

const JVM_FILE = /^(.*\/)?src\/(main|test)\/(?:java|kotlin)\/(.+)\/([^/]+)\.(?:java|kt)$/;

function samePackageUses(
  files: readonly TreeFile[],
  readFile: (path: string) => string | undefined,
): Map<string, string[]> {
  const mainByPackage = new Map<string, Array<{ path: string; name: string }>>();
  const tests: Array<{ path: string; key: string }> = [];
  for (const file of files) {
    const match = JVM_FILE.exec(file.path);
    if (!match) continue;
    const key = `${match[1] ?? ''}\u0000${match[3]}`;
    if (match[2] === 'main')
      mainByPackage.set(key, [...(mainByPackage.get(key) ?? []), { path: file.path, name: match[4]! }]);
    else tests.push({ path: file.path, key });
  }
  const uses = new Map<string, string[]>();
  for (const test of tests) {
    const classes = mainByPackage.get(test.key);
    const text = classes ? readFile(test.path) : undefined;
    if (!classes || text === undefined) continue;
    const named = classes
      .filter((entry) => new RegExp(`\\b${entry.name}\\b`).test(text))
      .map((entry) => entry.path);
    if (named.length > 0) uses.set(test.path, named.sort());
  }
  return uses;
}
