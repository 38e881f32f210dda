import { describe, expect, it } from 'vitest';
import { edgesFrom, graphOf, unresolvedOf } from './graph-of.js';

describe('python resolver', () => {
  it('resolves packages, relative imports and submodules named in from-imports', async () => {
    const graph = await graphOf({
      'pyproject.toml': '[project]\nname = "shop"\n',
      'shop/__init__.py': 'from .core import VERSION\n',
      'shop/core.py': 'VERSION = "1"\n',
      'shop/models/__init__.py': 'from .order import Order\n',
      'shop/models/order.py': 'from ..core import VERSION\nfrom .. import core\nclass Order: ...\n',
      'shop/models/line.py': 'from . import order, VERSION_ALIAS\nfrom .order import *\n',
      'shop/api/views.py':
        'import shop.models.order\nfrom shop.models import order, line\nfrom shop import core\nfrom shop.models import Order\n',
    });
    expect(edgesFrom(graph, 'shop/models/order.py')).toEqual([
      'shop/models/order.py:1 -> shop/core.py',
      'shop/models/order.py:2 -> shop/core.py',
    ]);
    expect(edgesFrom(graph, 'shop/models/line.py')).toEqual([
      'shop/models/line.py:1 -> shop/models/__init__.py',
      'shop/models/line.py:1 -> shop/models/order.py',
      'shop/models/line.py:2 -> shop/models/order.py',
    ]);
    expect(edgesFrom(graph, 'shop/api/views.py')).toEqual([
      'shop/api/views.py:1 -> shop/models/order.py',
      'shop/api/views.py:2 -> shop/models/line.py',
      'shop/api/views.py:2 -> shop/models/order.py',
      'shop/api/views.py:3 -> shop/core.py',
      'shop/api/views.py:4 -> shop/models/__init__.py',
    ]);
    expect(graph.unresolved).toEqual([]);
  });

  it('finds src-layout packages from tests and scripts, and sibling modules of a script', async () => {
    const graph = await graphOf({
      'pyproject.toml': '[project]\nname = "shop"\n',
      'src/shop/__init__.py': '',
      'src/shop/cart.py': 'def total(): ...\n',
      'tests/test_cart.py': 'from shop.cart import total\nimport conftest\n',
      'tests/conftest.py': '',
      'scripts/report.py': 'import helpers\nfrom shop import cart\n',
      'scripts/helpers.py': '',
    });
    expect(edgesFrom(graph, 'tests/test_cart.py')).toEqual([
      'tests/test_cart.py:1 -> src/shop/cart.py',
      'tests/test_cart.py:2 -> tests/conftest.py',
    ]);
    expect(edgesFrom(graph, 'scripts/report.py')).toEqual([
      'scripts/report.py:1 -> scripts/helpers.py',
      'scripts/report.py:2 -> src/shop/cart.py',
    ]);
  });

  it('resolves across projects of a monorepo, nearest project first', async () => {
    const graph = await graphOf({
      'services/billing/pyproject.toml': '[project]\nname = "billing"\n',
      'services/billing/src/billing/__init__.py': '',
      'services/billing/src/billing/invoice.py': 'from common.money import Money\n',
      'libs/common/setup.py': 'from setuptools import setup\nsetup()\n',
      'libs/common/common/__init__.py': '',
      'libs/common/common/money.py': 'class Money: ...\n',
    });
    expect(edgesFrom(graph, 'services/billing/src/billing/invoice.py')).toEqual([
      'services/billing/src/billing/invoice.py:1 -> libs/common/common/money.py',
    ]);
  });

  it('maps the standard library to builtin and everything else to PyPI by top-level name', async () => {
    const graph = await graphOf({
      'app.py':
        'import os.path\nimport json\nfrom __future__ import annotations\nimport requests\nfrom yaml import safe_load\nimport google.cloud.storage\nimport logging\n',
      'logging/handlers_extra.py': '# a namespace directory named like a stdlib module\n',
    });
    expect(edgesFrom(graph)).toEqual([
      'app.py:1 -> builtin:python:os',
      'app.py:2 -> builtin:python:json',
      'app.py:3 -> builtin:python:__future__',
      'app.py:4 -> pypi:requests',
      'app.py:5 -> pypi:yaml',
      'app.py:6 -> pypi:google',
      'app.py:7 -> builtin:python:logging',
    ]);
    expect(graph.externals.find((node) => node.id === 'builtin:python:os')).toMatchObject({ builtin: true });
    expect(graph.externals.find((node) => node.id === 'pypi:requests')).toMatchObject({
      builtin: false,
      ecosystem: 'pypi',
    });
  });

  it('lets a module of the repository shadow the standard library where Python would find it first', async () => {
    const graph = await graphOf({ 'tool/main.py': 'import queue\n', 'tool/queue.py': 'class Queue: ...\n' });
    expect(edgesFrom(graph)).toEqual(['tool/main.py:1 -> tool/queue.py']);
  });

  it('resolves into namespace packages and keeps what it cannot resolve, with the reason', async () => {
    const graph = await graphOf({
      'ns/plugins/csv.py': '',
      'main.py':
        'from ns.plugins import csv\nimport ns\nfrom .missing import thing\nimport ns.plugins.nope\n',
      'pkg/__init__.py': '',
      'pkg/deep.py': 'from .... import too_far\nfrom .gone import x\n',
    });
    expect(edgesFrom(graph, 'main.py')).toEqual(['main.py:1 -> ns/plugins/csv.py']);
    expect(unresolvedOf(graph)).toEqual([
      'main.py:2 ns (unsupported)',
      'main.py:3 .missing (not-found)',
      'main.py:4 ns.plugins.nope (not-found)',
      'pkg/deep.py:1 .... (outside-repository)',
      'pkg/deep.py:2 .gone (not-found)',
    ]);
  });

  it('finds a fixture package that tests put on sys.path, and knows Python 2 stdlib names', async () => {
    const graph = await graphOf({
      'tests/test_cli.py':
        'import cliapp.factory\ntry:\n    from StringIO import StringIO\nexcept ImportError:\n    from io import StringIO\n',
      'tests/apps/cliapp/__init__.py': '',
      'tests/apps/cliapp/factory.py': '',
      'tests/apps/cliapp/inner/__init__.py': '',
      'other/inner/__init__.py': '',
      'main.py': 'import inner\n',
    });
    expect(edgesFrom(graph, 'tests/test_cli.py')).toEqual([
      'tests/test_cli.py:1 -> tests/apps/cliapp/factory.py',
      'tests/test_cli.py:3 -> builtin:python:StringIO',
      'tests/test_cli.py:5 -> builtin:python:io',
    ]);
    expect(edgesFrom(graph, 'main.py')).toEqual(['main.py:1 -> other/inner/__init__.py']);
  });

  it('flags imports under TYPE_CHECKING as type-only edges', async () => {
    const graph = await graphOf({
      'a.py': 'from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from b import B\n',
      'b.py': 'class B: ...\n',
    });
    const edge = graph.edges.find((entry) => entry.to === 'b.py');
    expect(edge).toMatchObject({ from: 'a.py', typeOnly: true, line: 3 });
  });
});
