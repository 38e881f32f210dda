/**
 * Java import resolution by declared package, so any source root works (`src/main/java`,
 * `src/test/java`, multi-module builds, flat layouts): each file is known by its `package` and
 * by its file name and top-level types (`com.x.Y` -> the `Y.java` declaring `package com.x`).
 * - `import com.x.Y` -> that file; a longer path (`com.x.Y.Inner`, `import static com.x.Y.m`)
 *   falls back to its longest known prefix. When several files declare the same type (two
 *   modules), the one sharing the longest path prefix with the importer wins.
 * - `import com.x.*` -> every file of package `com.x`, in path order (or the type `com.x`
 *   names, for static and nested-type wildcards).
 * - `java.`, `javax.` (except the Jakarta EE APIs that ship as Maven artifacts), `jdk.`, `sun.`,
 *   `com.sun.` and the JDK's `org.xml.sax`, `org.w3c.dom`, `org.ietf.jgss` are
 *   `builtin:java:<package>`; an import inside one of the repository's own packages that
 *   matches no file is `not-found`; the rest is `maven:<first three package segments>`.
 * Same-package references need no import and get no edge.
 */
import type { IndexedFile } from '../../index/types.js';
import type { Resolution } from '../types.js';
import type { ModuleResolver, ResolverContext } from './resolver.js';

const JDK_PREFIX = /^(java|javax|jdk|sun|com\.sun|org\.xml\.sax|org\.w3c\.dom|org\.ietf\.jgss)\./;
const JAKARTA_IN_JAVAX =
  /^javax\.(servlet|inject|persistence|validation|ws|ejb|faces|enterprise|mail|jms|json|websocket|batch|cache)\./;

export const javaResolver: ModuleResolver = {
  id: 'java',
  languages: ['java'],
  create(context) {
    const index = indexPackages(context);
    return (from, fact) => {
      // main sources do not see test sources, even in the same package
      const visible = (path: string) => from.kind === 'test' || !index.tests.has(path);
      const specifier = fact.specifier;
      if (specifier.endsWith('.*')) {
        const name = specifier.slice(0, -2);
        const files = index.packages.get(name)?.filter(visible) ?? [];
        if (files.length > 0) return files.map((path): Resolution => ({ type: 'file', path }));
        const type = findType(index, name.split('.'), from.path, visible);
        return type ? { type: 'file', path: type } : classify(index, name, true);
      }
      const type = findType(index, specifier.split('.'), from.path, visible);
      return type ? { type: 'file', path: type } : classify(index, specifier, false);
    };
  },
};

interface PackageIndex {
  /** Files by fully qualified type name (`com.x.Y`). */
  types: Map<string, string[]>;
  /** Files by package, sorted. */
  packages: Map<string, string[]>;
  /** Every package the repository declares: imports inside them are ours. */
  ownPackages: Set<string>;
  /** Files classified as tests (`src/test/java/...`). */
  tests: Set<string>;
}

function indexPackages(context: ResolverContext): PackageIndex {
  const index: PackageIndex = {
    types: new Map(),
    packages: new Map(),
    ownPackages: new Set(),
    tests: new Set(),
  };
  const add = (map: Map<string, string[]>, key: string, path: string) => {
    const list = map.get(key);
    if (!list) map.set(key, [path]);
    else if (!list.includes(path)) list.push(path);
  };
  const javaFiles = [...context.byPath.values()].filter((file) => file.language === 'java');
  for (const file of javaFiles.sort((a, b) => compare(a.path, b.path))) {
    const declared = packageOf(file);
    if (file.kind === 'test') index.tests.add(file.path);
    const qualify = (name: string) => (declared ? `${declared}.${name}` : name);
    const stem = file.path.slice(file.path.lastIndexOf('/') + 1).replace(/\.java$/, '');
    add(index.types, qualify(stem), file.path);
    for (const symbol of file.symbols)
      if (!symbol.container && ['class', 'interface', 'enum'].includes(symbol.kind))
        add(index.types, qualify(symbol.name), file.path);
    if (declared) {
      add(index.packages, declared, file.path);
      index.ownPackages.add(declared);
    }
  }
  return index;
}

function packageOf(file: IndexedFile): string {
  return file.symbols.find((symbol) => symbol.kind === 'module' && !symbol.container)?.name ?? '';
}

/** The file of the longest prefix of `segments` that is a known type (at least `package.Type`). */
function findType(
  index: PackageIndex,
  segments: string[],
  importer: string,
  visible: (path: string) => boolean,
): string | undefined {
  for (let length = segments.length; length >= Math.min(2, segments.length); length--) {
    const candidates = index.types.get(segments.slice(0, length).join('.'))?.filter(visible) ?? [];
    if (candidates.length > 0) return nearest(candidates, importer);
  }
  return undefined;
}

/** The candidate sharing the longest path prefix with the importer (the same build module); ties by path. */
function nearest(candidates: string[], importer: string): string {
  let best = candidates[0]!;
  let bestShared = -1;
  for (const candidate of candidates) {
    let shared = 0;
    while (shared < candidate.length && candidate[shared] === importer[shared]) shared++;
    if (shared > bestShared) {
      best = candidate;
      bestShared = shared;
    }
  }
  return best;
}

/** An import that names no repository file: the JDK, a Maven artifact, or one of ours that is missing. */
function classify(index: PackageIndex, name: string, wildcard: boolean): Resolution {
  const segments = name.split('.');
  const packageSegments = wildcard
    ? packageSegmentsOf(segments, segments.length)
    : packageSegmentsOf(segments);
  const javaPackage = packageSegments.join('.');
  if (JDK_PREFIX.test(`${name}.`) && !JAKARTA_IN_JAVAX.test(`${name}.`))
    return { type: 'external', ecosystem: 'builtin', name: `java:${javaPackage}`, builtin: true };
  const ours = [...index.ownPackages].some((own) => javaPackage === own || javaPackage.startsWith(`${own}.`));
  if (ours) return { type: 'unresolved', reason: 'not-found', detail: `no file declares ${name}` };
  return { type: 'external', ecosystem: 'maven', name: packageSegments.slice(0, 3).join('.') };
}

/** Segments before the first capitalised one (the type): `org.junit.Assert.assertEquals` -> `org.junit`. */
function packageSegmentsOf(segments: string[], limit = segments.length - 1): string[] {
  const type = segments.findIndex((segment) => /^[A-Z]/.test(segment));
  const end = type === -1 ? limit : Math.min(type, limit);
  return segments.slice(0, Math.max(1, end));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
