/**
 * Imports that cannot work: a package no governing manifest declares (new in a changed file: an
 * old undeclared import is not this change's doing), and a relative import that resolves to no file
 * (changed files and the importers of what the change touched, moved or deleted). What the build
 * provides is not missing: a bundler's aliases and externals, the classes protoc generates.
 */
import { isFixturePath, isTestPath } from '../../scan/file-kinds.js';
import { baseName, directoryOf, posix } from '../../shared/path.js';
import { findingId } from '../types.js';
import { type BuildConfigs, knownToBuild } from './build-config.js';
import { type DeclaredDependencies, governingManifests, isDeclared } from './dependencies.js';
import { type GeneratedJavaTypes, isGeneratedJavaImport } from './generated-code.js';
import type { CheckSink, HallucinationInput } from './input.js';
import { nearestFile } from './nearest.js';

const JVM_SOURCE = /\.(java|kt)$/;

/**
 * A relative import into a build-output folder (`../dist/node/cli.js`) that holds no file of
 * the tree: the build writes it, so its absence says nothing about the change.
 */
function isBuildOutput(from: string, specifier: string, allFiles: ReadonlySet<string>): boolean {
  if (!specifier.startsWith('.')) return false;
  const parts = [...from.split('/').slice(0, -1), ...specifier.split('/')];
  const resolved: string[] = [];
  for (const part of parts)
    if (part === '..') resolved.pop();
    else if (part !== '.') resolved.push(part);
  const output = resolved.findIndex((part) => /^(dist|build|out)$/.test(part));
  if (output === -1) return false;
  const folder = `${resolved.slice(0, output + 1).join('/')}/`;
  for (const file of allFiles) if (file.startsWith(folder)) return false;
  return true;
}

export function checkUndeclaredPackages(
  path: string,
  input: HallucinationInput,
  declared: DeclaredDependencies,
  configs: BuildConfigs,
  sink: CheckSink,
): void {
  // Test data is input a test reads, not code run with the project's dependencies (black's
  // `tests/data/cases/*.py` are texts to format, importing whatever the case needs).
  if (isFixturePath(path)) return;
  for (const edge of input.graph.edges) {
    if (edge.from !== path || !edge.external || knownToBuild(configs, path, edge.specifier)) continue;
    const [ecosystem, ...rest] = edge.to.split(':');
    const name = rest.join(':');
    if (ecosystem === 'builtin' || ecosystem === 'url' || !ecosystem) continue;
    // A Python import under `if TYPE_CHECKING:` never runs; the type checker's environment provides it.
    if (edge.typeOnly && edge.from.endsWith('.py')) continue;
    if (importedBefore(path, edge.specifier, input)) continue;
    sink.checked.imports++;
    const governing = governingManifests(declared, ecosystem, path);
    // A test runs in the locked environment, where a transitive package is installed.
    const isTest = isTestPath(path);
    if (governing.length === 0 || isDeclared(declared, ecosystem, name, path, isTest)) continue;
    sink.findings.push({
      id: findingId('hallucination', 'undeclared-package', path, name),
      guard: 'hallucination',
      rule: 'undeclared-package',
      severity: 'block',
      message: `${path} imports "${edge.specifier}", but ${governing.join(' and ')} ${governing.length === 1 ? 'does' : 'do'} not declare ${name}.`,
      file: path,
      line: edge.line,
      evidence: governing.map(
        (manifest) =>
          `${manifest}: ${declared.byManifest.get(manifest)!.names.size} declared name(s), ${name} not among them`,
      ),
      requiredAction: 'repair',
    });
  }
}

/**
 * The changed file imported the package before the change too: an old undeclared import (an
 * optional one under `try: … except ImportError`, a package a dependency brings) is not this
 * change's doing.
 */
function importedBefore(path: string, specifier: string, input: HallucinationInput): boolean {
  return input.before?.get(path)?.imports?.some((fact) => fact.specifier === specifier) ?? false;
}

export function checkMissingModules(
  path: string,
  input: HallucinationInput,
  configs: BuildConfigs,
  generated: GeneratedJavaTypes,
  sink: CheckSink,
  importer = false,
): void {
  for (const entry of input.graph.unresolved) {
    if (entry.from !== path || entry.reason !== 'not-found') continue;
    if (isBuildOutput(path, entry.specifier, input.allFiles) || knownToBuild(configs, path, entry.specifier))
      continue;
    if (JVM_SOURCE.test(path) && isGeneratedJavaImport(generated, entry.specifier)) continue;
    if (!causedByChange(path, entry.specifier, input)) continue;
    sink.checked.imports++;
    const near = nearestFile(entry.specifier, input.allFiles);
    sink.findings.push({
      id: findingId('hallucination', 'missing-module', path, entry.specifier),
      guard: 'hallucination',
      rule: 'missing-module',
      severity: 'block',
      message: `${path}${importer ? ' (not changed, but it imported what this change moved or removed)' : ''} imports "${entry.specifier}", which resolves to no file in the repository${near ? ` (did you mean ${near}?)` : ''}.`,
      file: path,
      line: entry.line,
      evidence: [`resolution: ${entry.detail ?? 'no file matches'}`],
      requiredAction: 'repair',
    });
  }
}

/**
 * Whether an unresolved import is this change's doing: new in a changed file (its base text did
 * not have it), or naming a file the change removed, moved or edited. An unchanged importer's old
 * import of a module the build generates, or a module long gone, was as broken before the change.
 */
function causedByChange(path: string, specifier: string, input: HallucinationInput): boolean {
  const before = input.before?.get(path);
  if (input.changedFiles.includes(path) && !before?.imports?.some((fact) => fact.specifier === specifier))
    return true;
  const words = new Set(specifier.split(/[/.:\\]+/).filter(Boolean));
  words.add(stemOf(specifier.slice(specifier.lastIndexOf('/') + 1)));
  return [...(input.removedFiles ?? []), ...input.changedFiles].some((file) =>
    namesOf(file).some((name) => words.has(name)),
  );
}

/** What an import may call a file: its name without extensions, or its folder's name for a package entry. */
function namesOf(file: string): string[] {
  const parts = file.split('/');
  const base = parts[parts.length - 1]!;
  const names = [stemOf(base), base.replace(/\.[^.]*$/, '')];
  if (/^(index|__init__|mod|main|lib)\./.test(base) && parts.length > 1) names.push(parts[parts.length - 2]!);
  return names;
}

function stemOf(base: string): string {
  return base.replace(/\..*$/, '');
}

/**
 * An import anywhere in the tree that named a module the change deleted or moved, found by the
 * module's name where the graph cannot tie it to the removed path: a Python dotted import
 * (`from complex.cli import x`, now read as a package), a Java import of a deleted class, a Rust
 * `mod x;` whose file moved.
 */
export function checkImportsOfRemoved(input: HallucinationInput, sink: CheckSink): void {
  const removed = input.removedFiles ?? [];
  if (removed.length === 0) return;
  const imports = [
    ...input.graph.edges.filter((edge) => edge.external),
    ...input.graph.unresolved.filter((entry) => entry.reason === 'not-found'),
  ];
  for (const entry of imports) {
    if (!/^[\w.]+$/.test(entry.specifier)) continue;
    const gone = removedModule(entry, removed);
    if (!gone) continue;
    sink.checked.imports++;
    sink.findings.push({
      id: findingId('hallucination', 'missing-module', entry.from, entry.specifier),
      guard: 'hallucination',
      rule: 'missing-module',
      severity: 'block',
      message: `${entry.from} (not changed, but it imported what this change moved or removed) imports "${entry.specifier}", which was ${gone} before this change.`,
      file: entry.from,
      line: entry.line,
      evidence: [`${gone} is deleted or moved by this change`],
      requiredAction: 'repair',
    });
  }
}

/** The removed file an import named: a Python dotted module, a Java type, a Rust `mod x;`. */
function removedModule(
  entry: { from: string; specifier: string },
  removed: readonly string[],
): string | undefined {
  if (entry.from.endsWith('.rs')) return removedRustModule(entry.from, entry.specifier, removed);
  if (JVM_SOURCE.test(entry.from)) return removedJvmType(entry.specifier, removed);
  const module = entry.specifier.replace(/\./g, '/');
  // A one-word name (`yaml`) is a package far more often than a nested file of that name.
  const nested = module.includes('/');
  return removed.find((file) =>
    [`${module}.py`, `${module}/__init__.py`].some(
      (tail) => file === tail || file === `src/${tail}` || (nested && file.endsWith(`/${tail}`)),
    ),
  );
}

/**
 * `mod scan;` names `scan.rs` or `scan/mod.rs` beside the declaring file when that file owns its
 * folder (`mod.rs`, `lib.rs`, `main.rs`, a binary's root), else in the folder named after it.
 */
function removedRustModule(from: string, specifier: string, removed: readonly string[]): string | undefined {
  if (!/^\w+$/.test(specifier)) return undefined;
  const folder = directoryOf(from);
  const bases = [folder, posix.join(folder, baseName(from).replace(/\.rs$/, ''))];
  return removed.find((file) =>
    bases.some(
      (base) =>
        file === posix.join(base, `${specifier}.rs`) || file === posix.join(base, specifier, 'mod.rs'),
    ),
  );
}

/** `import com.x.Foo` (or `com.x.Foo.Inner`, `com.x.Foo.member`) names `com/x/Foo.java` under any source root. */
function removedJvmType(specifier: string, removed: readonly string[]): string | undefined {
  const segments = specifier.replace(/\.\*$/, '').split('.');
  for (let length = segments.length; length >= 2; length--) {
    const module = segments.slice(0, length).join('/');
    const gone = removed.find((file) =>
      [`${module}.java`, `${module}.kt`].some((tail) => file === tail || file.endsWith(`/${tail}`)),
    );
    if (gone) return gone;
  }
  return undefined;
}
