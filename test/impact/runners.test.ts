/**
 * Runner knowledge on repositories laid out like real ones: each runner detected from the
 * ecosystem's declarations, each selection narrow, each reason true.
 */
import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { cargoTestTargetOf, crateOf, readCrates } from '../../src/impact/packages.js';
import { type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

const pkg = (fields: Record<string, unknown>) => JSON.stringify({ name: 'x', version: '1.0.0', ...fields });

async function selectAfter(files: FileTree, edit: FileTree, share?: number) {
  const root = makeRepo(files);
  writeTree(root, edit);
  return selectTests(root, share === undefined ? {} : { share });
}

const picked = (selection: Awaited<ReturnType<typeof selectTests>>, level: 'minimal' | 'regression') =>
  selection[level].tests.map((test) => test.file);

describe('test runners', () => {
  it('fastify layout: borp runs test/**/*.test.js (from .borp.yaml), tstyche the .tst.ts type tests', async () => {
    const selection = await selectAfter(
      {
        'package.json': pkg({
          main: 'fastify.js',
          scripts: {
            test: 'npm run lint && npm run unit && npm run test:types',
            unit: 'borp',
            'test:types': 'tstyche',
          },
          devDependencies: { borp: '1', tstyche: '3' },
        }),
        '.borp.yaml': "files:\n  - 'test/**/*.test.js'\n",
        'fastify.js': "'use strict'\nconst reply = require('./lib/reply')\nmodule.exports = () => reply\n",
        'lib/reply.js': "'use strict'\nmodule.exports = function reply () {}\n",
        'test/internals/reply.test.js': "const reply = require('../../lib/reply')\nreply()\n",
        'test/reply-media-type.test.js': "const fastify = require('..')\nfastify()\n",
        'test/other.test.js': "const fastify = require('..')\nfastify()\n",
        'test/types/instance.tst.ts': "import fastify from '../../fastify.js'\n",
      },
      { 'lib/reply.js': "'use strict'\nmodule.exports = function reply () { return 1 }\n" },
    );
    expect(selection.notes).toEqual([]);
    expect(
      selection.minimal.tests.map((test) => `${test.runner} ${test.file}: ${test.reason.split(';')[0]}`),
    ).toEqual([
      'borp test/internals/reply.test.js: named after lib/reply.js',
      'borp test/reply-media-type.test.js: named after lib/reply.js',
    ]);
    expect(selection.minimal.commands.map((command) => command.command)).toEqual([
      'npx borp test/internals/reply.test.js test/reply-media-type.test.js',
    ]);
    expect(picked(selection, 'regression')).toContain('test/other.test.js');
    expect(selection.available).toEqual({ borp: 3, tstyche: 1 });
  });

  it('commander layout: node --test picks tests/help.*.test.js for lib/help.js at the minimal level', async () => {
    const tests: FileTree = {};
    for (const name of ['help.sorting', 'help.preformatted', 'command.action', 'options.bool'])
      tests[`tests/${name}.test.js`] = "const { program } = require('../');\nprogram;\n";
    const selection = await selectAfter(
      {
        'package.json': pkg({ scripts: { test: 'node --test && npm run check' }, engines: { node: '>=20' } }),
        'index.js': "const { Help } = require('./lib/help.js');\nexports.program = new Help();\n",
        'lib/help.js': 'class Help {}\nexports.Help = Help;\n',
        ...tests,
      },
      { 'lib/help.js': 'class Help { x() {} }\nexports.Help = Help;\n' },
    );
    expect(picked(selection, 'minimal')).toEqual([
      'tests/help.preformatted.test.js',
      'tests/help.sorting.test.js',
    ]);
    expect(selection.minimal.tests[0]!.reason.split(';')[0]).toBe('named after lib/help.js');
    expect(selection.minimal.commands.map((command) => command.command)).toEqual([
      'node --test tests/help.preformatted.test.js tests/help.sorting.test.js',
    ]);
    // Every test reaches it through index.js: the regression level is the whole suite, one short command.
    expect(selection.regression.commands).toEqual([
      { runner: 'node-test', command: 'node --test', tests: 'all' },
    ]);
  });

  it('gin layout: recovery_test.go alone for recovery.go, run by its test names', async () => {
    const selection = await selectAfter(
      {
        'go.mod': 'module example.com/gin\n\ngo 1.22\n',
        'recovery.go': 'package gin\n\nfunc Recovery() {}\n',
        'context.go': 'package gin\n\nfunc Context() {}\n',
        'recovery_test.go':
          'package gin\n\nimport "testing"\n\nfunc TestRecovery(t *testing.T) {}\n\nfunc TestPanicInHandler(t *testing.T) {}\n',
        'context_test.go': 'package gin\n\nimport "testing"\n\nfunc TestContext(t *testing.T) {}\n',
        'binding/form_test.go': 'package binding\n\nimport "testing"\n\nfunc TestForm(t *testing.T) {}\n',
      },
      { 'recovery.go': 'package gin\n\nfunc Recovery() { _ = 1 }\n' },
    );
    expect(selection.minimal.tests.map((test) => `${test.file}: ${test.reason.split(';')[0]}`)).toEqual([
      'recovery_test.go: named after recovery.go',
    ]);
    // The change names `Recovery`: of the file's two cases, only TestRecovery holds that word.
    expect(selection.minimal.commands.map((command) => command.command)).toEqual([
      "go test -run '^TestRecovery$' ./",
    ]);
  });

  it('ripgrep layout: a crate change reaches the root tests/*.rs of the crates built on it, by -p and --test', async () => {
    const selection = await selectAfter(
      {
        'Cargo.toml':
          '[package]\nname = "ripgrep"\nversion = "1.0.0"\n\n[[bin]]\nname = "rg"\npath = "crates/core/main.rs"\n\n[dependencies]\ngrep = { version = "0.3", path = "crates/grep" }\n\n[workspace]\nmembers = ["crates/grep", "crates/printer"]\n',
        'crates/core/main.rs': 'fn main() {}\n',
        'crates/grep/Cargo.toml':
          '[package]\nname = "grep"\nversion = "0.3.0"\n\n[dependencies]\ngrep-printer = { version = "0.2", path = "../printer" }\n',
        'crates/grep/src/lib.rs': 'pub use grep_printer;\n',
        'crates/printer/Cargo.toml': '[package]\nname = "grep-printer"\nversion = "0.2.0"\n',
        'crates/printer/src/lib.rs': 'pub mod summary;\n',
        'crates/printer/src/summary.rs': 'pub fn summary() {}\n',
        'crates/printer/tests/summary_json.rs': 'fn t() {}\n',
        'tests/regression.rs': 'fn t() {}\n',
        'crates/globset/Cargo.toml': '[package]\nname = "globset"\nversion = "0.4.0"\n',
        'crates/globset/src/lib.rs': 'pub fn glob() {}\n',
        'crates/globset/tests/glob.rs': 'fn t() {}\n',
        'crates/globset/tests/set.rs': 'fn t() {}\n',
        'tests/feature.rs': 'fn t() {}\n',
      },
      { 'crates/printer/src/summary.rs': 'pub fn summary() { let _ = 1; }\n' },
    );
    expect(picked(selection, 'minimal')).toEqual(['crates/printer/tests/summary_json.rs']);
    expect(selection.regression.tests.map((test) => `${test.file}: ${test.reason.split(';')[0]}`)).toEqual([
      'crates/printer/tests/summary_json.rs: named after crates/printer/src/summary.rs',
      'tests/feature.rs: an integration test of crate ripgrep, which depends on grep-printer (crates/printer/src/summary.rs)',
      'tests/regression.rs: an integration test of crate ripgrep, which depends on grep-printer (crates/printer/src/summary.rs)',
    ]);
    expect(selection.regression.commands.map((command) => command.command)).toEqual([
      'cargo test -p ripgrep --test feature --test regression',
      'cargo test -p grep-printer --test summary_json',
    ]);
  });

  it('Cargo targets: modules of one integration-test binary run as that target (tests/<dir>/, autotests = false)', () => {
    const files: Record<string, string> = {
      'Cargo.toml': '[package]\nname = "demo"\nversion = "1.0.0"\n',
      'tests/builder/main.rs': 'mod action;\n',
      'tests/builder/action.rs': '',
      'tests/common/mod.rs': '',
      'tests/cli.rs': '',
      'rg/Cargo.toml':
        '[package]\nname = "rg"\nversion = "1.0.0"\nautotests = false\n\n[[test]]\nname = "integration"\npath = "tests/tests.rs"\n',
      'rg/tests/tests.rs': 'mod regression;\n',
      'rg/tests/regression.rs': '',
    };
    const crates = readCrates(Object.keys(files), (path) => files[path]);
    const target = (path: string) => {
      const crate = crateOf(crates, path);
      return crate && `${crate.name} ${cargoTestTargetOf(crate, path)}`;
    };
    expect(target('tests/builder/action.rs')).toBe('demo builder');
    expect(target('tests/builder/main.rs')).toBe('demo builder');
    expect(target('tests/cli.rs')).toBe('demo cli');
    // A folder without main.rs is shared by the targets: no single target, so the crate's --tests.
    expect(target('tests/common/mod.rs')).toBe('demo undefined');
    expect(target('rg/tests/regression.rs')).toBe('rg integration');
    expect(target('rg/tests/tests.rs')).toBe('rg integration');
  });

  it('gson layout: Maven runs FooTest for Foo and a same-package test that uses a class reaching the change', async () => {
    const main = 'gson/src/main/java/com/google/gson';
    const test = 'gson/src/test/java/com/google/gson';
    const selection = await selectAfter(
      {
        'pom.xml': '<project><modules><module>gson</module></modules></project>\n',
        'gson/pom.xml': '<project><artifactId>gson</artifactId></project>\n',
        [`${main}/Gson.java`]:
          'package com.google.gson;\n\nimport com.google.gson.stream.JsonReader;\n\npublic final class Gson { JsonReader r; }\n',
        [`${main}/stream/JsonReader.java`]: 'package com.google.gson.stream;\n\npublic class JsonReader {}\n',
        [`${test}/stream/JsonReaderTest.java`]:
          'package com.google.gson.stream;\n\npublic class JsonReaderTest {}\n',
        [`${test}/InetTest.java`]:
          'package com.google.gson;\n\npublic class InetTest { Gson gson = new Gson(); }\n',
        [`${test}/UnrelatedTest.java`]: 'package com.google.gson;\n\npublic class UnrelatedTest {}\n',
      },
      {
        [`${main}/stream/JsonReader.java`]:
          'package com.google.gson.stream;\n\npublic class JsonReader { int x; }\n',
      },
    );
    expect(picked(selection, 'minimal')).toEqual([`${test}/stream/JsonReaderTest.java`]);
    expect(picked(selection, 'regression')).toEqual([
      `${test}/InetTest.java`,
      `${test}/stream/JsonReaderTest.java`,
    ]);
    expect(selection.regression.commands.map((command) => command.command)).toEqual([
      'mvn -pl gson -Dtest=InetTest,JsonReaderTest -Dsurefire.failIfNoSpecifiedTests=false test',
    ]);
  });

  it('execa layout: ava runs test/**/*.js without helpers or fixtures; the mirrored test is minimal', async () => {
    const selection = await selectAfter(
      {
        'package.json': pkg({
          type: 'module',
          scripts: { test: 'xo && ava' },
          devDependencies: { ava: '6' },
        }),
        'index.js': "export * from './lib/arguments/escape.js';\n",
        'lib/arguments/escape.js': 'export const escape = (value) => value;\n',
        'test/arguments/escape.js': "import test from 'ava';\nimport { escape } from '../../index.js';\n",
        'test/arguments/escape-no-icu.js':
          "import test from 'ava';\nimport { escape } from '../../index.js';\n",
        'test/helpers/run.js': 'export const run = () => {};\n',
        'test/fixtures/noop.js': 'process.exit(0);\n',
      },
      { 'lib/arguments/escape.js': 'export const escape = (value) => String(value);\n' },
    );
    expect(picked(selection, 'minimal')).toEqual([
      'test/arguments/escape-no-icu.js',
      'test/arguments/escape.js',
    ]);
    expect(selection.available).toEqual({ ava: 2 });
  });

  it('black layout: pytest under testpaths, test_<module>.py named after the module', async () => {
    const selection = await selectAfter(
      {
        'pyproject.toml': '[project]\nname = "black"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
        'src/black/__init__.py': 'from black.ranges import x\n',
        'src/black/ranges.py': 'x = 1\n',
        'tests/test_ranges.py': 'import black\n',
        'tests/test_other.py': 'def test_other():\n    pass\n',
        'tests/data/cases/test_fake.py': 'x = 1\n',
      },
      { 'src/black/ranges.py': 'x = 2\n' },
    );
    expect(picked(selection, 'minimal')).toEqual(['tests/test_ranges.py']);
    expect(selection.minimal.commands.map((command) => command.command)).toEqual([
      'python -m pytest tests/test_ranges.py',
    ]);
  });

  it('says no configured runner runs the tests that import the change (node --test on Node 20 with .ts tests)', async () => {
    const selection = await selectAfter(
      {
        'package.json': pkg({ type: 'module', scripts: { test: 'node --test' }, engines: { node: '>=20' } }),
        'src/calc.ts': 'export const add = (a: number, b: number) => a + b;\n',
        'test/a.test.ts': "import { add } from '../src/calc.js';\nadd(1, 2);\n",
        'test/b.test.ts': "import { add } from '../src/calc.js';\nadd(1, 2);\n",
        'test/c.test.ts': "import { add } from '../src/calc.js';\nadd(1, 2);\n",
      },
      { 'src/calc.ts': 'export const add = (a: number, b: number) => b + a;\n' },
    );
    expect(picked(selection, 'regression')).toEqual([]);
    expect(selection.notes, selection.notes.join('\n')).toHaveLength(1);
    expect(selection.notes[0]).toMatch(
      /^3 test file\(s\) exercise this change \(test\/a\.test\.ts, test\/b\.test\.ts, test\/c\.test\.ts\), but no configured runner runs them \(node-test: .*only \.js, \.mjs and \.cjs/,
    );
    expect(selection.notes.join(' ')).not.toMatch(/no test reaches this change/i);
  });

  it('splits a long selection into readable commands', async () => {
    const files: FileTree = {
      'package.json': pkg({ scripts: { test: 'mocha --recursive' }, devDependencies: { mocha: '10' } }),
      'lib/a.js': 'exports.a = 1;\n',
    };
    for (let index = 0; index < 90; index++)
      files[`test/t${String(index).padStart(2, '0')}.js`] = "require('../lib/a.js');\n";
    for (let index = 0; index < 40; index++) files[`test/other/o${index}.js`] = 'exports.x = 1;\n';
    const selection = await selectAfter(files, { 'lib/a.js': 'exports.a = 2;\n' }, 1);
    expect(selection.minimal.tests).toHaveLength(90);
    const commands = selection.minimal.commands.map((command) => command.command);
    expect(commands).toHaveLength(3);
    for (const command of commands) expect(command.split(' ').length).toBeLessThanOrEqual(42);
  });
});
