/**
 * A change that deletes a test which covered a file the same change edits: the proof goes away
 * with the edit it should prove. "Covered" means the test imported the file before the change
 * (its base imports, resolved like any other) or a naming convention ties it to the file. A
 * test that moved (an added test covering the same file) takes its place and nothing is found.
 * A test whose every imported name the change removed from the file tested code that is gone
 * (a helper replaced by a library call, its unit test deleted with it): nothing is lost.
 */

import { assignTestFiles, type ContractSet, conventionTestsFor } from '../../contracts/index.js';
import { resolverFor } from '../../graph/resolvers/registry.js';
import type { DependencyGraph } from '../../graph/types.js';
import type { IndexedFile } from '../../index/types.js';
import { escapeRegex } from '../../shared/regex.js';
import { findingId, type GuardFinding, type GuardReport } from '../types.js';

export interface DeletedTestsInput {
  root: string;
  files: readonly IndexedFile[];
  graph: DependencyGraph;
  tests: ContractSet['tests'];
  /** Each changed path with its status. */
  changed: ReadonlyArray<{ path: string; status: string }>;
  /** Deleted files' facts before the change (parsed from the base text). */
  before: ReadonlyMap<string, IndexedFile>;
  /** Reads a repository file (manifests the resolver needs); undefined when missing. */
  readFile(path: string): string | undefined;
}

export function checkDeletedTests(input: DeletedTestsInput): GuardReport {
  const findings: GuardFinding[] = [];
  const deleted = input.changed.filter((file) => file.status === 'deleted').map((file) => file.path);
  const tests = assignTestFiles(input.tests.runners, deleted);
  const edited = input.changed
    .filter((file) => file.status !== 'deleted' && !tests.has(file.path))
    .map((file) => file.path);
  const added = input.changed.filter((file) => file.status === 'added' || file.status === 'renamed');
  const addedTests = [
    ...assignTestFiles(
      input.tests.runners,
      added.map((file) => file.path),
    ).keys(),
  ];
  for (const test of [...tests.keys()].sort()) {
    const covered = coveredBy(test, input, edited);
    for (const source of covered) {
      if (addedTests.some((other) => covers(other, source, input))) continue;
      findings.push(findingOf(test, source));
    }
  }
  return { guard: 'impact', findings, checked: { deletedTests: tests.size } };
}

/** The edited files the deleted test covered before the change, less those whose tested code it removed. */
function coveredBy(test: string, input: DeletedTestsInput, edited: readonly string[]): string[] {
  const imports = baseImports(test, input);
  if (subjectDroppedWhatItTested(test, imports, input, edited)) return [];
  const imported = new Set(imports.map((entry) => entry.path));
  return edited.filter(
    (source) =>
      (imported.has(source) || conventionTestsFor(input.tests.conventions, source, [test]).length > 0) &&
      !testedCodeRemoved(source, imports, input),
  );
}

/**
 * The test named what it used from `source` (no namespace, default or bare import) and none of
 * those names is exported any more: the code it tested left with it.
 */
function testedCodeRemoved(
  source: string,
  imports: readonly BaseImport[],
  input: DeletedTestsInput,
): boolean {
  const names = imports.filter((entry) => entry.path === source).flatMap((entry) => entry.names);
  if (names.length === 0 || names.some((name) => name === '*' || name === 'default')) return false;
  const after = input.files.find((file) => file.path === source);
  if (!after) return false;
  const exported = new Set(after.exports.map((entry) => entry.name));
  return names.every((name) => !exported.has(name));
}

function covers(test: string, source: string, input: DeletedTestsInput): boolean {
  return (
    input.graph.edges.some((edge) => edge.from === test && edge.to === source) ||
    conventionTestsFor(input.tests.conventions, source, [test]).length > 0
  );
}

/**
 * The file the test is named after (its subject by the naming convention) was edited and no
 * longer mentions any name the test imported: the test guarded a use the change took out (a
 * regression test of how the subject called a helper). Its imports of the helpers were its tools.
 */
function subjectDroppedWhatItTested(
  test: string,
  imports: readonly BaseImport[],
  input: DeletedTestsInput,
  edited: readonly string[],
): boolean {
  const names = [...new Set(imports.flatMap((entry) => entry.names))].filter(
    (name) => name !== '*' && name !== 'default',
  );
  if (names.length === 0) return false;
  const subjects = edited.filter(
    (source) =>
      namedAfter(test, source) || conventionTestsFor(input.tests.conventions, source, [test]).length > 0,
  );
  return subjects.some((subject) => {
    const text = input.readFile(subject);
    return (
      text !== undefined &&
      names.every((name) => !new RegExp(`(?<![\\w$])${escapeRegex(name)}(?![\\w$])`).test(text))
    );
  });
}

/** `__tests__/plugins/wasm.spec.ts`, `test_wasm.py`, `wasm_test.go` are named after `plugins/wasm.ts`, `wasm.py`, `wasm.go`. */
function namedAfter(test: string, source: string): boolean {
  const stem = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const subject = stem(test)
    .replace(/[._-](spec|test)s?$/, '')
    .replace(/^test_/, '');
  return subject !== '' && subject === stem(source);
}

interface BaseImport {
  path: string;
  /** The names imported (`default`, `*`, or the name); empty for a bare import. */
  names: readonly string[];
}

function baseImports(test: string, input: DeletedTestsInput): BaseImport[] {
  const file = input.before.get(test);
  const resolver = file ? resolverFor(file.language) : undefined;
  if (!file || !resolver) return [];
  const byPath = new Map(input.files.map((entry) => [entry.path, entry]));
  const resolve = resolver.create({
    root: input.root,
    files: new Set(byPath.keys()),
    byPath,
    readFile: input.readFile,
  });
  const targets: BaseImport[] = [];
  for (const fact of file.imports) {
    let resolved: ReturnType<typeof resolve>;
    try {
      resolved = resolve(file, fact);
    } catch {
      // A resolver that cannot handle this import tells us nothing about coverage.
      continue;
    }
    for (const entry of Array.isArray(resolved) ? resolved : [resolved])
      if (entry.type === 'file') targets.push({ path: entry.path, names: fact.names });
  }
  return targets;
}

function findingOf(test: string, source: string): GuardFinding {
  return {
    id: findingId('impact', 'deleted-covering-test', test, source),
    guard: 'impact',
    rule: 'deleted-covering-test',
    severity: 'block',
    message: `This change deletes ${test}, which tested ${source}, and edits ${source}: the edit loses its test.`,
    file: test,
    evidence: [`${test} covered ${source} before the change (an import or the naming convention)`],
    requiredAction: 'add-or-update-tests',
  };
}
