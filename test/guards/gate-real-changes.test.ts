/**
 * Shapes of real commits from the dev repositories that the gate must pass, each beside the broken
 * change of the same shape that it must still block.
 */
import { describe, expect, it } from 'vitest';
import { verify } from '../../src/api/index.js';
import { git, makeRepo, writeTree } from '../helpers/repo.js';

describe('the gate on real changes', () => {
  it('a deleted test whose tested code the change removed passes; one whose code stays does not', async () => {
    const files = {
      'package.json': JSON.stringify({
        name: 'cli',
        version: '1.0.0',
        type: 'module',
        scripts: { test: 'node --test' },
      }),
      'lib/help.js':
        "export class Help {\n  width(s) {\n    return stripColor(s).length;\n  }\n}\n\nexport function stripColor(s) {\n  return s.replace(/\\x1b\\[\\d*m/g, '');\n}\n",
      'tests/help.stripAnsi.test.js': "import { stripColor } from '../lib/help.js';\nstripColor('x');\n",
    };
    const replaced = makeRepo(files);
    writeTree(replaced, {
      'lib/help.js':
        "import { stripVTControlCharacters } from 'node:util';\n\nexport class Help {\n  width(s) {\n    return stripVTControlCharacters(s).length;\n  }\n}\n",
    });
    git(replaced, 'rm', '-q', 'tests/help.stripAnsi.test.js');
    expect((await verify(replaced)).blocking).toEqual([]);

    const kept = makeRepo(files);
    writeTree(kept, { 'lib/help.js': `${files['lib/help.js']}// changed\n` });
    git(kept, 'rm', '-q', 'tests/help.stripAnsi.test.js');
    expect((await verify(kept)).blocking).toEqual([
      'impact deleted-covering-test: This change deletes tests/help.stripAnsi.test.js, which tested lib/help.js, and edits lib/help.js: the edit loses its test.',
    ]);
  });

  it('a test may import a package the lockfile installs (a transitive one); a shipped module may not', async () => {
    const uvLock =
      'version = 1\n\n[[package]]\nname = "mypy"\nversion = "1.0.0"\nsource = { registry = "https://pypi.org/simple" }\ndependencies = [\n    { name = "typing-extensions" },\n]\n\n[[package]]\nname = "typing-extensions"\nversion = "4.12.0"\nsource = { registry = "https://pypi.org/simple" }\n';
    const root = makeRepo({
      'pyproject.toml':
        '[project]\nname = "cli"\nversion = "1"\ndependencies = []\n\n[dependency-groups]\ntyping = ["mypy"]\n',
      'uv.lock': uvLock,
      'src/cli/__init__.py': 'def edit():\n    return None\n',
      'tests/typing/typing_edit.py': 'import cli\n',
    });
    writeTree(root, {
      'tests/typing/typing_edit.py':
        'from typing_extensions import assert_type\n\nimport cli\n\nassert_type(cli.edit(), None)\n',
    });
    expect((await verify(root)).blocking).toEqual([]);
    writeTree(root, { 'src/cli/__init__.py': 'import typing_extensions\n\ndef edit():\n    return None\n' });
    expect((await verify(root)).blocking.join('\n')).toContain(
      'src/cli/__init__.py imports "typing_extensions", but pyproject.toml does not declare typing_extensions.',
    );
  });
});
