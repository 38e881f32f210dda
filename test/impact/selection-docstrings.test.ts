import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { readChangeTerms } from '../../src/impact/change-terms.js';
import { docstringLines } from '../../src/impact/docstrings.js';
import { type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

const RUNNER = [
  '"""Helpers for testing command line tools."""',
  '',
  'import os',
  '',
  '',
  'class Runner:',
  '    """Runs a command in isolation."""',
  '',
  '    def isolated(',
  '        self, where=None',
  '    ):',
  '        """Creates a scratch folder and moves into it."""',
  '        return os.getcwd()',
  '',
  '    def invoke(self, cli):',
  '        return cli()',
  '',
].join('\n');

function pythonProject(): FileTree {
  const files: FileTree = {
    'pyproject.toml': '[project]\nname = "pkg"\n\n[tool.pytest.ini_options]\n',
    'pkg/__init__.py': '',
    'pkg/testing.py': RUNNER,
    'tests/test_isolated.py':
      'from pkg.testing import Runner\n\ndef test_isolated():\n    assert Runner().isolated()\n',
  };
  for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'])
    files[`tests/test_${name}.py`] =
      `from pkg.testing import Runner\n\ndef test_${name}():\n    # ${name}: a thread-safe temporary chdir warning\n    assert Runner().invoke(lambda: 1) == 1\n`;
  return files;
}

describe('docstrings give no words to rank tests by', () => {
  it('finds Python docstrings by syntax: first statement of a module, class or def body, nothing else', () => {
    const text = [
      '#!/usr/bin/env python',
      "r'''Module doc.",
      "'''",
      'import os',
      '"not a docstring: not the first statement"',
      '@decorator',
      'class A(',
      '    Base,',
      '):',
      '    """Class doc."""',
      '    x = f("a string argument")',
      '    async def run(self) -> None:',
      '        """Method doc',
      '        on two lines."""',
      '        return """a returned string"""',
      '    def other(self):',
      '        value = 1',
      '        """after a statement: not a docstring"""',
    ].join('\n');
    expect([...docstringLines('pkg/a.py', text)].sort((a, b) => a - b)).toEqual([2, 3, 10, 13, 14]);
    expect(docstringLines('lib/a.js', text).size).toBe(0);
  });

  it("finds Elixir's @moduledoc and @doc attributes", () => {
    const text = [
      'defmodule Shop do',
      '  @moduledoc """',
      '  The shop.',
      '  """',
      '  @doc "Totals a cart."',
      '  def total(cart), do: cart',
      'end',
    ].join('\n');
    expect([...docstringLines('lib/shop.ex', text)]).toEqual([2, 3, 4, 5]);
  });

  it('reads the words of changed code, not of a changed docstring, from git diff against the base', async () => {
    const root = makeRepo(pythonProject());
    const edited = RUNNER.replace(
      '        """Creates a scratch folder and moves into it."""',
      '        """Creates a scratch folder and moves into it.\n\n        Warning: not thread-safe, it uses a temporary chdir.\n        """',
    ).replace('return os.getcwd()', 'return os.path.realpath(os.getcwd())');
    writeTree(root, { 'pkg/testing.py': edited });
    const symbols = [
      { name: 'Runner', kind: 'class', line: 6, endLine: 19, container: undefined },
      { name: 'isolated', kind: 'method', line: 9, endLine: 16, container: 'Runner' },
    ];
    const [terms] = await readChangeTerms(root, 'HEAD', [{ path: 'pkg/testing.py', symbols }], () => edited);
    expect(terms?.symbols).toEqual(['isolated']);
    expect(terms?.words).toEqual(['getcwd', 'path', 'realpath', 'return']);
    expect(terms?.words).not.toContain('chdir');
  });

  it('ranks nothing by a change of docstrings alone: every test that reaches it is kept, and the note says why', async () => {
    const root = makeRepo(pythonProject());
    writeTree(root, {
      'pkg/testing.py': RUNNER.replace(
        '"""Runs a command in isolation."""',
        '"""Runs a command in isolation.\n\n    Warning: not thread-safe, it uses a temporary chdir.\n    """',
      ),
    });
    const selection = await selectTests(root);
    // The eight tests whose comments name `thread`, `safe`, `temporary`, `chdir` would outrank
    // test_isolated.py by the docstring's words; the docstring is no code, so all nine stay.
    expect(selection.regression.tests).toHaveLength(9);
    expect(selection.notes.join(' ')).toContain('The change has no words to rank the tests that reach it by');
  });
});
