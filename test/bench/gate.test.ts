/**
 * `benchmark gate` on a small real repository: its mutations are broken changes (the removed
 * export is one an importer still takes), and verify blocks every one.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkGate } from '../../src/bench/gate.js';
import { git, makeRepo, writeTree } from '../helpers/repo.js';

describe('benchmark gate', () => {
  it('removes an export an importer still takes by name: through ESM, CommonJS destructuring and a member of the module', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'tool', version: '1.0.0', type: 'module' }),
      // `aUnused` comes first and is exported, but nobody imports it: removing it breaks nothing.
      'lib/a.js': 'export const aUnused = 1;\nexport function used() {\n  return 2;\n}\n',
      'lib/b.js': "import { used } from './a.js';\nexport const b = used();\n",
      'lib/legacy.cjs': "'use strict';\nexports.alpha = 1;\nexports.beta = 2;\n",
      'lib/user.cjs': "'use strict';\nconst { beta } = require('./legacy.cjs');\nexports.user = beta;\n",
      'lib/fmt.cjs': "'use strict';\nexports.compile = () => 1;\nexports.format = () => 2;\n",
      'lib/app.cjs': "'use strict';\nconst fmt = require('./fmt.cjs');\nexports.app = () => fmt.format();\n",
    });
    const result = await benchmarkGate(root, { commits: 0 });
    const removed = result.cases.filter((entry) => entry.kind === 'removed-export');
    expect(removed.map((entry) => entry.subject)).toEqual([
      'used of lib/a.js (imported by lib/b.js)',
      'beta of lib/legacy.cjs (destructured from require by lib/user.cjs)',
      'format of lib/fmt.cjs (used as a member by lib/app.cjs)',
    ]);
    expect(removed.map((entry) => entry.verdict)).toEqual(['fail', 'fail', 'fail']);
    expect(result.perKind['removed-export']).toEqual({ cases: 3, falsePass: 0, falseBlock: 0 });
  });

  it('removes a Python name taken by a from-import and one read off a module binding, a Go name read as pkg.Name, a Rust name a use declaration names', async () => {
    const root = makeRepo({
      'pyproject.toml': '[project]\nname = "app"\nversion = "1.0"\n',
      'app/__init__.py': '',
      // `aaa_unused` sorts first but nobody takes it; `cached` is decorated (the def is a line below).
      'app/util.py':
        'import functools\n\n\ndef aaa_unused():\n    return 0\n\n\n@functools.cache\ndef cached():\n    return 1\n',
      'app/fmt.py': 'def compile():\n    return 1\n\n\ndef render():\n    return 2\n',
      'app/main.py':
        'from app import fmt\nfrom app.util import cached\n\n\ndef main():\n    return fmt.render() + cached()\n',
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'money/money.go': 'package money\n\nfunc Format(cents int) string { return "" }\n',
      'money/other_linux.go': 'package money\n\nfunc Aaa() int { return 0 }\n',
      'money/other_windows.go': 'package money\n\nfunc Aaa() int { return 1 }\n',
      'cart/cart.go':
        'package cart\n\nimport "example.com/shop/money"\n\nfunc Total() string { _ = money.Aaa(); return money.Format(1) }\n',
      'crates/core/Cargo.toml': '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n',
      'crates/core/src/lib.rs': 'pub mod config;\n\npub use config::load;\n',
      'crates/core/src/config.rs': '/// Loads.\npub fn load() -> u8 {\n    1\n}\n',
    });
    const result = await benchmarkGate(root, { commits: 0 });
    const removed = result.cases.filter((entry) => entry.kind === 'removed-export');
    // Aaa is declared once per build tag: renaming one declaration removes nothing.
    expect(removed.map((entry) => [entry.subject, entry.verdict])).toEqual([
      ['cached of app/util.py (imported by app/main.py)', 'fail'],
      ['render of app/fmt.py (used as a member by app/main.py)', 'fail'],
      ['Format of money/money.go (used as a member by cart/cart.go)', 'fail'],
      ['load of crates/core/src/config.rs (imported by crates/core/src/lib.rs)', 'fail'],
    ]);
  });

  it('imports an undeclared package in each language the tree has, where that language allows an import, and moves a Rust module', async () => {
    const root = makeRepo({
      'go.mod': 'module example.com/web\n\ngo 1.22\n\nrequire github.com/stretchr/testify v1.9.0\n',
      'router.go':
        '// Package web routes requests.\npackage web\n\nimport "strings"\n\nfunc Clean(p string) string { return strings.TrimSpace(p) }\n',
      'router_test.go': 'package web\n\nimport "testing"\n\nfunc TestClean(t *testing.T) { Clean(" a") }\n',
      'crates/core/Cargo.toml':
        '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nmemchr = "2"\n',
      'crates/core/src/lib.rs':
        '#![deny(missing_docs)]\n//! Core.\n\nmod scan;\n\n/// Finds.\npub fn find(h: &[u8]) -> Option<usize> { scan::first(h) }\n',
      'crates/core/src/scan.rs':
        "pub fn first(h: &[u8]) -> Option<usize> {\n    memchr::memchr(b'a', h)\n}\n",
    });
    const result = await benchmarkGate(root, { commits: 0 });
    const undeclared = result.cases.filter((entry) => entry.kind === 'undeclared-package');
    expect(undeclared.map((entry) => [entry.subject, entry.verdict])).toEqual([
      ['router.go', 'fail'],
      ['crates/core/src/lib.rs', 'fail'],
    ]);
    const moved = result.cases.find((entry) => entry.kind === 'moved-file');
    expect(moved?.subject).toBe('crates/core/src/scan.rs (imported by crates/core/src/lib.rs)');
    expect(moved?.verdict).toBe('fail');
    expect(undeclared.map((entry) => entry.blocking[0])).toEqual([
      'hallucination undeclared-package: router.go imports "github.com/fancy-undeclared/pkgzz", but go.mod does not declare github.com/fancy-undeclared/pkgzz.',
      'hallucination undeclared-package: crates/core/src/lib.rs imports "fancy_undeclared_zz::Thing", but crates/core/Cargo.toml does not declare fancy_undeclared_zz.',
    ]);
  });

  it('replaces a real commit the clone cannot check out (a missing blob) by the next one', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'tool', version: '1.0.0', type: 'module' }),
      'lib/x.js': 'export const x = 1;\n',
    });
    const commit = (message: string, files: Record<string, string>, remove?: string) => {
      writeTree(root, files);
      if (remove) git(root, 'rm', '-q', remove);
      git(root, 'add', '-A');
      git(root, 'commit', '-qm', message);
    };
    commit('add a blob', { 'vendor/tool.bin': 'binary stand-in\n', 'lib/x.js': 'export const x = 2;\n' });
    commit('edit x', { 'lib/x.js': 'export const x = 3;\n' });
    commit('drop the blob', {}, 'vendor/tool.bin');
    commit('edit x again', { 'lib/x.js': 'export const x = 4;\n' });
    // The blob is gone from the object store: the trees of 'add a blob' and 'edit x' cannot be checked out.
    const blob = git(root, 'rev-parse', 'HEAD~2:vendor/tool.bin').trim();
    rmSync(join(root, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
    const result = await benchmarkGate(root, { commits: 2 });
    const replayed = result.cases.filter((entry) => entry.kind === 'real-commit');
    expect(replayed.map((entry) => entry.subject.slice(11))).toEqual(['edit x again', 'add a blob']);
    expect(result.unreadableCommits).toBe(2);
  });
});
