import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { changedFileTerms, fileHunks, identifierParts } from '../../src/impact/change-terms.js';
import { parseDiffHunks } from '../../src/shared/git.js';
import { runCliInProcess } from '../helpers/cli.js';
import { type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

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
  'mu',
  'nu',
  'xi',
  'omicron',
  'pi',
  'rho',
  'sigma',
  'tau',
  'upsilon',
];

const HELP =
  "class Help {\n  formatHelp(cmd) {\n    return 'Usage: ' + cmd.constructor.name;\n  }\n  sortOptions(options) {\n    return options;\n  }\n}\nmodule.exports = { Help };\n";

/** Every test requires the package entry, which loads lib/help.js: the entry is the hub that reaches everything. */
function hubProject(): FileTree {
  const files: FileTree = {
    'package.json': JSON.stringify({ name: 'cli', scripts: { test: 'node --test' } }),
    'index.js': "const { Help } = require('./lib/help.js');\nmodule.exports = { Help };\n",
    'lib/help.js': HELP,
    'tests/usage.test.js':
      "const { Help } = require('../index.js');\nconst test = require('node:test');\ntest('usage', () => new Help().formatHelp({}));\n",
  };
  for (const name of NAMES)
    files[`tests/${name}.test.js`] =
      `const { Help } = require('../index.js');\nconst test = require('node:test');\ntest('${name}', () => new Help());\n`;
  return files;
}

describe('the size of the regression level', () => {
  it('does not let a file every test imports drag the suite in: weak evidence is dropped, and the note names the hub', async () => {
    const root = makeRepo(hubProject());
    writeTree(root, { 'lib/help.js': HELP.replace("'Usage: '", "'Usage: ' + '\\n'") });
    const selection = await selectTests(root);
    const files = selection.regression.tests.map((test) => test.file);
    // 21 tests: a quarter is five, but only usage.test.js mentions formatHelp; the rest reach
    // lib/help.js only through index.js and mention nothing of it, so the floor of three is all.
    expect(files).toContain('tests/usage.test.js');
    expect(files.length).toBe(3);
    expect(selection.notes.join(' ')).toContain(
      '18 more test file(s) reach the change, most only through index.js, which loads it,',
    );
    // Asked for the whole suite, every test that reaches the change is there.
    expect((await selectTests(root, { share: 1 })).regression.tests.length).toBe(21);
    // The CLI's `tests --share 1` asks the same.
    const run = await runCliInProcess(['tests', root, '--share', '1', '--json'], root);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).regression.tests).toHaveLength(21);
  });

  it('keeps every test that reaches a change of comments alone, and says why: there is nothing to rank by', async () => {
    const root = makeRepo(hubProject());
    writeTree(root, { 'lib/help.js': `${HELP}// formatHelp prints the usage line\n` });
    const selection = await selectTests(root);
    expect(selection.regression.tests.length).toBe(21);
    expect(selection.notes.join(' ')).toContain('The change has no words to rank the tests that reach it by');
  });

  it('reads no words from changed comments, and no symbol around a change of comments alone', () => {
    const diff = (path: string, lines: string[]) =>
      fileHunks(
        parseDiffHunks([`--- a/${path}`, `+++ b/${path}`, '@@ -2,0 +3,2 @@', ...lines].join('\n')).get(path)!,
      );
    const symbols = [{ name: 'formatHelp', kind: 'method', line: 1, endLine: 9 }];
    const comments = changedFileTerms(
      'lib/help.js',
      diff('lib/help.js', ['+  // sortOptions', '+']),
      symbols,
    );
    expect(comments).toEqual({ path: 'lib/help.js', symbols: [], words: [], parts: [] });
    const python = changedFileTerms(
      'pkg/a.py',
      diff('pkg/a.py', ['+    # helper_name', '+    x = other_name']),
      [],
    );
    expect(python.words).toEqual(['other_name']);
    const code = changedFileTerms(
      'lib/help.js',
      diff('lib/help.js', ['+  // why', '+  return sortOptions(x);']),
      symbols,
    );
    expect(code.symbols).toEqual(['formatHelp']);
    expect(code.words).toEqual(['return', 'sortoptions']);
    expect(code.parts).toEqual(['format', 'help', 'options', 'return', 'sort']);
  });

  it('splits identifiers into the parts a test path names', () => {
    expect(identifierParts('handleInputOptions')).toEqual(['handle', 'input', 'options']);
    expect(identifierParts('HTTPServer_errorCode')).toEqual(['http', 'server', 'error', 'code']);
    expect(identifierParts('fd3')).toEqual([]);
  });

  it('ranks first the test whose path names a part of a changed identifier', async () => {
    const files = hubProject();
    files['lib/stdio.js'] =
      'const handleInputOption = (options) => options.input;\nmodule.exports = { handleInputOption };\n';
    files['index.js'] =
      "const { Help } = require('./lib/help.js');\nconst { handleInputOption } = require('./lib/stdio.js');\nmodule.exports = { Help, handleInputOption };\n";
    files['tests/io/input-option.test.js'] =
      "const { handleInputOption: run } = require('../../index.js');\nconst test = require('node:test');\ntest('reads', () => run({}));\n";
    const root = makeRepo(files);
    writeTree(root, {
      'lib/stdio.js':
        'const handleInputOption = (options) => options.input ?? null;\nmodule.exports = { handleInputOption };\n',
    });
    const selection = await selectTests(root);
    const best = [...selection.regression.tests].sort((a, b) => b.evidence - a.evidence)[0];
    expect(best?.file).toBe('tests/io/input-option.test.js');
    expect(best?.reason).toContain(
      'its path names `input`, `option` (part of a word changed in lib/stdio.js)',
    );
  });

  it('keeps every module of a Cargo test binary it keeps one of: the one command builds them all anyway', async () => {
    const modules = NAMES.slice(0, 12);
    const files: FileTree = {
      'Cargo.toml':
        '[package]\nname = "rg"\nversion = "1.0.0"\nautotests = false\n\n[[test]]\nname = "integration"\npath = "tests/tests.rs"\n',
      'src/lib.rs': 'pub fn search_line(text: &str) -> usize {\n    text.len()\n}\n',
      'tests/tests.rs': modules.map((name) => `mod ${name};`).join('\n') + '\n',
    };
    for (const name of modules)
      files[`tests/${name}.rs`] =
        `#[test]\nfn ${name}() {\n    assert!(rg::${name === 'alpha' ? 'search_line("a")' : 'other()'} > 0);\n}\n`;
    const root = makeRepo(files);
    writeTree(root, {
      'src/lib.rs': 'pub fn search_line(text: &str) -> usize {\n    text.trim().len()\n}\n',
    });
    const selection = await selectTests(root);
    // The twelve modules; the root only declares them (support of the target, no test of its own).
    expect(selection.regression.tests.length).toBe(12);
    const rider = selection.regression.tests.find((test) => test.file === 'tests/zeta.rs');
    expect(rider?.reason).toContain(
      '`-p rg --test integration` builds it anyway for a kept test of that binary, so its filter costs no build',
    );
    expect(selection.notes.join(' ')).not.toContain('more test file(s) reach the change');
  });
});
