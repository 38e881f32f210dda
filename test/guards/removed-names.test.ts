/**
 * A name a change removed from a Python module or a Go package that other modules still use
 * never passes the gate; a name that is still bound (re-exported, served by `__getattr__`, moved
 * to another file of the Go package) or a use the change itself dropped is not held against it.
 */
import { describe, expect, it } from 'vitest';
import { verify } from '../../src/api/index.js';
import { git, makeRepo, writeTree } from '../helpers/repo.js';

const THREADPOOL =
  'def run_in_threadpool(func):\n    return func()\n\n\ndef iterate_in_threadpool(items):\n    return items\n';

const pythonPackage = () =>
  makeRepo({
    'pyproject.toml': '[project]\nname = "app"\nversion = "1.0"\n',
    'app/__init__.py': 'def helpers():\n    return None\n',
    'app/helpers.py': 'def tidy():\n    return None\n',
    'app/concurrency.py': `LIMITS = {}\n\n\ndef limit(key):\n    LIMITS[key] = 1\n\n\n${THREADPOOL}`,
    'app/routing.py': 'from app.concurrency import LIMITS, run_in_threadpool\n\nrun = run_in_threadpool\n',
    'app/background.py':
      'import app.concurrency as conc\n\n\ndef later(task):\n    # conc.run_in_threadpool(task) is the old way\n    return conc.run_in_threadpool(task)\n',
    'app/views.py':
      'from app import concurrency, helpers\n\n\ndef view():\n    return concurrency.run_in_threadpool(helpers.tidy)\n',
    'app/streams.py': 'import app.concurrency\n\nitems = app.concurrency.iterate_in_threadpool([])\n',
    'app/cli.py': 'import app\n\napp.helpers.tidy()\n',
    'app/jobs.py': 'import app.concurrency\n\napp.concurrency.run_in_threadpool(print)\n',
  });

const RENAMED_POOL = `LIMITS = {}\n\n\n${THREADPOOL.replace('def run_in_threadpool', 'def run_sync')}`;
// `LIMITS[key] = 1` assigns an item of the module's dict: it does not bind `LIMITS`.
const RENAMED = `LIMITS_BY_KEY = {}\n\n\ndef limit(key):\n    LIMITS[key] = 1\n\n\n${THREADPOOL.replace('def run_in_threadpool', 'def run_sync')}`;

function removedNameFindings(report: Awaited<ReturnType<typeof verify>>) {
  return report.guards
    .flatMap((guard) => guard.findings)
    .filter((finding) => finding.rule === 'missing-export')
    .map((finding) => `${finding.file}:${finding.line} ${finding.message}`);
}

describe('the gate on a name removed from a Python module', () => {
  it('blocks every from-import and module attribute use of a renamed function', async () => {
    const root = pythonPackage();
    writeTree(root, { 'app/concurrency.py': RENAMED });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(removedNameFindings(report)).toEqual([
      'app/background.py:6 app/background.py uses "run_in_threadpool" of app/concurrency.py (as conc.run_in_threadpool), which this change removed from its exports.',
      'app/jobs.py:3 app/jobs.py uses "run_in_threadpool" of app/concurrency.py (as app.concurrency.run_in_threadpool), which this change removed from its exports.',
      'app/routing.py:1 app/routing.py uses "LIMITS" of app/concurrency.py (a from-import), which this change removed from its exports.',
      'app/routing.py:1 app/routing.py uses "run_in_threadpool" of app/concurrency.py (a from-import), which this change removed from its exports.',
      'app/views.py:5 app/views.py uses "run_in_threadpool" of app/concurrency.py (as concurrency.run_in_threadpool), which this change removed from its exports.',
    ]);
  });

  it('blocks a from-import of a name a package re-exported until the change dropped its import', async () => {
    const root = pythonPackage();
    writeTree(root, {
      'app/__init__.py':
        'from app.concurrency import run_in_threadpool\n\n\ndef helpers():\n    return None\n',
      'app/tasks.py': 'from app import run_in_threadpool\n',
    });
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 're-export');
    // what an "unused import" autofix does to a package's __init__.py
    writeTree(root, { 'app/__init__.py': '\n\ndef helpers():\n    return None\n' });
    const report = await verify(root);
    expect(removedNameFindings(report)).toEqual([
      'app/tasks.py:1 app/tasks.py uses "run_in_threadpool" of app/__init__.py (a from-import), which this change removed from its exports.',
    ]);
  });

  it('does not block a name the module still binds: an alias, a re-export, a module __getattr__, a star import', async () => {
    const stillBound = [
      `${RENAMED_POOL}\nrun_in_threadpool = run_sync\n`,
      `from app._compat import run_sync as run_in_threadpool\n\nLIMITS = {}\n\n\ndef iterate_in_threadpool(items):\n    return items\n`,
      `${RENAMED_POOL}\n\ndef __getattr__(name):\n    return run_sync\n`,
      `from app._compat import *\n\n\ndef iterate_in_threadpool(items):\n    return items\n`,
      `LIMITS = {}\ntry:\n    from fast import run_in_threadpool\nexcept ImportError:\n    def run_in_threadpool(func):\n        return func()\n\n\ndef iterate_in_threadpool(items):\n    return items\n`,
    ];
    for (const text of stillBound) {
      const root = pythonPackage();
      writeTree(root, {
        'app/_compat.py': 'def run_sync(func):\n    return func()\n',
        'app/concurrency.py': text,
      });
      const report = await verify(root);
      expect(removedNameFindings(report), text).toEqual([]);
    }
  });

  it('does not block importers the change updated, plain `import pkg.mod` uses of other names, or a submodule of the same name', async () => {
    const root = pythonPackage();
    writeTree(root, {
      'app/concurrency.py': RENAMED,
      'app/routing.py': 'from app.concurrency import run_sync\n\nrun = run_sync\n',
      'app/jobs.py': 'import app.concurrency\n\napp.concurrency.run_sync(print)\n',
      'app/background.py':
        'import app.concurrency as conc\n\n\ndef later(task):\n    return conc.run_sync(task)\n',
      'app/views.py':
        'from app import concurrency, helpers\n\n\ndef view():\n    return concurrency.run_sync(helpers.tidy)\n',
      // `helpers` is gone from app/__init__.py, but `from app import helpers` imports app/helpers.py
      'app/__init__.py': '',
    });
    const report = await verify(root);
    expect(removedNameFindings(report)).toEqual([]);
    expect(report.verdict).toBe('pass');
  });
});

const goModule = () =>
  makeRepo({
    'go.mod': 'module example.com/shop\n\ngo 1.22\n',
    'money/money.go':
      'package money\n\nfunc Format(cents int) string { return "" }\n\nfunc Parse(text string) int { return 0 }\n',
    'money/round.go': 'package money\n\nconst Precision = 2\n',
    'cart/cart.go':
      'package cart\n\nimport (\n\t"fmt"\n\tm "example.com/shop/money"\n)\n\nfunc Total() string { return fmt.Sprint(m.Format(1), m.Precision) }\n',
    'checkout/checkout.go':
      'package checkout\n\nimport "example.com/shop/money"\n\n// money.Format is not called here\nfunc Pay() int { return money.Parse("1") }\n',
  });

describe('the gate on a name removed from a Go package', () => {
  it('blocks alias.Name uses in importing packages, through the import name or the package clause', async () => {
    const root = goModule();
    writeTree(root, {
      'money/money.go':
        'package money\n\nfunc FormatCents(cents int) string { return "" }\n\nfunc ParseText(text string) int { return 0 }\n',
    });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(removedNameFindings(report)).toEqual([
      'cart/cart.go:8 cart/cart.go uses "Format" of money/money.go (as m.Format), which this change removed from its exports.',
      'checkout/checkout.go:6 checkout/checkout.go uses "Parse" of money/money.go (as money.Parse), which this change removed from its exports.',
    ]);
  });

  it("blocks the uses of a deleted file's names, unless another file of the package declares them", async () => {
    const root = goModule();
    git(root, 'rm', '-q', 'money/money.go');
    writeTree(root, {
      'money/round.go': 'package money\n\nconst Precision = 2\n\nfunc Parse(text string) int { return 0 }\n',
    });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(removedNameFindings(report)).toEqual([
      'cart/cart.go:8 cart/cart.go uses "Format" of money/money.go (as m.Format), which this change removed from its exports.',
    ]);
  });

  it('does not block a name another file of the package still declares', async () => {
    const root = goModule();
    writeTree(root, {
      'money/money.go': 'package money\n\nfunc Parse(text string) int { return 0 }\n',
      'money/round.go':
        'package money\n\nconst Precision = 2\n\n// Format moved here.\nfunc Format(cents int) string { return "" }\n',
    });
    const report = await verify(root);
    expect(removedNameFindings(report)).toEqual([]);
    expect(report.verdict).toBe('pass');
  });
});

const rustCrate = () =>
  makeRepo({
    'Cargo.toml': '[package]\nname = "core"\nversion = "0.1.0"\nedition = "2021"\n',
    'src/lib.rs': 'pub mod config;\npub mod search;\n\npub use config::Config;\n',
    'src/config.rs': 'pub struct Config;\n\npub fn load() -> Config {\n    Config\n}\n',
    'src/search.rs': 'use crate::config::{load, Config};\n\npub fn run() -> Config {\n    load()\n}\n',
  });

describe('the gate on a name removed from a Rust module', () => {
  it('blocks a use declaration that names a removed item, in the crate root and in a sibling module', async () => {
    const root = rustCrate();
    writeTree(root, {
      'src/config.rs': 'pub struct Settings;\n\npub fn load_config() -> Settings {\n    Settings\n}\n',
    });
    const report = await verify(root);
    expect(report.verdict).toBe('fail');
    expect(removedNameFindings(report)).toEqual([
      'src/lib.rs:4 src/lib.rs uses "Config" of src/config.rs (a use declaration), which this change removed from its exports.',
      'src/search.rs:1 src/search.rs uses "Config" of src/config.rs (a use declaration), which this change removed from its exports.',
      'src/search.rs:1 src/search.rs uses "load" of src/config.rs (a use declaration), which this change removed from its exports.',
    ]);
  });

  it('does not block a name the module still binds: a re-export, a cfg-gated inline module, an item-level macro', async () => {
    const stillBound = [
      'pub struct Config;\n\nmod imp;\npub use imp::load;\n',
      'pub struct Config;\n\n#[cfg(unix)]\nmod unix {\n    pub fn load() -> super::Config {\n        super::Config\n    }\n}\n#[cfg(unix)]\npub use unix::*;\n',
      'pub struct Config;\n\nmake_loader!(load);\n',
    ];
    for (const text of stillBound) {
      const root = rustCrate();
      writeTree(root, {
        'src/config.rs': text,
        'src/config/imp.rs': 'pub fn load() -> crate::Config {\n    crate::Config\n}\n',
      });
      const report = await verify(root);
      expect(removedNameFindings(report), text).toEqual([]);
    }
  });
});
