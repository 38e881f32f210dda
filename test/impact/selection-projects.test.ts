/** End-to-end tests that reach a package through the project beside them, whose config imports it. */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { commitAll, type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

const CSS = [
  'export function cssPlugin(config) {',
  '  return { name: "css", transform: (code) => code }',
  '}',
  '',
].join('\n');

/** A bundler package and its playground: each playground's spec drives the bundler on the project beside it. */
function playgroundProject(): FileTree {
  const files: FileTree = {
    'package.json': JSON.stringify({
      name: 'root',
      private: true,
      type: 'module',
      scripts: { test: 'vitest run' },
      devDependencies: { vitest: '1.0.0' },
    }),
    'packages/bundler/package.json': JSON.stringify({
      name: 'bundler',
      type: 'module',
      main: 'dist/index.js',
    }),
    'packages/bundler/src/index.js': "export { cssPlugin } from './plugins/css.js'\n",
    'packages/bundler/src/plugins/css.js': CSS,
    'packages/bundler/src/__tests__/css.spec.js':
      "import { test } from 'vitest'\nimport { cssPlugin } from '../plugins/css.js'\ntest('css', () => cssPlugin({}))\n",
    'playground/test-utils.js': "export const page = () => 'page'\n",
  };
  for (const name of ['minify', 'assets', 'worker', 'alias', 'define', 'json', 'wasm', 'hmr']) {
    const option = name === 'minify' ? "build: { cssMinify: 'esbuild' }" : `build: { ${name}: true }`;
    files[`playground/${name}/vite.config.js`] =
      `import { defineConfig } from 'bundler'\nexport default defineConfig({ ${option} })\n`;
    files[`playground/${name}/index.html`] = `<div class="${name}"></div>\n`;
    files[`playground/${name}/__tests__/${name}.spec.js`] =
      `import { test } from 'vitest'\nimport { page } from '../../test-utils.js'\ntest('${name} page', () => page())\n`;
  }
  return files;
}

describe('tests that run a project built on the changed package', () => {
  it('are candidates, ranked by the words their project names', async () => {
    const root = makeRepo(playgroundProject());
    writeTree(root, {
      'packages/bundler/src/plugins/css.js': CSS.replace(
        'transform: (code) => code',
        'transform: (code) => (config.build.cssMinify ? minifyCss(code) : code)',
      ),
    });
    const selection = await selectTests(root, { share: 1 });
    const minify = selection.regression.tests.find(
      (test) => test.file === 'playground/minify/__tests__/minify.spec.js',
    );
    expect(minify?.reason).toContain(
      'runs the project in playground/minify/, whose vite.config.js imports `bundler` (the package of packages/bundler/src/plugins/css.js)',
    );
    expect(minify?.reason).toContain('`cssminify`');
    const others = selection.regression.tests.filter(
      (test) => test.file.startsWith('playground/') && test !== minify,
    );
    expect(others.map((test) => test.file)).toContain('playground/worker/__tests__/worker.spec.js');
    expect(Math.max(...others.map((test) => test.evidence ?? 0))).toBeLessThan(minify?.evidence ?? 0);
  });

  it('read a project whose fixtures hold a link to a folder (vite’s root-resolution/link) without failing on it', async () => {
    const root = makeRepo(playgroundProject());
    mkdirSync(join(root, 'playground/minify/fixtures/real'), { recursive: true });
    writeTree(root, { 'playground/minify/fixtures/real/.gitkeep': '' });
    symlinkSync('real', join(root, 'playground/minify/fixtures/link'));
    commitAll(root, 'a linked folder in a playground');
    writeTree(root, {
      'packages/bundler/src/plugins/css.js': CSS.replace('(code) => code', '(code) => code.trim()'),
    });
    const selection = await selectTests(root, { share: 1 });
    expect(selection.regression.tests.map((test) => test.file)).toContain(
      'playground/minify/__tests__/minify.spec.js',
    );
  });
});
