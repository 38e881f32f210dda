import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dependencyReadingEcosystem,
  ECOSYSTEM_FILES,
  FIXTURE_PATTERNS,
  isAuxiliaryPath,
  isManifest,
  isSeparateTestTree,
  lockfilesOfManifest,
  lockfilesOfTool,
  TEST_NAMING_CONVENTIONS,
  TEST_PATTERNS,
  TYPE_TEST_PATTERNS,
} from '../../src/scan/file-kinds.js';

const SRC = join(import.meta.dirname, '../../src');
const OWNER = 'scan/file-kinds.ts';

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a module without its comments: a doc comment naming a lockfile is prose, not a list. */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

let modules: Array<{ path: string; text: string }> | undefined;

/** Files outside the owner whose code spells `literal`, plainly or escaped for a regular expression. */
function spelledOutside(literal: string, regexEscaped = true): string[] {
  const escaped = regexEscaped ? literal.replace(/[.]/g, '\\.') : literal;
  modules ??= sources(SRC).map((path) => ({
    path: relative(SRC, path),
    text: codeOf(readFileSync(path, 'utf8')),
  }));
  return modules
    .filter(({ path, text }) => path !== OWNER && (text.includes(literal) || text.includes(escaped)))
    .map(({ path }) => path);
}

describe('one owner of file kinds', () => {
  it('no module outside scan/file-kinds.ts spells a lockfile name (each reads the one list)', () => {
    const lockfiles = ECOSYSTEM_FILES.flatMap((entry) => Object.keys(entry.lockfiles));
    expect(lockfiles).toEqual(
      expect.arrayContaining(['pnpm-lock.yaml', 'Cargo.lock', 'poetry.lock', 'go.sum']),
    );
    const found = Object.fromEntries(
      lockfiles.map((name) => [name, spelledOutside(name)]).filter(([, files]) => files!.length > 0),
    );
    expect(found).toEqual({});
  });

  it('no module outside the owner keeps a regular expression listing manifests of several ecosystems', () => {
    const escaped = (name: string) => name.replace(/[.]/g, '\\.');
    const alternations = ECOSYSTEM_FILES.flatMap((left) =>
      ECOSYSTEM_FILES.filter((right) => right !== left).flatMap((right) =>
        left.manifests.flatMap((a) => right.manifests.map((b) => `${escaped(a)}|${escaped(b)}`)),
      ),
    );
    expect(alternations).toContain('package\\.json|pyproject\\.toml');
    const copies = alternations.flatMap((alternation) =>
      spelledOutside(alternation, false).map((path) => `${path}: ${alternation}`),
    );
    expect(copies).toEqual([]);
  });

  it('reads declared dependencies only from the manifests it has a reader for', () => {
    expect(dependencyReadingEcosystem('pkg/package.json')).toBe('node');
    expect(dependencyReadingEcosystem('requirements-dev.txt')).toBe('python');
    expect(dependencyReadingEcosystem('svc/go.mod')).toBe('go');
    expect(dependencyReadingEcosystem('go.work')).toBeUndefined();
    expect(dependencyReadingEcosystem('pom.xml')).toBeUndefined();
    expect(isManifest('pom.xml')).toBe(true);
    for (const entry of ECOSYSTEM_FILES)
      for (const name of entry.dependenciesRead ?? []) expect(entry.manifests).toContain(name);
  });

  it('no module outside the owner keeps its own copy of a test or fixture pattern', () => {
    const patterns = [
      ...TEST_PATTERNS,
      ...FIXTURE_PATTERNS,
      ...TYPE_TEST_PATTERNS,
      ...TEST_NAMING_CONVENTIONS.map((entry) => entry.pattern),
    ];
    const copies = patterns.flatMap((pattern) =>
      spelledOutside(`/${pattern.source}/`, false).map((path) => `${path}: /${pattern.source}/`),
    );
    expect(copies).toEqual([]);
  });

  it('calls a type-test or test-helper tree at the top a separate test tree, as test/ is', () => {
    expect(isSeparateTestTree('test/pipe.js')).toBe(true);
    expect(isSeparateTestTree('test-d/pipe/streaming.test-d.ts')).toBe(true);
    expect(isSeparateTestTree('test-helpers/context.js')).toBe(true);
    expect(isSeparateTestTree('src/pipe.test-d.ts')).toBe(false);
    expect(isSeparateTestTree('lib/test-d/pipe.ts')).toBe(false);
  });

  it('calls a workspace package that is the benchmark suite or the docs site auxiliary, not one that uses them', () => {
    expect(isAuxiliaryPath('packages/bench/metabench.ts')).toBe(true);
    expect(isAuxiliaryPath('apps/docs/app/layout.tsx')).toBe(true);
    expect(isAuxiliaryPath('packages/tsc/bench/union.ts')).toBe(true);
    expect(isAuxiliaryPath('packages/zod/src/v4/core/core.ts')).toBe(false);
    expect(isAuxiliaryPath('packages/docs-theme/src/index.ts')).toBe(false);
    expect(isAuxiliaryPath('src/bench/retrieval.ts')).toBe(false);
  });

  it('answers which lockfiles lock a manifest and which a tool writes', () => {
    expect(Object.keys(lockfilesOfManifest('pyproject.toml')).sort()).toEqual([
      'pdm.lock',
      'poetry.lock',
      'uv.lock',
    ]);
    expect(Object.keys(lockfilesOfManifest('Pipfile'))).toEqual(['Pipfile.lock']);
    expect(lockfilesOfManifest('package.json')['pnpm-lock.yaml']).toBe('pnpm install');
    expect(lockfilesOfTool('bun')).toEqual(['bun.lock', 'bun.lockb']);
    expect(isManifest('gson/pom.xml')).toBe(true);
    expect(isManifest('requirements-dev.txt')).toBe(true);
    expect(isManifest('src/index.ts')).toBe(false);
  });
});
