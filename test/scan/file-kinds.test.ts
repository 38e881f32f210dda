import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ECOSYSTEM_FILES,
  FIXTURE_PATTERNS,
  isManifest,
  lockfilesOfManifest,
  lockfilesOfTool,
  TEST_NAMING_CONVENTIONS,
  TEST_PATTERNS,
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

/** Files outside the owner whose code spells `literal`, plainly or escaped for a regular expression. */
function spelledOutside(literal: string, regexEscaped = true): string[] {
  const escaped = regexEscaped ? literal.replace(/[.]/g, '\\.') : literal;
  return sources(SRC)
    .map((path) => ({ path: relative(SRC, path), text: codeOf(readFileSync(path, 'utf8')) }))
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

  it('no module outside the owner keeps its own copy of a test or fixture pattern', () => {
    const patterns = [
      ...TEST_PATTERNS,
      ...FIXTURE_PATTERNS,
      ...TEST_NAMING_CONVENTIONS.map((entry) => entry.pattern),
    ];
    const copies = patterns.flatMap((pattern) =>
      spelledOutside(`/${pattern.source}/`, false).map((path) => `${path}: /${pattern.source}/`),
    );
    expect(copies).toEqual([]);
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
