import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { benchmarkTests } from '../../src/bench/tests.js';
import { coChangesOf, materialFolderOf } from '../../src/impact/co-change.js';
import { commitAll, type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

const NAMES = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'epsilon',
  'zeta',
  'eta',
  'theta',
  'iota',
  'kappa',
  'lambda',
];

const HELP = "function formatHelp(cmd) {\n  return 'Usage: ' + cmd;\n}\nmodule.exports = { formatHelp };\n";

/** Every test requires the package entry, which loads lib/help.js; only usage.test.js names formatHelp. */
function hubProject(): FileTree {
  const files: FileTree = {
    'package.json': JSON.stringify({ name: 'cli', scripts: { test: 'node --test' } }),
    'index.js': "module.exports = require('./lib/help.js');\n",
    'lib/help.js': HELP,
    'tests/usage.test.js':
      "const { formatHelp } = require('../index.js');\nconst test = require('node:test');\ntest('usage', () => formatHelp('x'));\n",
    'tests/wrap.test.js':
      "const cli = require('../index.js');\nconst test = require('node:test');\ntest('wraps long lines', () => cli);\n",
  };
  for (const name of NAMES)
    files[`tests/${name}.test.js`] =
      `const cli = require('../index.js');\nconst test = require('node:test');\ntest('${name}', () => cli);\n`;
  return files;
}

/** Two past commits change lib/help.js together with tests/wrap.test.js, as a fix and its test do. */
function withHistory(root: string, rounds = 2): void {
  for (let round = 1; round <= rounds; round++) {
    writeTree(root, {
      'lib/help.js': HELP.replace("'Usage: '", `'Usage${'!'.repeat(round)} '`),
      'tests/wrap.test.js': `${hubProject()['tests/wrap.test.js']}// round ${round}\n`,
    });
    commitAll(root, `help: round ${round}`);
  }
}

describe('tests that changed together with the changed file', () => {
  it('keeps a test that names nothing of the change but changed with the file before, and says so', async () => {
    const root = makeRepo(hubProject());
    withHistory(root);
    writeTree(root, { 'lib/help.js': HELP.replace('return', 'return String(cmd) &&') });
    const selection = await selectTests(root);
    const wrap = selection.regression.tests.find((test) => test.file === 'tests/wrap.test.js');
    // The first commit added every file, so each test changed once with lib/help.js; wrap.test.js in all three.
    expect(wrap?.reason).toContain(
      'changed together with lib/help.js in 3 of the last 3 commit(s) that touched it',
    );
    expect(selection.regression.tests.map((test) => test.file)).toContain('tests/usage.test.js');
  });

  it('makes an end-to-end test a candidate when its example project changed with the source, though no import reaches it', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({
        name: 'tool',
        devDependencies: { vitest: '1.0.0' },
        scripts: { test: 'vitest run' },
      }),
      'packages/core/src/plugin.ts': 'export function transform(code: string) {\n  return code;\n}\n',
      'packages/core/src/plugin.spec.ts': "import { transform } from './plugin';\ntransform('x');\n",
    });
    writeTree(root, {
      'playground/app/main.js': "console.log('app');\n",
      'playground/app/__tests__/app.spec.ts': "import { test } from 'vitest';\ntest('page', () => {});\n",
      'playground/other/__tests__/other.spec.ts':
        "import { test } from 'vitest';\ntest('other', () => {});\n",
    });
    commitAll(root, 'playgrounds');
    for (const [round, call] of ['trim', 'trimStart'].entries()) {
      writeTree(root, {
        'packages/core/src/plugin.ts': `export function transform(code: string) {\n  return code.${call}();\n}\n`,
        'playground/app/main.js': `console.log('app', ${round});\n`,
      });
      commitAll(root, `core: ${call}, and the playground that shows it`);
    }
    writeTree(root, {
      'packages/core/src/plugin.ts':
        'export function transform(code: string) {\n  return code.trimEnd();\n}\n',
    });
    const files = (await selectTests(root)).regression.tests;
    const app = files.find((test) => test.file === 'playground/app/__tests__/app.spec.ts');
    expect(app?.reason).toBe(
      'it or its fixtures under playground/app/ changed together with packages/core/src/plugin.ts in 2 of the last 3 commit(s) that touched it',
    );
    expect(files.map((test) => test.file)).not.toContain('playground/other/__tests__/other.spec.ts');
  });

  it('reads only the history before the replayed commit when benchmarking', async () => {
    const { 'lib/help.js': help, ...rest } = hubProject();
    const root = makeRepo(rest);
    writeTree(root, { 'lib/help.js': help! });
    commitAll(root, 'help: add');
    // The replayed commits each change lib/help.js with tests/wrap.test.js. Before the first, no
    // commit pairs them; before the third, the first two do. Seeing the replayed commit itself, or
    // the ones after it, would pair them already in the first.
    withHistory(root, 3);
    const result = await benchmarkTests(root, { commits: 5 });
    const byRound = (round: number) => result.cases.find((entry) => entry.subject === `help: round ${round}`);
    const reason = (round: number) =>
      byRound(round)?.selected.find((test) => test.file === 'tests/wrap.test.js')?.reason ?? '';
    expect(byRound(1)).toBeDefined();
    expect(reason(1)).not.toContain('changed together');
    expect(reason(3)).toContain(
      'changed together with lib/help.js in 2 of the last 3 commit(s) that touched it',
    );
  });

  it('finds a test’s fixture folder around its test folder, never the root or a folder of changed sources', () => {
    expect(materialFolderOf('playground/hmr/__tests__/hmr.spec.ts', [])).toBe('playground/hmr');
    expect(materialFolderOf('tests/test_format.py', [])).toBeUndefined();
    expect(
      materialFolderOf('packages/vite/src/node/__tests__/a.spec.ts', ['packages/vite/src/node/a.ts']),
    ).toBeUndefined();
    const history = [['lib/a.js', 'test/a.test.js'], ['lib/a.js'], ['test/a.test.js', 'test/b.test.js']];
    expect(coChangesOf(history, ['lib/a.js'], ['test/a.test.js', 'test/b.test.js'])).toEqual(
      new Map([
        [
          'test/a.test.js',
          { source: 'lib/a.js', together: 1, sourceCommits: 2, testCommits: 2, association: 0.25 },
        ],
      ]),
    );
  });
});
