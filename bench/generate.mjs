#!/usr/bin/env node
/**
 * Synthetic TypeScript repositories for the speed benchmark: a seeded generator, so the same
 * (files, seed) always gives byte-identical trees and the same git commit.
 *
 * Shape: `src/<layer>/<area>/<feature>/` folders (some with an `internal/` subfolder), each with a
 * barrel `index.ts`; layers import downwards only (ui -> services -> domain -> shared), through
 * barrels, files, `.js` and extensionless specifiers and tsconfig `paths` aliases; type-only
 * imports, a few dynamic imports, a few `require`s of CommonJS modules in `src/legacy/`, a few
 * deliberate cycles, express routers in ui, `*.test.ts` beside sources, package.json, tsconfig,
 * README. Sizes: most modules 1–6 KB, some 6–20 KB, a few 20–40 KB.
 *
 * Usage: node bench/generate.mjs --files 1000 [--seed 1] [--out DIR]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planImports, planLayout } from './generator/plan.mjs';
import { createRandom } from './generator/random.mjs';
import { renderModule, renderTest } from './generator/render-module.mjs';
import {
  INDEX_TS,
  renderApp,
  renderBarrel,
  renderLegacy,
  renderPackageJson,
  renderReadme,
  renderUiAreaBarrel,
  TSCONFIG,
} from './generator/render-project.mjs';
import { PROSE } from './generator/vocabulary.mjs';

export { createRandom };

/** The smallest tree that still has one feature per layer. */
export const MIN_FILES = 40;

/**
 * The whole tree in memory: `files` maps posix paths to text (sorted), `expected` counts what a
 * correct import graph must find.
 */
export function synthesizeRepository({ files: fileCount, seed = 1 }) {
  if (!Number.isInteger(fileCount) || fileCount < MIN_FILES)
    throw new Error(`files must be an integer >= ${MIN_FILES} (got ${fileCount})`);
  const random = createRandom(seed);
  const layout = planLayout(fileCount, random);
  const cycles = planImports(layout, random);
  const tree = new Map();
  tree.set('package.json', renderPackageJson(fileCount));
  tree.set('tsconfig.json', TSCONFIG);
  tree.set('README.md', renderReadme(fileCount, seed));
  tree.set('.gitignore', 'node_modules/\ndist/\n');
  tree.set('src/index.ts', INDEX_TS);
  tree.set('src/app.ts', renderApp(layout.uiAreas));
  layout.legacy.forEach((path, index) => {
    tree.set(path, renderLegacy(path, index, layout.legacy));
  });
  for (const feature of layout.features) {
    tree.set(feature.barrel, renderBarrel(feature, random));
    for (const module of feature.modules) {
      tree.set(module.path, renderModule(module, random));
      if (module.test) tree.set(module.test, renderTest(module, random));
    }
  }
  for (const area of layout.uiAreas) {
    const features = layout.features.filter((feature) => feature.layer === 'ui' && feature.area === area);
    tree.set(`src/ui/${area}/index.ts`, renderUiAreaBarrel(area, features));
  }
  for (const doc of layout.docs)
    tree.set(doc, `# ${posix.basename(doc, '.md')}\n\nAccepted. ${random.pick(PROSE)}\n`);
  if (tree.size !== fileCount)
    throw new Error(`generator bug: planned ${fileCount} files, made ${tree.size}`);
  const sorted = new Map([...tree.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { files: sorted, expected: expectedFacts(layout, cycles) };
}

/** What the import graph of this tree contains, counted while planning it. */
function expectedFacts(layout, cycles) {
  const modules = layout.features.flatMap((feature) => feature.modules);
  const moduleEdges = modules.flatMap((module) => module.imports);
  const routesPerArea = layout.uiAreas.map(
    (area) =>
      layout.features.filter((f) => f.layer === 'ui' && f.area === area && f.modules.some((m) => m.routes))
        .length,
  );
  const internalEdges =
    moduleEdges.length +
    layout.features.reduce((sum, feature) => sum + feature.barrelStatements, 0) +
    modules.filter((module) => module.test).length + // every test imports its module
    (layout.legacy.length - 1) + // each legacy file requires the previous one
    layout.uiAreas.length + // app.ts imports each ui area barrel
    routesPerArea.reduce((sum, count) => sum + count, 0) + // area barrels re-export routers
    1; // index.ts imports app.ts
  return {
    internalEdges,
    typeOnlyImports: moduleEdges.filter((entry) => entry.typeOnly).length,
    dynamicImports: moduleEdges.filter((entry) => entry.kind === 'dynamic').length,
    requires: moduleEdges.filter((entry) => entry.kind === 'require').length + layout.legacy.length - 1,
    aliasImports: moduleEdges.filter((entry) => entry.specifier.startsWith('@')).length,
    cycles,
    features: layout.features.length,
    modules: modules.length,
    tests: modules.filter((module) => module.test).length,
  };
}

/** Files that sit mid-graph (services modules: imported by ui, importing domain): good edit targets. */
export function midGraphFiles(files) {
  return [...files.keys()].filter(
    (path) => /^src\/services\/.*\.ts$/.test(path) && !/(index|\.test)\.ts$/.test(path),
  );
}

/**
 * Writes the tree into `directory` (a new temp dir by default) and commits it with fixed author
 * and dates, so the commit id is reproducible too.
 */
export function generateRepository({ files, seed = 1, directory }) {
  const synthesized = synthesizeRepository({ files, seed });
  const root = directory ?? mkdtempSync(join(tmpdir(), `ocpp-bench-${files}-`));
  let bytes = 0;
  for (const [path, text] of synthesized.files) {
    const target = join(root, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    bytes += Buffer.byteLength(text);
  }
  commitTree(root);
  return {
    root,
    files: synthesized.files.size,
    bytes,
    expected: synthesized.expected,
    editable: midGraphFiles(synthesized.files),
  };
}

/** `git init` + one commit of everything, with fixed identity and dates (a reproducible commit id). */
export function commitTree(root) {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
    GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  };
  const run = (...args) => execFileSync('git', args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  run('init', '-q', '-b', 'main');
  run('config', 'commit.gpgsign', 'false');
  run('add', '-A');
  run('commit', '-q', '--allow-empty', '-m', 'benchmark tree');
}

// ---------------------------------------------------------------- command line

function main(argv) {
  const option = (name, fallback) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : fallback;
  };
  const files = Number(option('files', '1000'));
  const seed = Number(option('seed', '1'));
  const out = option('out');
  if (out) mkdirSync(out, { recursive: true });
  const result = generateRepository({ files, seed, ...(out ? { directory: out } : {}) });
  const { editable, ...summary } = result;
  process.stdout.write(`${JSON.stringify({ ...summary, editable: editable.length }, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
