/** A test that imports the package of a changed source by its name (`import * as z from 'zod/v4'` in zod's own tests) reaches the change. */
import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

/** A workspace package whose tests import it by name, as nothing installed would resolve, beside a second package. */
function workspace(): FileTree {
  const files: FileTree = {
    'package.json': JSON.stringify({
      name: 'root',
      private: true,
      type: 'module',
      workspaces: ['packages/*'],
      scripts: { test: 'vitest run' },
      devDependencies: { vitest: '1.0.0' },
    }),
    'packages/schema/package.json': JSON.stringify({
      name: 'schema',
      type: 'module',
      exports: { './v4': { types: './dist/v4.d.ts', import: './dist/v4.js' } },
    }),
    'packages/schema/src/v4/index.js': "export { parse } from './core/parse.js';\n",
    'packages/schema/src/v4/core/parse.js': 'export const parse = (input) => input;\n',
    'packages/other/package.json': JSON.stringify({ name: 'other', type: 'module' }),
    'packages/other/src/index.js': 'export const other = 1;\n',
    'packages/other/tests/other.test.js':
      "import { test } from 'vitest'\nimport { other } from 'other'\ntest('other', () => other)\n",
  };
  for (const name of ['cyclic', 'string', 'number', 'object', 'array', 'union']) {
    files[`packages/schema/src/v4/tests/${name}.test.js`] =
      `import { test } from 'vitest'\nimport * as z from 'schema/v4'\ntest('${name}', () => z.parse('${name}'))\n`;
  }
  return files;
}

describe('tests that import a changed package by its name', () => {
  it('selects the package’s own tests that import it by name, with a true reason, and not another package’s', async () => {
    const root = makeRepo(workspace());
    writeTree(root, {
      'packages/schema/src/v4/core/parse.js':
        'export const parse = (input) => (input === undefined ? null : input);\n',
    });
    const selection = await selectTests(root, { share: 1 });
    const files = selection.regression.tests.map((test) => test.file);
    expect(files).toContain('packages/schema/src/v4/tests/cyclic.test.js');
    expect(files).not.toContain('packages/other/tests/other.test.js');
    const cyclic = selection.regression.tests.find((test) => test.file.endsWith('cyclic.test.js'));
    expect(cyclic?.reason).toBe(
      'imports `schema/v4` by name, the package of packages/schema/src/v4/core/parse.js',
    );
  });
});
