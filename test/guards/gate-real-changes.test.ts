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

  it('an edit of a module with an old undeclared import passes (starlette 3d7430a0); adding one does not', async () => {
    const utils =
      'import sys\n\nif sys.version_info < (3, 11):\n    try:\n        from exceptiongroup import BaseExceptionGroup\n    except ImportError:\n        pass\n\n\ndef is_async(func):\n    return False\n';
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "web"\nversion = "1"\ndependencies = ["anyio"]\n',
      'web/__init__.py': '',
      'web/_utils.py': utils,
    });
    writeTree(root, { 'web/_utils.py': utils.replace('return False', 'return callable(func)') });
    expect((await verify(root)).blocking).toEqual([]);
    writeTree(root, { 'web/_utils.py': `import attrs\n${utils}` });
    expect((await verify(root)).blocking).toEqual([
      'hallucination undeclared-package: web/_utils.py imports "attrs", but pyproject.toml does not declare attrs.',
    ]);
  });

  it('a new test-data file importing any package passes (black 6a1c0774); a new test importing one does not', async () => {
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "fmt"\nversion = "1"\ndependencies = ["click"]\n',
      'src/fmt/__init__.py': 'import click\n',
      'tests/test_format.py': 'import fmt\n',
    });
    writeTree(root, { 'tests/data/cases/skip_after_bracket.py': 'from m import (\n    a\n)\n' });
    expect((await verify(root)).blocking).toEqual([]);
    writeTree(root, { 'tests/test_skip.py': 'import fmt\nimport mmm_undeclared\n' });
    expect((await verify(root)).blocking.join('\n')).toContain(
      'tests/test_skip.py imports "mmm_undeclared", but pyproject.toml does not declare mmm_undeclared.',
    );
  });

  it('a #name import whose package.json imports entry is a condition object resolves', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({
        name: 'tool',
        version: '1.0.0',
        type: 'module',
        imports: { '#module-sync-enabled': { 'module-sync': './misc/true.js', default: './misc/false.js' } },
      }),
      'misc/true.js': 'export default true;\n',
      'misc/false.js': 'export default false;\n',
      'src/resolve.ts': "import enabled from '#module-sync-enabled';\nexport const on = enabled;\n",
    });
    writeTree(root, {
      'src/resolve.ts': "import enabled from '#module-sync-enabled';\nexport const on = !!enabled;\n",
    });
    expect((await verify(root)).blocking).toEqual([]);
  });

  it('what a bundler config resolves (an external, an alias) is unknowable, not missing; a real missing import still blocks', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'tool', version: '1.0.0', type: 'module' }),
      'rolldown.config.ts': "export default { input: 'src/client/client.ts', external: ['@vite/env'] };\n",
      'src/client/client.ts': "import '@vite/env';\nexport const a = 1;\n",
      'playground/vite.config.js':
        "export default { resolve: { alias: [{ find: /^#alias/, replacement: '/x/foo.css' }] } };\n",
      'playground/main.js': "import css from '#alias?inline';\nexport const b = css;\n",
    });
    writeTree(root, {
      'src/client/client.ts': "import '@vite/env';\nexport const a = 2;\n",
      'playground/main.js': "import css from '#alias?inline';\nexport const b = [css];\n",
    });
    expect((await verify(root)).blocking).toEqual([]);
    writeTree(root, {
      'src/client/client.ts': "import '@vite/env';\nimport 'fancy-undeclared-pkg-zz';\nexport const a = 2;\n",
      'playground/main.js':
        "import css from '#alias?inline';\nimport './gone.js';\nexport const b = [css];\n",
    });
    const blocking = (await verify(root)).blocking.join('\n');
    expect(blocking).toContain('src/client/client.ts imports "fancy-undeclared-pkg-zz"');
    expect(blocking).toContain('playground/main.js imports "./gone.js", which resolves to no file');
    writeTree(root, {
      'rolldown.config.ts':
        "import extra from 'fancy-config-dep-zz';\nexport default { input: 'src/client/client.ts', external: ['@vite/env'], extra };\n",
    });
    expect((await verify(root)).blocking.join('\n')).toContain(
      'rolldown.config.ts imports "fancy-config-dep-zz"',
    );
  });

  it('a deleted regression test of how its subject used a helper passes when the subject no longer uses it', async () => {
    const files = {
      'package.json': JSON.stringify({
        name: 'bundler',
        version: '1.0.0',
        type: 'module',
        scripts: { test: 'vitest' },
        devDependencies: { vitest: '^3.0.0' },
      }),
      'src/plugins/asset.ts': 'export const assetUrlRE = /__ASSET__(\\w+)__/g;\nexport const size = 1;\n',
      'src/plugins/wasm.ts':
        "import { assetUrlRE } from './asset';\nexport function wasm(url: string) {\n  assetUrlRE.lastIndex = 0;\n  return assetUrlRE.test(url);\n}\n",
      'src/__tests__/plugins/wasm.spec.ts':
        "import { expect, test } from 'vitest';\nimport { assetUrlRE } from '../../plugins/asset';\ntest('twice', () => {\n  expect(assetUrlRE.test('__ASSET__a__')).toBe(true);\n});\n",
    };
    const dropped = makeRepo(files);
    writeTree(dropped, {
      'src/plugins/wasm.ts': 'export function wasm(url: string) {\n  return url.endsWith(".wasm");\n}\n',
      'src/plugins/asset.ts': 'export const assetUrlRE = /__ASSET__(\\w+)__/g;\nexport const size = 2;\n',
    });
    git(dropped, 'rm', '-q', 'src/__tests__/plugins/wasm.spec.ts');
    expect((await verify(dropped)).blocking).toEqual([]);

    const kept = makeRepo(files);
    writeTree(kept, {
      'src/plugins/wasm.ts': `${files['src/plugins/wasm.ts']}// changed\n`,
      'src/plugins/asset.ts': `${files['src/plugins/asset.ts']}// changed\n`,
    });
    git(kept, 'rm', '-q', 'src/__tests__/plugins/wasm.spec.ts');
    expect((await verify(kept)).blocking.join('\n')).toContain('deleted-covering-test');
  });

  it('a generated file committed with a change to what its generator reads passes; edited alone it does not', async () => {
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "fmt"\nversion = "1"\ndependencies = []\n',
      'src/fmt/__init__.py': 'from fmt.mode import Preview\n',
      'src/fmt/mode.py': 'class Preview:\n    A = "a"\n',
      'src/fmt/resources/fmt.schema.json': '{"enum": ["a"]}\n',
      'scripts/generate_schema.py':
        'import json\n\nimport fmt\n\n# writes src/fmt/resources/fmt.schema.json\nprint(json.dumps({"enum": [fmt.Preview.A]}))\n',
      '.agent-context/contracts/safety.contract.json': JSON.stringify({
        schemaVersion: 1,
        comment: 'hand-written for the test',
        generated: [
          {
            paths: ['src/fmt/resources/fmt.schema.json'],
            severity: 'risk',
            comment: 'written by scripts/generate_schema.py',
          },
        ],
      }),
    });
    writeTree(root, { 'src/fmt/resources/fmt.schema.json': '{"enum": ["a", "b"]}\n' });
    expect((await verify(root)).blocking.join('\n')).toMatch(/^generated-path: /);
    writeTree(root, { 'src/fmt/mode.py': 'class Preview:\n    A = "a"\n    B = "b"\n' });
    expect((await verify(root)).blocking).toEqual([]);
  });

  it('a Java test importing the classes protoc generates from a .proto passes; a type no .proto defines does not', async () => {
    const pom =
      '<project><modelVersion>4.0.0</modelVersion><groupId>com.shop</groupId><artifactId>shop</artifactId><version>1</version></project>\n';
    const root = makeRepo({
      'pom.xml': pom,
      'src/main/java/com/shop/Adapter.java': 'package com.shop;\n\npublic class Adapter {}\n',
      'src/test/protobuf/bag.proto':
        'syntax = "proto2";\npackage shop.generated;\noption java_package = "com.shop.generated";\n\nmessage OuterMessage {\n  message Inner { optional int32 n = 1; }\n  optional Inner inner = 1;\n}\n',
      'src/test/protobuf/order_items.proto':
        'syntax = "proto3";\npackage com.shop.orders;\noption java_multiple_files = true;\n\nmessage Item { string sku = 1; }\nservice Orders { rpc Get(Item) returns (Item); }\n',
      'src/test/java/com/shop/AdapterTest.java': 'package com.shop;\n\npublic class AdapterTest {}\n',
    });
    writeTree(root, {
      'src/test/java/com/shop/AdapterTest.java':
        'package com.shop;\n\nimport com.shop.generated.Bag.OuterMessage;\nimport com.shop.generated.Bag.OuterMessage.Inner;\nimport com.shop.orders.Item;\nimport com.shop.orders.OrdersGrpc;\nimport com.shop.orders.OrderItems;\n\npublic class AdapterTest {\n  OuterMessage m;\n  Inner i;\n  Item t;\n}\n',
    });
    expect((await verify(root)).blocking).toEqual([]);
    writeTree(root, {
      'src/test/java/com/shop/AdapterTest.java':
        'package com.shop;\n\nimport com.shop.generated.Basket;\nimport com.shop.orders.Order;\n\npublic class AdapterTest {\n  Basket b;\n  Order o;\n}\n',
    });
    expect((await verify(root)).blocking).toEqual([
      'hallucination missing-module: src/test/java/com/shop/AdapterTest.java imports "com.shop.generated.Basket", which resolves to no file in the repository.',
      'hallucination missing-module: src/test/java/com/shop/AdapterTest.java imports "com.shop.orders.Order", which resolves to no file in the repository.',
    ]);
  });

  it('an import that was broken before the change (a module the build generates) does not block it; one the change breaks does', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'tool', version: '1.0.0', type: 'module' }),
      '.gitignore': 'src/generated/\n',
      'src/util.js': 'export function pad(s) {\n  return s.padStart(2);\n}\n',
      'src/parser.js':
        "import { table } from './generated/grammar.js';\nimport { pad } from './util.js';\nexport const parse = (s) => pad(table[s]);\n",
      'src/cli.js':
        "import { rules } from './generated/rules.js';\nimport { parse } from './parser.js';\nexport const run = (s) => parse(s) + rules;\n",
    });
    // util.js edited: parser.js imports it and still imports the generated grammar, as before.
    writeTree(root, { 'src/util.js': 'export function pad(s) {\n  return s.padStart(3);\n}\n' });
    // cli.js edited elsewhere: its generated import was there before the change.
    writeTree(root, {
      'src/cli.js':
        "import { rules } from './generated/rules.js';\nimport { parse } from './parser.js';\nexport const run = (s) => [parse(s), rules];\n",
    });
    expect((await verify(root)).blocking).toEqual([]);
    git(root, 'mv', 'src/util.js', 'src/text.js');
    writeTree(root, {
      'src/cli.js':
        "import { rules } from './generated/rules.js';\nimport { parse } from './parser.js';\nimport { lex } from './lexer.js';\nexport const run = (s) => [parse(lex(s)), rules];\n",
    });
    expect((await verify(root)).blocking).toEqual([
      'hallucination missing-module: src/cli.js imports "./lexer.js", which resolves to no file in the repository.',
      'hallucination missing-module: src/parser.js (not changed, but it imported what this change moved or removed) imports "./util.js", which resolves to no file in the repository.',
    ]);
  });
});
