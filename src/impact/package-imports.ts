/**
 * Files that import the package of a changed source by its name: `import * as z from "zod/v4"` in
 * zod's own tests, a playground's `vite.config.js` importing `vite`. Without an install nothing
 * resolves such an import to a file (the graph keeps it as an external edge), yet what it loads is
 * the package the change is in. The packages are the scan's (each manifest's name and folder), the
 * imports the graph's external edges.
 */
/** A package as the scan declares it: its name and the folder of its manifest (`.` for the root). */
export interface NamedPackage {
  name: string;
  path: string;
}

/** An import the graph could not resolve to a file of the repository. */
export interface ExternalImport {
  from: string;
  specifier: string;
}

/** A changed package: its name and a changed source in it. */
export interface ChangedPackage {
  name: string;
  source: string;
}

/** The package each changed source is in (the nearest declaring folder), once per package. */
export function changedPackages(
  sources: readonly string[],
  packages: readonly NamedPackage[],
): ChangedPackage[] {
  const found = new Map<string, ChangedPackage>();
  for (const source of sources) {
    const owner = packages
      .filter((entry) => entry.path === '.' || source.startsWith(`${entry.path}/`))
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (owner && !found.has(owner.name)) found.set(owner.name, { name: owner.name, source });
  }
  return [...found.values()];
}

/** The package a specifier names (`zod`, `zod/v4`, `@scope/x/sub`), when it is one of `changed`. */
export function packageNamed(
  specifier: string,
  changed: readonly ChangedPackage[],
): ChangedPackage | undefined {
  return changed.find((entry) => specifier === entry.name || specifier.startsWith(`${entry.name}/`));
}

/** File -> the specifiers of its external imports, for asking which files import a package by name. */
export function externalImportsByFile(imports: readonly ExternalImport[]): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const { from, specifier } of imports) byFile.set(from, [...(byFile.get(from) ?? []), specifier]);
  return byFile;
}

/** The first import of `file` that names a changed package, with the specifier it is imported by. */
export function importOfChangedPackage(
  file: string,
  imports: ReadonlyMap<string, readonly string[]>,
  changed: readonly ChangedPackage[],
): { specifier: string; package: ChangedPackage } | undefined {
  for (const specifier of imports.get(file) ?? []) {
    const named = packageNamed(specifier, changed);
    if (named) return { specifier, package: named };
  }
  return undefined;
}
