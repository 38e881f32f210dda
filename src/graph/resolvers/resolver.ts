/** The shape of a module resolver: one file per language family, one line in `registry.ts`. */
import type { ImportFact, IndexedFile } from '../../index/types.js';
import type { Resolution } from '../types.js';

export interface ResolverContext {
  /** Absolute repository root. */
  root: string;
  /** Every indexed file path (posix, relative). */
  files: ReadonlySet<string>;
  /** Indexed files by path, for resolvers that need other files' facts (package names, Go module path). */
  byPath: ReadonlyMap<string, IndexedFile>;
  /** Reads a repository file's text (for manifests such as go.mod or package.json); undefined when missing, an error when unreadable. */
  readFile(path: string): string | undefined;
}

export interface ModuleResolver {
  id: string;
  /** Language ids of the importing files this resolver handles. */
  languages: readonly string[];
  /**
   * Prepares resolution for one repository (reads manifests once) and returns the resolve
   * function. One import may resolve to several files (a Go package directory, a Java wildcard,
   * `from pkg import a, b` naming two submodules): return them all, in a deterministic order.
   */
  create(context: ResolverContext): (from: IndexedFile, fact: ImportFact) => Resolution | Resolution[];
}
