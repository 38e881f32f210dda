import { beforeAll, describe, expect, it } from 'vitest';
import { pythonAdapter } from '../../../src/index/languages/python.js';
import type { SymbolFact } from '../../../src/index/types.js';

const extract = (text: string, path = 'app/module.py') => pythonAdapter.extract({ path, text });
const lines = (...text: string[]) => `${text.join('\n')}\n`;
const byName = (symbols: SymbolFact[]) =>
  Object.fromEntries(
    symbols.map((symbol) => [symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name, symbol]),
  );

beforeAll(() => pythonAdapter.init!());

describe('python adapter', () => {
  it.each([
    ['import os', [['os', ['*'], false]]],
    [
      'import a.b as c, d',
      [
        ['a.b', ['*'], false],
        ['d', ['*'], false],
      ],
    ],
    ['from .models import Order, _helper as h', [['.models', ['Order', '_helper'], false]]],
    ['from .. import utils', [['..', ['utils'], false]]],
    ['from ...pkg.sub import (x,\n    y)', [['...pkg.sub', ['x', 'y'], false]]],
    ['from . import *', [['.', ['*'], false]]],
    ['from __future__ import annotations', [['__future__', ['annotations'], false]]],
    ['if TYPE_CHECKING:\n    from .types import Thing', [['.types', ['Thing'], true]]],
    ['if t.TYPE_CHECKING:\n    from typing_extensions import Self', [['typing_extensions', ['Self'], true]]],
    ['def f():\n    import json\n    return json', [['json', ['*'], false]]],
  ])('reads imports: %s', (source, expected) => {
    const facts = extract(source);
    expect(facts.imports.map((entry) => [entry.specifier, entry.names, entry.typeOnly])).toEqual(expected);
    expect(facts.imports.every((entry) => entry.kind === 'static')).toBe(true);
  });

  it('reads literal dynamic imports and ignores computed ones', () => {
    const facts = extract(
      lines('import importlib', 'm = importlib.import_module("plugins.csv")', 'n = __import__(name)'),
    );
    expect(facts.imports.map((entry) => [entry.specifier, entry.kind, entry.line])).toEqual([
      ['importlib', 'static', 1],
      ['plugins.csv', 'dynamic', 2],
    ]);
  });

  it('extracts functions, classes, decorated methods, constants and docstrings with line ranges', () => {
    const facts = extract(
      lines(
        '"""Orders: the domain model. Second sentence."""',
        'from dataclasses import dataclass',
        'MAX_ITEMS: int = 10',
        'registry = {}',
        'type OrderId = int',
        '',
        '@dataclass',
        'class Order(Base):',
        '    """An order. With lines."""',
        '    @property',
        '    def total(self) -> int:',
        '        return 0',
        '    def _recalculate(self):',
        '        pass',
        '    def __repr__(self):',
        '        return "Order"',
        '',
        'async def load(order_id: OrderId,',
        '               *, strict: bool = False) -> "Order":',
        '    """Loads one order."""',
        '    ...',
      ),
    );
    const symbols = byName(facts.symbols);
    expect(symbols.MAX_ITEMS).toMatchObject({
      kind: 'const',
      line: 3,
      signature: 'MAX_ITEMS: int = 10',
      exported: true,
    });
    expect(symbols.registry).toMatchObject({ kind: 'variable', exported: true });
    expect(symbols.OrderId).toMatchObject({ kind: 'type', line: 5 });
    expect(symbols.Order).toMatchObject({
      kind: 'class',
      line: 7,
      endLine: 16,
      signature: 'class Order(Base)',
      doc: 'An order.',
      exported: true,
    });
    expect(symbols['Order.total']).toMatchObject({
      kind: 'method',
      container: 'Order',
      line: 10,
      endLine: 12,
      signature: 'def total(self) -> int',
      exported: true,
    });
    expect(symbols['Order._recalculate']).toMatchObject({ exported: false });
    expect(symbols['Order.__repr__']).toMatchObject({ exported: true });
    expect(symbols.load).toMatchObject({
      kind: 'function',
      line: 18,
      endLine: 21,
      signature: 'async def load(order_id: OrderId, *, strict: bool = False) -> "Order"',
      doc: 'Loads one order.',
    });
    expect(facts.summary).toEqual({ text: 'Orders: the domain model.', source: 'module-doc', line: 1 });
    expect(facts.confidence).toBe('parsed');
  });

  it('exports what __all__ lists (with re-export sources), else public top-level names', () => {
    const declared = extract(
      lines(
        'from .models import Order',
        'def public(): pass',
        'def helper(): pass',
        '__all__ = ["public", "Order"]',
        '__all__ += ["extra"]',
      ),
    );
    expect(declared.exports).toEqual([
      { name: 'public', typeOnly: false, line: 4 },
      { name: 'Order', typeOnly: false, line: 4, from: '.models' },
      { name: 'extra', typeOnly: false, line: 5 },
    ]);
    expect(byName(declared.symbols).helper?.exported).toBe(false);
    const implicit = extract(lines('def public(): pass', 'def _private(): pass', 'class Thing: pass'));
    expect(implicit.exports.map((entry) => entry.name)).toEqual(['public', 'Thing']);
  });

  it('finds Flask and FastAPI routes, with blueprint and router prefixes', () => {
    const flask = extract(
      lines(
        'from flask import Blueprint',
        'bp = Blueprint("orders", __name__, url_prefix="/orders")',
        '@bp.route("/", methods=["GET", "POST"])',
        'def index(): ...',
        '@bp.get("/<int:id>")',
        'def show(id): ...',
        'bp.add_url_rule("/export", view_func=export)',
      ),
    );
    expect(flask.routes).toEqual([
      { method: 'GET', path: '/orders/', framework: 'flask', line: 3, handler: 'index' },
      { method: 'POST', path: '/orders/', framework: 'flask', line: 3, handler: 'index' },
      { method: 'GET', path: '/orders/<int:id>', framework: 'flask', line: 5, handler: 'show' },
      { method: 'GET', path: '/orders/export', framework: 'flask', line: 7 },
    ]);
    const fastapi = extract(
      lines(
        'from fastapi import APIRouter, FastAPI',
        'app = FastAPI()',
        'router = APIRouter(prefix="/items")',
        '@app.get("/health")',
        'async def health(): ...',
        '@router.post("/{item_id}")',
        'async def update(item_id: int): ...',
        '@app.api_route("/legacy", methods=["PUT"])',
        'def legacy(): ...',
        '@cache.get(key)',
        'def cached(): ...',
      ),
    );
    expect(
      fastapi.routes.map((route) => `${route.method} ${route.path} ${route.framework} ${route.handler}`),
    ).toEqual([
      'GET /health fastapi health',
      'POST /items/{item_id} fastapi update',
      'PUT /legacy fastapi legacy',
    ]);
  });

  it('reads os.environ and os.getenv, also through names imported from os', () => {
    const facts = extract(
      lines(
        'import os',
        'from os import environ, getenv',
        'A = os.environ["API_KEY"]',
        'B = os.environ.get("DEBUG", "0")',
        'C = os.getenv("PORT")',
        'D = environ["HOME"]',
        'E = getenv("USER")',
        'F = os.environ[name]',
        'G = settings.get("NOT_ENV")',
      ),
    );
    expect(facts.env).toEqual([
      { name: 'API_KEY', line: 3 },
      { name: 'DEBUG', line: 4 },
      { name: 'PORT', line: 5 },
      { name: 'HOME', line: 6 },
      { name: 'USER', line: 7 },
    ]);
  });

  it('keeps non-ASCII identifiers and strings, and counts lines in characters, not bytes', () => {
    const facts = extract(
      lines(
        '"""Grüße aus Köln 😀. Zweiter Satz."""',
        'from flask import Flask',
        'app = Flask(__name__)',
        'ÜBERSCHRIFT = "€"',
        '@app.route("/café")',
        'def grüße(名前: str) -> str:',
        '    """Sagt hallo — freundlich."""',
        '    return os.getenv("GRUß")',
      ),
    );
    const symbols = byName(facts.symbols);
    expect(symbols.grüße).toMatchObject({
      kind: 'function',
      line: 5,
      endLine: 8,
      signature: 'def grüße(名前: str) -> str',
    });
    expect(symbols.grüße?.doc).toBe('Sagt hallo — freundlich.');
    expect(symbols.ÜBERSCHRIFT).toMatchObject({ kind: 'const', line: 4 });
    expect(facts.routes).toEqual([
      { method: 'GET', path: '/café', framework: 'flask', line: 5, handler: 'grüße' },
    ]);
    expect(facts.env).toEqual([{ name: 'GRUß', line: 8 }]);
    expect(facts.summary.text).toBe('Grüße aus Köln 😀.');
  });

  it('indexes a file with a syntax error as partial, with the error line, and keeps what parsed', () => {
    const facts = extract(
      lines(
        'import os',
        '',
        'def ok():',
        '    return 1',
        '',
        'def broken(:',
        '    pass',
        '',
        'class After:',
        '    pass',
      ),
    );
    expect(facts.confidence).toBe('partial');
    expect(facts.diagnostics.length).toBeGreaterThan(0);
    expect(facts.diagnostics[0]!.line).toBe(6);
    expect(facts.imports.map((entry) => entry.specifier)).toEqual(['os']);
    expect(facts.symbols.map((symbol) => symbol.name)).toContain('ok');
    expect(facts.symbols.map((symbol) => symbol.name)).toContain('After');
  });

  it('reports garbage as failed without throwing', () => {
    const facts = extract(')))) ((( ]]] ::: @@@\n');
    expect(facts.confidence).toBe('failed');
    expect(facts.diagnostics[0]).toMatchObject({ line: 1 });
  });

  it('derives a summary when nothing is documented', () => {
    expect(extract(lines('def run(): pass', 'class Job: pass')).summary).toEqual({
      text: 'Exports run (function), Job (class).',
      source: 'derived',
    });
  });
});
