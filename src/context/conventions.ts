/** Conventions observed in the tree (not prescribed): how tests are named and placed, module style, tooling. */
import { isSeparateTestTree, TEST_NAMING_CONVENTIONS } from '../scan/file-kinds.js';
import type { ScannedFile } from '../scan/types.js';
import type { ModuleStyleFinding } from './module-style.js';
import type { ShardTally } from './tallies.js';

export interface Convention {
  id: string;
  /** One sentence an agent can follow. */
  text: string;
  /** Files or counts behind it. */
  evidence: string;
}

/** The conventions the listing alone shows: how tests are named and placed, tooling files (`listingConventions()`). */
export interface ListingConventions {
  tests: Convention[];
  tooling: Convention[];
}

/** From the scan (tests, tooling) and the index's tallies (module style, import extensions). */
export function observeConventions(
  listed: ListingConventions,
  tally: Pick<ShardTally, 'importExtensions'>,
  moduleStyle: ModuleStyleFinding,
): Convention[] {
  const conventions: Convention[] = [...listed.tests];
  const style = moduleStyleConvention(moduleStyle);
  if (style) conventions.push(style);
  const extensions = relativeImportExtensions(tally.importExtensions);
  if (extensions) conventions.push(extensions);
  conventions.push(...listed.tooling);
  return conventions;
}

/** What the listing shows by itself: a pure function of each file's path, kind and language. */
export function listingConventions(scanned: readonly ScannedFile[]): ListingConventions {
  return { tests: testConventions(scanned), tooling: toolingConventions(scanned) };
}

function testConventions(scanned: readonly ScannedFile[]): Convention[] {
  const conventions: Convention[] = [];
  const tests = scanned.filter((file) => file.kind === 'test' && file.language !== 'json');
  const placement = testPlacement(tests);
  // A separate `__tests__/` tree already says where tests live: the naming line says how files are named.
  const named = placement?.text.includes('`__tests__/`')
    ? TEST_NAMING_CONVENTIONS.filter((entry) => entry.id !== '__tests__/')
    : TEST_NAMING_CONVENTIONS;
  const naming = named
    .map(({ id, pattern, text }) => ({
      id,
      text,
      count: tests.filter((file) => pattern.test(file.path)).length,
    }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count);
  const dominant = naming[0];
  if (dominant) {
    conventions.push({
      id: 'test-naming',
      text: `${dominant.text}.`,
      evidence: `${dominant.count} of ${tests.length} test files`,
    });
  }
  if (placement) conventions.push(placement);
  return conventions;
}

function toolingConventions(scanned: readonly ScannedFile[]): Convention[] {
  const present = new Set(scanned.map((file) => file.path));
  const tooling = [
    ['biome.json', 'Biome formats and lints'],
    ['biome.jsonc', 'Biome formats and lints'],
    ['.prettierrc', 'Prettier formats'],
    ['.prettierrc.json', 'Prettier formats'],
    ['eslint.config.js', 'ESLint lints'],
    ['eslint.config.mjs', 'ESLint lints'],
    ['.eslintrc.json', 'ESLint lints'],
    ['.eslintrc.js', 'ESLint lints'],
    ['.editorconfig', 'EditorConfig sets whitespace'],
    ['ruff.toml', 'Ruff lints'],
    ['rustfmt.toml', 'rustfmt formats'],
  ].filter(([file]) => present.has(file!));
  if (tooling.length === 0) return [];
  const tools = [...new Set(tooling.map(([, text]) => text))];
  return [
    {
      id: 'tooling',
      text: `${tools.join('; ')}: run them before finishing.`,
      evidence: tooling.map(([file]) => file).join(', '),
    },
  ];
}

function testPlacement(tests: readonly ScannedFile[]): Convention | undefined {
  if (tests.length === 0) return undefined;
  const separate = tests.filter((file) => isSeparateTestTree(file.path)).length;
  const colocated = tests.length - separate;
  if (separate >= colocated) {
    // Maven and Gradle keep tests under `src/test/` (of each module): name that tree, not `src/`.
    const folder = mostCommon(
      tests.map((file) => /^(.*?\bsrc\/test)\//.exec(file.path)?.[1] ?? file.path.split('/')[0]!),
    );
    return {
      id: 'test-placement',
      text: `Tests live in a separate \`${folder}/\` tree.`,
      evidence: `${separate} of ${tests.length} test files`,
    };
  }
  return {
    id: 'test-placement',
    text: 'Tests sit next to the code they test.',
    evidence: `${colocated} of ${tests.length} test files`,
  };
}

function moduleStyleConvention(measured: ModuleStyleFinding): Convention | undefined {
  if (measured.esm + measured.commonjs === 0 || !measured.style) return undefined;
  const text = {
    esm: 'ES modules (`import`/`export`).',
    commonjs: 'CommonJS modules (`require`/`module.exports`).',
    mixed: 'Both ES modules and CommonJS are in use: follow the file you edit and its neighbours.',
  }[measured.style];
  return { id: 'module-style', text, evidence: measured.evidence };
}

function relativeImportExtensions(counts: ShardTally['importExtensions']): Convention | undefined {
  const { withJs, without } = counts;
  if (withJs + without < 5) return undefined;
  if (withJs > without * 3) {
    return {
      id: 'import-extensions',
      text: 'Relative imports in TypeScript end in `.js` (NodeNext resolution).',
      evidence: `${withJs} of ${withJs + without} relative imports`,
    };
  }
  if (without > withJs * 3) {
    return {
      id: 'import-extensions',
      text: 'Relative imports omit the file extension.',
      evidence: `${without} of ${withJs + without} relative imports`,
    };
  }
  return undefined;
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}
