/**
 * Test cases as units: the cases each language's files declare, the cases a change's words point
 * at, and commands that run just those — run for real where the runner is on this machine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { findTestCases } from '../../src/impact/cases/index.js';
import { rustTestMacros } from '../../src/impact/cases/rust.js';
import { type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

const titles = (path: string, text: string, macros: string[] = []) =>
  findTestCases(path, text, { rustMacros: macros }).map(
    (testCase) =>
      `${testCase.line}-${testCase.endLine} ${testCase.titles.join(' > ')}${testCase.literal ? '' : ' (not literal)'}`,
  );

/** Runs a shell command in a repository; its output and exit code. */
function run(root: string, command: string): { output: string; code: number } {
  const result = spawnSync('sh', ['-c', command], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { output: `${result.stdout}${result.stderr}`, code: result.status ?? -1 };
}

const has = (program: string, ...args: string[]) => spawnSync(program, args).status === 0;

describe('finding test cases', () => {
  it('JavaScript: nested describe/it with literal titles, through regex literals and templates; .each and templates are not literal', () => {
    const text = [
      "describe('Help', () => {",
      "  const re = /[)}]'/g; const t = `x ${'}'} y`",
      "  it('sorts options', () => { expect(re).toBe(t) })",
      '  describe("inner", function () {',
      '    test(`wraps ${width}`, () => {})',
      '    it.each([1, 2])("runs %s", () => {})',
      '  })',
      '})',
      "test('top', async () => {})",
    ].join('\n');
    expect(titles('a.test.js', text)).toEqual([
      '3-3 Help > sorts options',
      '5-5 Help > inner >  (not literal)',
      '6-6 Help > inner >  (not literal)',
      '9-9 top',
    ]);
  });

  it('pytest: top-level functions and methods of test classes, decorators included; helpers and other classes are no cases', () => {
    const text = [
      'import pytest',
      '',
      '@pytest.mark.parametrize("x", [1, 2])',
      'def test_one(x):',
      '    assert x',
      '',
      'def helper():',
      '    def test_nested():',
      '        pass',
      '',
      'class TestLexer:',
      '    def test_empty(self):',
      '        assert True',
      '',
      '    def setup_method(self):',
      '        pass',
      '',
      'class Other:',
      '    def test_not_collected(self):',
      '        pass',
    ].join('\n');
    expect(titles('tests/test_x.py', text)).toEqual(['3-5 test_one', '12-13 TestLexer > test_empty']);
  });

  it('pytest: a multi-line string at column 0 (an expected output) neither ends a case nor declares one', () => {
    const text = [
      'def test_format():',
      '    source = """',
      'def test_inside_the_string():',
      '    pass',
      '"""',
      '    assert fmt(source) == (',
      '        "x"',
      ')',
      '',
      'def test_next():',
      '    assert True',
    ].join('\n');
    expect(titles('tests/test_fmt.py', text)).toEqual(['1-8 test_format', '10-11 test_next']);
  });

  it('Go: top-level TestX(t *testing.T), not TestMain, benchmarks or helpers', () => {
    const text = [
      'package gin',
      'func TestMain(m *testing.M) { m.Run() }',
      'func TestRecovery(t *testing.T) {',
      '\ts := "}"',
      '\tt.Run("sub", func(t *testing.T) {})',
      '}',
      'func BenchmarkX(b *testing.B) {}',
      'func helper(t *testing.T) {}',
    ].join('\n');
    expect(titles('recovery_test.go', text)).toEqual(['3-6 TestRecovery']);
  });

  it("Rust: #[test] fns by their module path inside the file, and a macro's tests (ripgrep's rgtest!)", () => {
    const macros = rustTestMacros(
      'macro_rules! rgtest {\n    ($name:ident, $fun:expr) => {\n        #[test]\n        fn $name() { $fun() }\n    };\n}\n',
    );
    expect(macros).toEqual(['rgtest']);
    const text = [
      "fn helper() -> char { '}' }",
      'rgtest!(r16, |dir: Dir| {',
      '    let s = r#"}"#;',
      '});',
      'mod tests {',
      '    #[test]',
      "    fn lifetimes<'a>(x: &'a str) {}",
      '    #[tokio::test]',
      '    async fn runs() {}',
      '}',
    ].join('\n');
    expect(titles('tests/regression.rs', text, macros)).toEqual([
      '2-4 r16',
      '6-7 tests > lifetimes',
      '8-9 tests > runs',
    ]);
  });
});

const pkg = (fields: Record<string, unknown>) => JSON.stringify({ name: 'x', version: '1.0.0', ...fields });

async function changed(files: FileTree, edit: FileTree) {
  const root = makeRepo(files);
  writeTree(root, edit);
  return { root, selection: await selectTests(root) };
}

describe('narrowing a selected file to its cases', () => {
  it('node:test: runs only the cases that mention the changed function, and the command runs just them', async () => {
    const { root, selection } = await changed(
      {
        'package.json': pkg({ scripts: { test: 'node --test' }, engines: { node: '>=20' } }),
        'lib/text.js': 'exports.wrap = (s) => s\nexports.pad = (s) => s\nexports.trim = (s) => s\n',
        'test/text.test.js': [
          "const { describe, it } = require('node:test')",
          "const text = require('../lib/text.js')",
          "describe('text', () => {",
          "  it('wraps long lines', () => { text.wrap('a'); console.log('RAN wraps') })",
          "  it('pads', () => { text.pad('a'); console.log('RAN pads') })",
          "  it('trims', () => { text.trim('a'); console.log('RAN trims') })",
          '})',
          '',
        ].join('\n'),
      },
      {
        'lib/text.js':
          'exports.wrap = (s) => s.slice(0, 80)\nexports.pad = (s) => s\nexports.trim = (s) => s\n',
      },
    );
    const test = selection.minimal.tests.find((entry) => entry.file === 'test/text.test.js');
    expect(test?.cases?.map((testCase) => testCase.name)).toEqual(['text > wraps long lines']);
    expect(test?.reason).toContain('runs 1 of its 3 cases, those that mention `wrap`');
    const [command] = selection.minimal.commands.map((entry) => entry.command);
    expect(command).toBe("node --test --test-name-pattern '(^| )wraps long lines$' test/text.test.js");
    const { output, code } = run(root, command!);
    expect(code).toBe(0);
    expect(output).toContain('RAN wraps');
    expect(output).not.toContain('RAN pads');
    expect(output).not.toContain('RAN trims');
  });

  it('runs the whole file when the change names nothing that tells its cases apart', async () => {
    const { selection } = await changed(
      {
        'package.json': pkg({ scripts: { test: 'node --test' }, engines: { node: '>=20' } }),
        'lib/text.js': 'exports.wrap = (s) => s\n',
        'test/text.test.js':
          "const { it } = require('node:test')\nconst text = require('../lib/text.js')\nit('a', () => text.wrap(1))\nit('b', () => text.wrap(2))\n",
      },
      { 'lib/text.js': 'exports.wrap = (s) => String(s)\n' },
    );
    expect(selection.minimal.tests.map((test) => [test.file, test.cases])).toEqual([
      ['test/text.test.js', undefined],
    ]);
    expect(selection.minimal.commands.map((entry) => entry.command)).toEqual([
      'node --test test/text.test.js',
    ]);
  });

  it.skipIf(!has('python3', '-m', 'pytest', '--version'))(
    'pytest: node ids of the chosen cases, and pytest runs just them',
    async () => {
      const { root, selection } = await changed(
        {
          'pyproject.toml': '[project]\nname = "tx"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
          'tx/__init__.py': '',
          'tx/ranges.py': 'def merge(a):\n    return a\n\ndef split(a):\n    return a\n',
          'tests/test_ranges.py': [
            'from tx.ranges import merge, split',
            '',
            'class TestMerge:',
            '    def test_merge_empty(self):',
            '        assert merge([]) == []',
            '',
            'def test_split():',
            '    assert split([1]) == [1]',
            '',
          ].join('\n'),
        },
        { 'tx/ranges.py': 'def merge(a):\n    return list(a)\n\ndef split(a):\n    return a\n' },
      );
      const [command] = selection.minimal.commands.map((entry) => entry.command);
      expect(command).toBe('python -m pytest tests/test_ranges.py::TestMerge::test_merge_empty');
      const { output, code } = run(
        root,
        `${command!.replace(/^python /, 'python3 ')} -q -p no:cacheprovider`,
      );
      expect(code).toBe(0);
      expect(output).toMatch(/\b1 passed\b/);
    },
  );

  it.skipIf(!has('go', 'version'))(
    'go: -run names the chosen test functions, and go test runs just them',
    async () => {
      const { root, selection } = await changed(
        {
          'go.mod': 'module example.com/tx\n\ngo 1.19\n',
          'ranges.go':
            'package tx\n\nfunc Merge(a int) int { return a }\n\nfunc Split(a int) int { return a }\n',
          'ranges_test.go': [
            'package tx',
            '',
            'import "testing"',
            '',
            'func TestMergeOne(t *testing.T) { t.Log("RAN merge"); Merge(1) }',
            '',
            'func TestSplitOne(t *testing.T) { t.Log("RAN split"); Split(1) }',
            '',
          ].join('\n'),
        },
        {
          'ranges.go':
            'package tx\n\nfunc Merge(a int) int { return a + 0 }\n\nfunc Split(a int) int { return a }\n',
        },
      );
      const command = selection.regression.commands
        .map((entry) => entry.command)
        .find((line) => line.startsWith('go'));
      expect(command).toBe("go test -run '^TestMergeOne$' ./");
      const { output, code } = run(root, `${command} -v`);
      expect(code).toBe(0);
      expect(output).toContain('RAN merge');
      expect(output).not.toContain('RAN split');
    },
  );
});

describe('the commands for chosen cases', () => {
  it('cargo: --exact test paths inside the binary (module path + case), module filters for whole module files', async () => {
    const files: FileTree = {
      'Cargo.toml':
        '[package]\nname = "rg"\nversion = "1.0.0"\nautotests = false\n\n[[test]]\nname = "integration"\npath = "tests/tests.rs"\n',
      'src/lib.rs':
        'pub fn search_line(text: &str) -> usize {\n    text.len()\n}\npub fn other() -> usize {\n    1\n}\n',
      'tests/tests.rs': '#[macro_use]\nmod macros;\nmod regression;\nmod misc;\n',
      'tests/macros.rs':
        'macro_rules! rgtest {\n    ($name:ident, $fun:expr) => {\n        #[test]\n        fn $name() { $fun() }\n    };\n}\n',
      'tests/regression.rs':
        'rgtest!(r16, || { assert!(rg::search_line("a") > 0); });\nrgtest!(r25, || { assert!(rg::other() > 0); });\nrgtest!(r30, || { assert!(rg::other() > 0); });\n',
      'tests/misc.rs': '#[test]\nfn misc_one() {\n    assert!(rg::other() > 0);\n}\n',
    };
    const { root, selection } = await changed(files, {
      'src/lib.rs':
        'pub fn search_line(text: &str) -> usize {\n    text.trim().len()\n}\npub fn other() -> usize {\n    1\n}\n',
    });
    const narrowed = selection.regression.tests.find((test) => test.file === 'tests/regression.rs');
    expect(narrowed?.cases?.map((testCase) => testCase.name)).toEqual(['r16']);
    const command = selection.regression.commands.find((entry) => entry.runner === 'cargo')?.command;
    // The root and the macros module hold no test (support of the target: compiled, never a
    // filter of their own), so the filters stay: misc whole, regression's chosen case.
    expect(selection.regression.tests.map((test) => test.file)).not.toContain('tests/tests.rs');
    expect(command).toBe('cargo test -p rg --test integration -- misc:: regression::r16');
    if (!has('cargo', '--version') || !process.env.OCPP_RUN_CARGO) return;
    execFileSync('cargo', ['generate-lockfile', '--offline'], { cwd: root });
    const { output } = run(root, command!);
    expect(output).toContain('regression::r16');
    expect(output).toContain('misc::misc_one');
    expect(output).not.toContain('regression::r25');
  });
});
