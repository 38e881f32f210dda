/**
 * Java modules as the build declares them: each Maven module (its `artifactId`) and each JPMS
 * `module-info.java` (its module name and the packages it exports to everyone). A library has no
 * `main`; `context/entrypoints.ts` enters it through the public class named after its module.
 */
import { isAuxiliaryPath, isTestOrFixturePath } from './file-kinds.js';
import type { DeclaredPackage } from './packages.js';
import type { ScannedFile } from './types.js';

export interface JavaModule {
  /** The module's folder (`gson`), `.` for the root. */
  path: string;
  /** Its names: the artifactId (`gson`), the JPMS module name (`com.google.gson`). */
  names: string[];
  /** Packages `module-info.java` exports to everyone; absent when there is no module-info. */
  exports?: string[];
  /** Where the names come from (`gson/pom.xml`, `gson/src/main/java/module-info.java`). */
  evidence: string[];
}

type Read = (path: string) => string | undefined;

export function javaModules(
  files: readonly ScannedFile[],
  packages: readonly DeclaredPackage[],
  read: Read,
): JavaModule[] {
  const modules = new Map<string, JavaModule>();
  const moduleAt = (path: string) => {
    const known = modules.get(path) ?? { path, names: [], evidence: [] };
    modules.set(path, known);
    return known;
  };
  for (const entry of packages) {
    if (!entry.manifest.endsWith('pom.xml') || !entry.name) continue;
    const module = moduleAt(entry.path);
    module.names.push(entry.name);
    module.evidence.push(entry.manifest);
  }
  for (const file of files) {
    if (
      !file.path.endsWith('module-info.java') ||
      isTestOrFixturePath(file.path) ||
      isAuxiliaryPath(file.path)
    )
      continue;
    const declared = moduleInfo(read(file.path) ?? '');
    if (!declared) continue;
    const module = moduleAt(moduleFolderOf(file.path));
    module.names.push(declared.name);
    module.exports = [...(module.exports ?? []), ...declared.exports];
    module.evidence.push(file.path);
  }
  return [...modules.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** `gson/src/main/java/module-info.java` -> `gson`; a module-info outside `src/` sits in its module's folder. */
function moduleFolderOf(path: string): string {
  const segments = path.split('/').slice(0, -1);
  const source = segments.lastIndexOf('src');
  const folder = source >= 0 ? segments.slice(0, source) : segments;
  return folder.length === 0 ? '.' : folder.join('/');
}

/** The module name and its unqualified exports (`exports a.b to c.d;` opens a package to one module only). */
export function moduleInfo(text: string): { name: string; exports: string[] } | undefined {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  const name = /(?:^|\s)module\s+([\w.]+)\s*\{/.exec(code)?.[1];
  if (!name) return undefined;
  const exports = [...code.matchAll(/\bexports\s+([\w.]+)\s*;/g)].map((match) => match[1]!);
  return { name, exports };
}
