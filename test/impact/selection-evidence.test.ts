import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { changedFileTerms, fileHunks } from '../../src/impact/change-terms.js';
import { sameStem } from '../../src/impact/select-rank.js';
import { parseDiffHunks } from '../../src/shared/git.js';
import { type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

/** A commander-like package: every test requires the entry, which loads lib/command.js and lib/help.js. */
function entryProject(): FileTree {
  const files: FileTree = {
    'package.json': JSON.stringify({ name: 'cli', scripts: { test: 'node --test' } }),
    'index.js':
      "const { Command } = require('./lib/command.js');\nconst { Help } = require('./lib/help.js');\nmodule.exports = { Command, Help };\n",
    'lib/command.js':
      "const { Help } = require('./help.js');\nclass Command {\n  parse(argv) {\n    return argv.slice(2);\n  }\n  helpInformation() {\n    return new Help().formatHelp(this);\n  }\n}\nmodule.exports = { Command };\n",
    'lib/help.js':
      "class Help {\n  formatHelp(cmd) {\n    return 'Usage: ' + cmd.constructor.name;\n  }\n  sortOptions(options) {\n    return options;\n  }\n}\nmodule.exports = { Help };\n",
    'tests/usage.test.js':
      "const { Command } = require('../index.js');\nconst test = require('node:test');\ntest('formatHelp', () => new Command().helpInformation().formatHelp);\n",
  };
  for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota'])
    files[`tests/command.${name}.test.js`] =
      `const { Command } = require('../index.js');\nconst test = require('node:test');\ntest('${name}', () => new Command().parse(['node', 'x', '${name}']));\n`;
  return files;
}

describe('test selection by evidence', () => {
  it('keeps the test that mentions the changed method when every test reaches it only through the package entry', async () => {
    const root = makeRepo(entryProject());
    writeTree(root, {
      'lib/help.js':
        "class Help {\n  formatHelp(cmd) {\n    return 'Usage: ' + cmd.constructor.name + '\\n';\n  }\n  sortOptions(options) {\n    return options;\n  }\n}\nmodule.exports = { Help };\n",
    });
    const selection = await selectTests(root, { share: 0.2 });
    const regression = selection.regression.tests;
    // Ten tests: the budget is three ranked tests (a fifth, but at least three); the one that names formatHelp comes first.
    expect(regression.length).toBe(3);
    const help = regression.find((test) => test.file === 'tests/usage.test.js');
    expect(help?.reason).toContain('reaches lib/help.js through');
    expect(help?.reason).toContain('mentions `formatHelp` (changed in lib/help.js)');
    for (const other of regression.filter((test) => test !== help))
      expect(help!.evidence).toBeGreaterThan(other.evidence);
    expect(selection.notes.join(' ')).toContain('7 more test file(s) reach the change');
    // With the whole suite as budget every test that reaches the change is there.
    expect((await selectTests(root, { share: 1 })).regression.tests.length).toBe(10);
  });

  it('ranks a naming pattern by what the tests mention: the test of the changed method before its siblings', async () => {
    const root = makeRepo(entryProject());
    writeTree(root, {
      'lib/command.js':
        "const { Help } = require('./help.js');\nclass Command {\n  parse(argv) {\n    return argv.slice(2).filter(Boolean);\n  }\n  helpInformation() {\n    return new Help().formatHelp(this);\n  }\n}\nmodule.exports = { Command };\n",
    });
    const selection = await selectTests(root, { share: 0.2 });
    // `tests/command.*.test.js` all follow lib/command.js's naming pattern and all mention parse: a
    // budget of three is kept, and `usage.test.js`, which neither follows the pattern nor mentions parse, is not.
    expect(selection.regression.tests.map((test) => test.file)).not.toContain('tests/usage.test.js');
    expect(selection.regression.tests.length).toBe(3);
    for (const test of selection.regression.tests)
      expect(test.reason).toContain('named after lib/command.js');
  });

  it('reaches pytest tests through a conftest.py fixture and keeps those that mention the changed function', async () => {
    const tests: FileTree = {};
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])
      tests[`tests/test_${name}.py`] = `def test_${name}(runner):\n    assert runner.name\n`;
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "pkg"\n\n[tool.pytest.ini_options]\n',
      'pkg/__init__.py': '',
      'pkg/testing.py': 'class Runner:\n    name = "r"\n\n    def invoke(self, cli):\n        return cli()\n',
      'tests/conftest.py':
        'import pytest\nfrom pkg.testing import Runner\n\n@pytest.fixture\ndef runner():\n    return Runner()\n',
      'tests/test_invoke.py': 'def test_invoke(runner):\n    assert runner.invoke(lambda: 1) == 1\n',
      ...tests,
    });
    writeTree(root, {
      'pkg/testing.py':
        'class Runner:\n    name = "r"\n\n    def invoke(self, cli):\n        return cli() or 0\n',
    });
    const selection = await selectTests(root, { share: 0.2 });
    const invoke = selection.regression.tests.find((test) => test.file === 'tests/test_invoke.py');
    expect(invoke?.reason).toContain('loads tests/conftest.py, which reaches pkg/testing.py');
    expect(invoke?.reason).toContain('mentions `invoke` (changed in pkg/testing.py)');
  });

  it('selects a Go test of the same package that mentions the changed function, not only the one named after the file', async () => {
    const others: FileTree = {};
    for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta'])
      others[`${name}_test.go`] =
        `package web\n\nimport "testing"\n\nfunc Test${name}(t *testing.T) { _ = ${name}Value }\n`;
    const root = makeRepo({
      'go.mod': 'module example.com/web\n\ngo 1.22\n',
      'utils.go': 'package web\n\nfunc cleanPath(p string) string { return p }\n',
      'utils_test.go': 'package web\n\nimport "testing"\n\nfunc TestUtils(t *testing.T) {}\n',
      'context_test.go':
        'package web\n\nimport "testing"\n\nfunc TestContext(t *testing.T) { _ = cleanPath("/") }\n',
      ...others,
    });
    writeTree(root, { 'utils.go': 'package web\n\nfunc cleanPath(p string) string { return p + "" }\n' });
    const selection = await selectTests(root, { share: 0.2 });
    const files = selection.regression.tests.map((test) => `${test.level} ${test.file}`);
    expect(files).toContain('minimal utils_test.go');
    expect(files).toContain('regression context_test.go');
    const context = selection.regression.tests.find((test) => test.file === 'context_test.go');
    expect(context?.reason).toMatch(
      /^in the package of utils\.go; mentions `cleanPath` \(changed in utils\.go\)/,
    );
  });

  it('finds the symbols whose lines a diff changed, innermost first, and the words on those lines', () => {
    const hunks = parseDiffHunks(
      [
        'diff --git a/lib/help.js b/lib/help.js',
        '--- a/lib/help.js',
        '+++ b/lib/help.js',
        '@@ -3 +3 @@ class Help {',
        "-    return 'Usage: ' + name;",
        "+    return 'Usage: ' + displayName;",
        '@@ -9,2 +8,0 @@',
        '-  unusedHelper() {}',
        '-',
      ].join('\n'),
    );
    const help = fileHunks(hunks.get('lib/help.js')!);
    expect(help.ranges).toEqual([
      [3, 3],
      [8, 9],
    ]);
    const terms = changedFileTerms('lib/help.js', help, [
      { name: 'Help', kind: 'class', line: 1, endLine: 12 },
      { name: 'formatHelp', kind: 'method', line: 2, endLine: 4, container: 'Help' },
    ]);
    expect(terms.symbols).toEqual(['Help', 'formatHelp']);
    expect(terms.words).toEqual(['displayname', 'name', 'return', 'unusedhelper', 'usage']);
  });

  it('tells a test named after the source itself from one named after a part of it', () => {
    expect(sameStem('test/internals/reply.test.js', 'lib/reply.js')).toBe(true);
    expect(sameStem('tests/test_linegen.py', 'src/black/linegen.py')).toBe(true);
    expect(sameStem('recovery_test.go', 'recovery.go')).toBe(true);
    expect(sameStem('src/test/java/a/FooTest.java', 'src/main/java/a/Foo.java')).toBe(true);
    expect(sameStem('test/types/logger.tst.ts', 'types/logger.d.ts')).toBe(true);
    expect(sameStem('tests/help.sortOptions.test.js', 'lib/help.js')).toBe(false);
    expect(sameStem('tests/command.parse.test.js', 'lib/command.js')).toBe(false);
  });
});
