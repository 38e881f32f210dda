/**
 * The gate on broken changes: verify and policy run the hallucination guard over the changed
 * files and over every file that imports what the change touched, moved or deleted.
 */
import { describe, expect, it } from 'vitest';
import { hallucination, policy, verify } from '../../src/api/index.js';
import { git, makeRepo, writeTree } from '../helpers/repo.js';

const commander = () =>
  makeRepo({
    'package.json': JSON.stringify({
      name: 'commander',
      version: '1.0.0',
      scripts: { test: 'node --test' },
      dependencies: { ms: '2.1.3' },
    }),
    'package-lock.json': JSON.stringify({ name: 'commander', lockfileVersion: 3, packages: {} }),
    'lib/suggestSimilar.js':
      "'use strict';\nfunction suggestSimilar() {}\nexports.suggestSimilar = suggestSimilar;\n",
    'lib/symbols.js': "'use strict';\nmodule.exports = { kReal: Symbol('real') };\n",
    'lib/command.js':
      "'use strict';\nconst { suggestSimilar } = require('./suggestSimilar.js');\nconst { kReal } = require('./symbols');\nexports.run = () => [suggestSimilar, kReal];\n",
    'tests/command.test.js': "const { run } = require('../lib/command.js');\nrun();\n",
  });

describe('the gate on broken changes', () => {
  it('verify and policy fail on an import of a package no manifest declares', async () => {
    const root = commander();
    writeTree(root, {
      'lib/command.js':
        "'use strict';\nconst proxy = require('fancy-proxy-addr');\nconst { suggestSimilar } = require('./suggestSimilar.js');\nexports.run = () => [proxy, suggestSimilar];\n",
    });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(report.blocking).toEqual([
      'hallucination undeclared-package: lib/command.js imports "fancy-proxy-addr", but package.json does not declare fancy-proxy-addr.',
    ]);
    const gate = await policy(root, { failOn: 'forbidden' });
    expect(gate.passed).toBe(false);
    expect(gate.findings.map((finding) => finding.rule)).toContain('hallucination/undeclared-package');
  });

  it('a moved file whose importer still names the old path never passes, though the importer did not change', async () => {
    const root = commander();
    git(root, 'mv', 'lib/suggestSimilar.js', 'lib/suggest.js');
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    const finding = report.guards[0]!.findings.find((entry) => entry.rule === 'missing-module');
    expect(finding).toMatchObject({ file: 'lib/command.js', line: 2 });
    expect(finding!.message).toContain('not changed, but it imported what this change moved or removed');
  });

  it('a removed export still required by CommonJS destructuring never passes', async () => {
    const root = commander();
    writeTree(root, { 'lib/symbols.js': "'use strict';\nmodule.exports = { kOther: Symbol('other') };\n" });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(report.blocking).toEqual([
      'hallucination missing-export: lib/command.js requires "kReal" from lib/symbols.js, which does not export it.',
    ]);
  });

  it('the hallucination guard finds a missing export imported by CommonJS destructuring in a changed file', async () => {
    const root = commander();
    writeTree(root, {
      'lib/command.js':
        "'use strict';\nconst { kReal, kNotARealSymbol } = require('./symbols');\nexports.run = () => [kReal, kNotARealSymbol];\n",
    });
    const report = await hallucination(root);
    expect(report.findings.map((finding) => `${finding.rule} ${finding.file}:${finding.line}`)).toEqual([
      'missing-export lib/command.js:2',
    ]);
    expect(report.findings[0]!.evidence).toEqual(['lib/symbols.js exports: kReal']);
  });

  it('a lockfile edited without its manifest never passes', async () => {
    const root = commander();
    writeTree(root, {
      'package-lock.json': JSON.stringify({
        name: 'commander',
        lockfileVersion: 3,
        packages: { 'node_modules/ms': {} },
      }),
    });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(report.blocking[0]).toMatch(
      /^lockfile-sync: package-lock\.json changed but its entries no longer agree: node_modules\/ms has no valid version/,
    );
  });

  it('an edited generated file never passes, whatever severity the safety contract gives it', async () => {
    const root = commander();
    writeTree(root, {
      '.agent-context/contracts/safety.contract.json': JSON.stringify({
        schemaVersion: 1,
        comment: 'hand-written for the test',
        generated: [{ paths: ['lib/symbols.js'], severity: 'risk', comment: 'built by a script' }],
      }),
    });
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'contracts');
    writeTree(root, {
      'lib/symbols.js': "'use strict';\nmodule.exports = { kReal: Symbol('real'), kMore: 1 };\n",
    });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(report.blocking.join(' ')).toMatch(/^generated-path: /);
  });

  it('cites only the manifest that governs the file, not test-data manifests elsewhere', async () => {
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "black"\ndependencies = ["click>=8"]\n',
      'src/black/__init__.py': 'import click\n',
      'tests/data/project/pyproject.toml': '[project]\nname = "fixture"\ndependencies = ["toml"]\n',
      'tests/data/other/pyproject.toml': '[project]\nname = "fixture2"\n',
    });
    writeTree(root, { 'src/black/__init__.py': 'import click\nimport fancyformat\n' });
    const report = await hallucination(root);
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]!.evidence).toEqual([
      'pyproject.toml: 2 declared name(s), fancyformat not among them',
    ]);
  });

  it('--files with a file that does not exist is a clear usage error', async () => {
    const root = commander();
    await expect(hallucination(root, { changedFiles: ['nope.js'] })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('nope.js is not a file in'),
    });
  });

  it('a removed export used as a member of its module binding never passes (const m = require; m.name)', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'logger', version: '1.0.0', scripts: { test: 'mocha' } }),
      'index.js':
        "'use strict';\nmodule.exports = logger;\nmodule.exports.compile = compile;\nfunction logger() {}\nfunction compile() {}\n",
      'test/logger.js': "const logger = require('..');\n\nlogger.compile('x');\n",
    });
    writeTree(root, {
      'index.js': "'use strict';\nmodule.exports = logger;\nfunction logger() {}\nfunction compile() {}\n",
    });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(report.blocking).toEqual([
      'hallucination missing-export: test/logger.js uses "compile" of index.js (as logger.compile), which this change removed from its exports.',
    ]);
  });

  it('a change that deletes the test covering the file it edits never passes; a moved test does', async () => {
    const files = {
      'package.json': JSON.stringify({ name: 'lib', version: '1.0.0', scripts: { test: 'node --test' } }),
      'lib/sum.js': 'exports.sum = (a, b) => a + b;\n',
      'test/sum.test.js': "const { sum } = require('../lib/sum.js');\nsum(1, 2);\n",
    };
    const root = makeRepo(files);
    writeTree(root, { 'lib/sum.js': 'exports.sum = (a, b) => b + a;\n' });
    git(root, 'rm', '-q', 'test/sum.test.js');
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(report.blocking).toEqual([
      'impact deleted-covering-test: This change deletes test/sum.test.js, which tested lib/sum.js, and edits lib/sum.js: the edit loses its test.',
    ]);
    const moved = makeRepo(files);
    writeTree(moved, { 'lib/sum.js': 'exports.sum = (a, b) => b + a;\n' });
    git(moved, 'mv', 'test/sum.test.js', 'test/add.test.js');
    expect((await verify(moved)).verdict).toBe('pass');
  });

  it('a TypeScript importer of x.js sees the types of x.d.ts, and a types-only ./y.js resolves to y.d.ts', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'runner', version: '1.0.0', type: 'module' }),
      'index.js': 'export function run() {}\n',
      'index.d.ts':
        "export type {Options} from './types/options.js';\nexport declare function run(): void;\n",
      'types/options.d.ts':
        "import type {Level} from './level.js';\nexport type Options = {level?: Level};\n",
      'types/level.d.ts': "export type Level = 'a' | 'b';\n",
      'test-d/options.test-d.ts':
        "import {run, type Options} from '../index.js';\nconst options: Options = {};\nrun();\n",
    });
    writeTree(root, {
      'index.js': 'export function run() {\n  return 1;\n}\n',
      'types/options.d.ts':
        "import type {Level} from './level.js';\nexport type Options = {level?: Level; quiet?: boolean};\n",
    });
    const report = await verify(root);
    expect(report.blocking).toEqual([]);
  });

  it('an import declared in package.json imports (to a .d.ts) or into the build output is not a missing module', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({
        name: 'tool',
        version: '1.0.0',
        type: 'module',
        imports: { '#types/*': './types/*.d.ts' },
      }),
      'types/payload.d.ts': 'export interface Payload { kind: string }\n',
      'src/client.ts':
        "import type { Payload } from '#types/payload';\nexport const kind = (p: Payload) => p.kind;\n",
      'bin/tool.js': "import '../dist/cli.js';\n",
    });
    writeTree(root, {
      'src/client.ts':
        "import type { Payload } from '#types/payload';\nexport const kind = (p: Payload) => p.kind.trim();\n",
      'bin/tool.js': "import '../dist/cli.js';\nexport {};\n",
    });
    expect((await verify(root)).blocking).toEqual([]);
  });

  it('a Python module moved while an importer still names it never passes', async () => {
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "shop"\nversion = "1.0"\ndependencies = []\n',
      'shop/__init__.py': '',
      'shop/cli.py': 'def main():\n    return 1\n',
      'shop/commands/__init__.py': '',
      'shop/commands/run.py': 'from shop.cli import main\n\nmain()\n',
    });
    git(root, 'mv', 'shop/cli.py', 'shop/entry.py');
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(report.blocking.join('\n')).toContain('shop/commands/run.py');
  });

  it('a Rust module file moved while its mod declaration stays, or a deleted Java class still imported, never passes', async () => {
    const crate = makeRepo({
      'Cargo.toml': '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs': '//! Core.\n\nmod scan;\n\npub fn find(h: &[u8]) -> usize { scan::count(h) }\n',
      'src/scan.rs': 'pub fn count(h: &[u8]) -> usize {\n    h.len()\n}\n',
    });
    git(crate, 'mv', 'src/scan.rs', 'src/scanner.rs');
    expect((await verify(crate)).blocking).toEqual([
      'hallucination missing-module: src/lib.rs (not changed, but it imported what this change moved or removed) imports "scan", which was src/scan.rs before this change.',
    ]);
    const jar = makeRepo({
      'pom.xml':
        '<project><groupId>com.shop</groupId><artifactId>shop</artifactId><version>1</version></project>\n',
      'src/main/java/com/shop/Cart.java': 'package com.shop;\n\npublic class Cart {}\n',
      'src/main/java/com/shop/util/Money.java': 'package com.shop.util;\n\npublic class Money {}\n',
      'src/main/java/com/shop/Checkout.java':
        'package com.shop;\n\nimport com.shop.util.Money;\n\npublic class Checkout {\n  Money total;\n}\n',
    });
    git(jar, 'rm', '-q', 'src/main/java/com/shop/util/Money.java');
    expect((await verify(jar)).blocking).toEqual([
      'hallucination missing-module: src/main/java/com/shop/Checkout.java (not changed, but it imported what this change moved or removed) imports "com.shop.util.Money", which was src/main/java/com/shop/util/Money.java before this change.',
    ]);
  });

  it('a Python import under `if t.TYPE_CHECKING:` is not an undeclared package', async () => {
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "pkg"\nversion = "1"\ndependencies = []\n',
      'pkg/core.py': 'import typing as t\n',
    });
    writeTree(root, {
      'pkg/core.py': 'import typing as t\nif t.TYPE_CHECKING:\n    from typing_extensions import Self\n',
    });
    expect((await verify(root)).verdict).toBe('pass');
  });

  it('a correct change passes', async () => {
    const root = commander();
    writeTree(root, {
      'lib/command.js':
        "'use strict';\nconst { suggestSimilar } = require('./suggestSimilar.js');\nconst { kReal } = require('./symbols');\nconst ms = require('ms');\nexports.run = () => [suggestSimilar, kReal, ms];\n",
    });
    const report = await verify(root);
    expect(report.blocking).toEqual([]);
    expect(report.verdict).toBe('pass');
  });
});
