/**
 * Go names a change removed from a package that importing packages still use. A Go package is
 * its folder: a name is gone when a changed (or deleted) file of the folder declared it at top
 * level and capitalised before the change, and no non-test `.go` file of the folder declares it
 * after. A folder with a file we could not parse is left alone. Importers use the names as
 * `alias.Name`, the alias being the import's own name or the package clause of the folder; dot
 * and blank imports are left alone.
 */
import type { ImportFact, IndexedFile } from '../../index/types.js';
import { TEST_NAMING_CONVENTIONS } from '../../scan/file-kinds.js';
import { directoryOf } from '../../shared/path.js';
import { escapeRegex } from '../../shared/regex.js';
import type { HallucinationInput } from './input.js';
import { blanked, lineAt, memberReads, type RemovedNameUse } from './name-use.js';
import { readRepositoryFile } from './read.js';

const PACKAGE_FILE = /\.go$/;
/** Go's test files (not part of the package an importer sees): the convention's one home is file-kinds. */
const TEST_FILE = TEST_NAMING_CONVENTIONS.find((convention) => convention.id === '*_test.go')!.pattern;

/** Per changed or deleted Go file, the exported names it declared that its package no longer declares. */
export function goneFromGoPackages(
  input: HallucinationInput,
  byPath: ReadonlyMap<string, IndexedFile>,
): Map<string, string[]> {
  const removed = new Map<string, string[]>();
  const folders = new Map<string, string[]>();
  for (const [path, before] of input.before ?? []) {
    if (!PACKAGE_FILE.test(path) || TEST_FILE.test(path) || before.confidence !== 'parsed') continue;
    const folder = directoryOf(path);
    folders.set(folder, [...(folders.get(folder) ?? []), path]);
  }
  for (const [folder, changed] of folders) {
    const declared = declaredInFolder(folder, input.allFiles, byPath);
    if (!declared) continue;
    for (const path of changed) {
      const before = input.before!.get(path)!;
      const gone = [...new Set(before.exports.map((entry) => entry.name))]
        .filter((name) => !declared.has(name))
        .sort();
      if (gone.length > 0) removed.set(path, gone);
    }
  }
  return removed;
}

/** The top-level names the folder's non-test Go files declare now; undefined when one did not parse. */
function declaredInFolder(
  folder: string,
  allFiles: ReadonlySet<string>,
  byPath: ReadonlyMap<string, IndexedFile>,
): Set<string> | undefined {
  const names = new Set<string>();
  for (const path of allFiles) {
    if (!PACKAGE_FILE.test(path) || TEST_FILE.test(path) || directoryOf(path) !== folder) continue;
    const file = byPath.get(path);
    if (file?.confidence !== 'parsed') return undefined;
    for (const symbol of file.symbols) if (!symbol.container) names.add(symbol.name);
  }
  return names;
}

const NOISE = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|`[^`]*`|'(?:[^'\\\n]|\\.)*'/g;

/** Where the Go file `path` uses `alias.Name` of a package folder that lost `Name`. */
export function goRemovedNameUses(
  path: string,
  file: IndexedFile,
  input: Pick<HallucinationInput, 'root' | 'graph'>,
  byPath: ReadonlyMap<string, IndexedFile>,
  removed: ReadonlyMap<string, string[]>,
): RemovedNameUse[] {
  const goneByFolder = new Map<string, Map<string, string>>();
  for (const [module, names] of removed) {
    if (!PACKAGE_FILE.test(module)) continue;
    const folder = directoryOf(module);
    const byName = goneByFolder.get(folder) ?? new Map<string, string>();
    for (const name of names) if (!byName.has(name)) byName.set(name, module);
    goneByFolder.set(folder, byName);
  }
  const uses: RemovedNameUse[] = [];
  let text: string | undefined;
  let code: string | undefined;
  const outgoing = input.graph.edges.filter((edge) => edge.from === path && !edge.external);
  for (const fact of file.imports) {
    const edge = outgoing.find(
      (candidate) => candidate.line === fact.line && candidate.specifier === fact.specifier,
    );
    const gone = edge ? goneByFolder.get(directoryOf(edge.to)) : undefined;
    if (!edge || !gone) continue;
    text ??= readRepositoryFile(input.root, path) ?? '';
    code ??= blanked(text, NOISE);
    const alias = importAlias(text, fact) ?? packageName(byPath.get(edge.to), fact.specifier);
    if (alias === '.' || alias === '_') continue;
    for (const { name, index } of memberReads(code, alias)) {
      const module = gone.get(name);
      if (module && !uses.some((use) => use.name === name && use.module === module))
        uses.push({ module, name, line: lineAt(code, index), how: `as ${alias}.${name}` });
    }
  }
  return uses;
}

/** The name an import spec gives its package (`name "path"`, `. "path"`, `_ "path"`), if any. */
function importAlias(text: string, fact: ImportFact): string | undefined {
  const line = text.split('\n', fact.line)[fact.line - 1] ?? '';
  const spec = new RegExp(`(?:^|[\\s(])([\\w.]+)[ \\t]+"${escapeRegex(fact.specifier)}"`).exec(
    line.replace(/^\s*import\b/, ' '),
  );
  return spec?.[1];
}

/** The package clause of a file of the imported folder, else the import path's last element. */
function packageName(target: IndexedFile | undefined, specifier: string): string {
  const clause = target?.symbols.find((symbol) => symbol.kind === 'module');
  return clause?.name ?? specifier.slice(specifier.lastIndexOf('/') + 1);
}
