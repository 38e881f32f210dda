/**
 * What Cargo runs of the files under `tests/`: support modules and roots that only declare
 * modules are no tests of their own, trybuild inputs no target compiles are data, a test module
 * named after a changed module runs whole; `benchmark tests` counts the same units.
 */
import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { benchmarkTests } from '../../src/bench/tests.js';
import { type FileTree, git, makeRepo, writeTree } from '../helpers/repo.js';

const disallowed = [
  '#[test]',
  'fn search_mode() {',
  '    assert!(app::index::search(1) > 0);',
  '}',
  '#[test]',
  'fn binary() {',
  '    assert!(crate::util::run("-X"));',
  '}',
  '#[test]',
  'fn encoding() {',
  '    assert!(crate::util::run("-E"));',
  '}',
  '',
].join('\n');

const workspace: FileTree = {
  'Cargo.toml': [
    '[package]',
    'name = "app"',
    'version = "1.0.0"',
    'autotests = false',
    '',
    '[[test]]',
    'name = "integration"',
    'path = "tests/tests.rs"',
    '',
    '[workspace]',
    'members = ["crates/other"]',
    '',
  ].join('\n'),
  'src/lib.rs': 'pub mod index;\n',
  'src/index.rs': 'pub fn search(a: usize) -> usize {\n    a\n}\n',
  'tests/tests.rs': 'mod util;\nmod index;\nmod misc;\n',
  'tests/util.rs': 'pub fn run(flag: &str) -> bool {\n    !flag.is_empty()\n}\n',
  'tests/index/mod.rs': 'mod disallowed;\n',
  'tests/index/disallowed.rs': disallowed,
  'tests/misc.rs': '#[test]\nfn misc_one() {\n    assert!(crate::util::run("-m"));\n}\n',
  'crates/other/Cargo.toml': '[package]\nname = "other"\nversion = "1.0.0"\n',
  'crates/other/src/lib.rs': 'pub fn other() -> usize {\n    1\n}\n',
  'crates/other/tests/it.rs': '#[test]\nfn works() {\n    assert_eq!(other::other(), 1);\n}\n',
  'crates/other/tests/ui.rs':
    '#[test]\nfn ui() {\n    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");\n}\n',
  'crates/other/tests/ui/bad_arg.rs': 'fn main() {\n    other::other(1);\n}\n',
};

describe('Cargo test units', () => {
  it('counts only files that hold tests; a module named after the changed module runs whole, with the filters kept', async () => {
    const root = makeRepo(workspace);
    writeTree(root, { 'src/index.rs': 'pub fn search(a: usize) -> usize {\n    a + 1\n}\n' });
    const selection = await selectTests(root);
    // tests/index/disallowed.rs, tests/misc.rs, crates/other/tests/it.rs and ui.rs: not the root,
    // util.rs, index/mod.rs (support) nor the trybuild input (no target compiles it).
    expect(selection.available.cargo).toBe(4);
    const files = selection.regression.tests.map((test) => test.file);
    expect(files).toContain('tests/index/disallowed.rs');
    expect(files).not.toContain('tests/tests.rs');
    expect(files).not.toContain('tests/util.rs');
    const module = selection.regression.tests.find((test) => test.file === 'tests/index/disallowed.rs');
    expect(module?.cases).toBeUndefined();
    const command = selection.regression.commands.find((entry) => entry.runner === 'cargo')?.command;
    expect(command).toMatch(/^cargo test -p app --test integration -- index::disallowed::/);
  });

  it('benchmark tests: a changed helper counts as run by a test of its target; a test of a crate that links no changed crate is left out', async () => {
    const root = makeRepo(workspace);
    writeTree(root, {
      'src/index.rs': 'pub fn search(a: usize) -> usize {\n    a + 2\n}\n',
      'tests/util.rs': 'pub fn run(flag: &str) -> bool {\n    flag.len() > 0\n}\n',
    });
    git(root, 'commit', '-qam', 'index: search further');
    writeTree(root, {
      'crates/other/src/lib.rs': 'pub fn other() -> usize {\n    2 - 1\n}\n',
      'tests/util.rs': 'pub fn run(flag: &str) -> bool {\n    !flag.is_empty()\n}\n',
    });
    git(root, 'commit', '-qam', 'lint: other and a helper of app');
    const result = await benchmarkTests(root, { commits: 5 });
    expect(result.skipped.map((entry) => entry.reason)).toEqual(['its changed tests link no changed crate']);
    const [replayed] = result.cases;
    expect(replayed?.gold).toEqual(['tests/util.rs']);
    expect(replayed?.support.run.regression).toEqual(['tests/util.rs']);
    expect(result.recall.regression).toBe(1);
    expect(result.caseLevel.recall.regression).toBe(1);
  });
});
