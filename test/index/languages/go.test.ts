import { beforeAll, describe, expect, it } from 'vitest';
import { goAdapter } from '../../../src/index/languages/go.js';
import type { SymbolFact } from '../../../src/index/types.js';

const extract = (text: string, path = 'internal/server/server.go') => goAdapter.extract({ path, text });
const lines = (...text: string[]) => `${text.join('\n')}\n`;
const byName = (symbols: SymbolFact[]) =>
  Object.fromEntries(
    symbols.map((symbol) => [symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name, symbol]),
  );

beforeAll(() => goAdapter.init!());

describe('go adapter', () => {
  it.each([
    ['import "fmt"', [['fmt', ['*'], 1]]],
    [
      'import (\n\t"fmt"\n\tstdos "os"\n)',
      [
        ['fmt', ['*'], 2],
        ['os', ['*'], 3],
      ],
    ],
    ['import . "strings"', [['strings', ['*'], 1]]],
    ['import _ "embed"', [['embed', [], 1]]],
    ['import `net/http`', [['net/http', ['*'], 1]]],
  ])('reads imports: %s', (source, expected) => {
    const facts = extract(`package x\n\n${source}\n`);
    expect(facts.imports.map((entry) => [entry.specifier, entry.names, entry.line - 2])).toEqual(expected);
    expect(facts.imports.every((entry) => entry.kind === 'static' && !entry.typeOnly)).toBe(true);
  });

  it('extracts the package, funcs, methods, types, consts and vars with docs and export flags', () => {
    const facts = extract(
      lines(
        '// Package server serves orders over HTTP.',
        'package server',
        '',
        '// Server holds the listener. More text.',
        'type Server[T any] struct {',
        '\taddr string',
        '}',
        '',
        'type (',
        '\t// ID identifies an order.',
        '\tID = string',
        '\tStore interface {',
        '\t\tGet(id ID) (string, error)',
        '\t}',
        '\tcount int',
        ')',
        '',
        'const (',
        '\tMaxItems = 10',
        '\tminItems, other = 1, 2',
        ')',
        '',
        'var Default = New()',
        '',
        '// New makes a server.',
        'func New() *Server[int] {',
        '\treturn &Server[int]{}',
        '}',
        '',
        '//go:noinline',
        'func (s *Server[T]) Run(ctx context.Context) error { return nil }',
        'func (s Server[T]) stop() {}',
      ),
    );
    const symbols = byName(facts.symbols);
    expect(symbols.server).toMatchObject({
      kind: 'module',
      signature: 'package server',
      exported: false,
      line: 2,
    });
    expect(symbols.Server).toMatchObject({
      kind: 'struct',
      line: 5,
      endLine: 7,
      signature: 'type Server[T any] struct',
      exported: true,
      doc: 'Server holds the listener.',
    });
    expect(symbols.ID).toMatchObject({
      kind: 'type',
      line: 11,
      signature: 'type ID = string',
      doc: 'ID identifies an order.',
    });
    expect(symbols.Store).toMatchObject({
      kind: 'interface',
      line: 12,
      endLine: 14,
      signature: 'type Store interface',
    });
    expect(symbols['Store.Get']).toMatchObject({ kind: 'method', container: 'Store', exported: true });
    expect(symbols.count).toMatchObject({ kind: 'type', exported: false });
    expect(symbols.MaxItems).toMatchObject({
      kind: 'const',
      line: 19,
      signature: 'const MaxItems = 10',
      exported: true,
    });
    expect(symbols.minItems).toMatchObject({ kind: 'const', exported: false });
    expect(symbols.other).toMatchObject({ kind: 'const', line: 20 });
    expect(symbols.Default).toMatchObject({ kind: 'variable', line: 23, signature: 'var Default = New()' });
    expect(symbols.New).toMatchObject({
      kind: 'function',
      line: 26,
      endLine: 28,
      signature: 'func New() *Server[int]',
      doc: 'New makes a server.',
    });
    expect(symbols['Server.Run']).toMatchObject({
      kind: 'method',
      container: 'Server',
      exported: true,
      signature: 'func (s *Server[T]) Run(ctx context.Context) error',
    });
    expect(symbols['Server.Run']?.doc).toBeUndefined();
    expect(symbols['Server.stop']).toMatchObject({ exported: false });
    expect(facts.exports.map((entry) => entry.name)).toEqual([
      'Server',
      'ID',
      'Store',
      'MaxItems',
      'Default',
      'New',
    ]);
    expect(facts.summary).toEqual({
      text: 'Package server serves orders over HTTP.',
      source: 'module-doc',
      line: 1,
    });
  });

  it('skips build constraints and licenses when looking for the package doc', () => {
    const licensed = extract(
      lines(
        '// Copyright 2024 The Authors. Licensed under MIT.',
        'package x',
        '',
        '// Run runs.',
        'func Run() {}',
      ),
    );
    expect(licensed.summary).toEqual({ text: 'Run runs.', source: 'symbol-doc', line: 5 });
    const constrained = extract(lines('//go:build linux', '', '// Package x is for Linux.', 'package x'));
    expect(constrained.summary.text).toBe('Package x is for Linux.');
  });

  it('finds net/http, gin, chi and gorilla routes, with group prefixes', () => {
    const gin = extract(
      lines(
        'package api',
        'import (',
        '\t"net/http"',
        '\t"github.com/gin-gonic/gin"',
        ')',
        'func Routes(r *gin.Engine) {',
        '\tapi := r.Group("/api")',
        '\tv1 := api.Group("/v1")',
        '\tv1.GET("/orders/:id", getOrder)',
        '\tr.POST("/login", h.Login)',
        '\tr.Any("/proxy", func(c *gin.Context) {})',
        '\thttp.HandleFunc("DELETE /items/{id}", deleteItem)',
        '\tcache.Get(key)',
        '}',
      ),
    );
    expect(gin.routes).toEqual([
      { method: 'GET', path: '/api/v1/orders/:id', framework: 'gin', line: 9, handler: 'getOrder' },
      { method: 'POST', path: '/login', framework: 'gin', line: 10, handler: 'h.Login' },
      { method: 'ALL', path: '/proxy', framework: 'gin', line: 11 },
      { method: 'DELETE', path: '/items/{id}', framework: 'net/http', line: 12, handler: 'deleteItem' },
    ]);
    const gorilla = extract(
      lines(
        'package api',
        'import "github.com/gorilla/mux"',
        'func R(r *mux.Router) {',
        '\tr.HandleFunc("/x", h).Methods("GET", "POST")',
        '}',
      ),
    );
    expect(gorilla.routes.map((route) => `${route.method} ${route.path} ${route.framework}`)).toEqual([
      'GET /x gorilla',
      'POST /x gorilla',
    ]);
    const chi = extract(
      lines('package api', 'import "github.com/go-chi/chi/v5"', 'func R(r chi.Router) { r.Get("/", index) }'),
    );
    expect(chi.routes).toEqual([{ method: 'GET', path: '/', framework: 'chi', line: 3, handler: 'index' }]);
    const none = extract(lines('package x', 'func f() { r.GET("/x", h) }'));
    expect(none.routes).toEqual([]);
  });

  it('reads os.Getenv and os.LookupEnv through the import alias', () => {
    const facts = extract(
      lines(
        'package config',
        'import stdos "os"',
        'var Port = stdos.Getenv("PORT")',
        'func f() { _, ok := stdos.LookupEnv(`DEBUG`); _ = ok }',
        'func g() { os.Getenv("NOT_THE_PACKAGE") }',
      ),
    );
    expect(facts.env).toEqual([
      { name: 'PORT', line: 3 },
      { name: 'DEBUG', line: 4 },
    ]);
  });

  it('keeps non-ASCII identifiers (capitalised ones are exported) and strings', () => {
    const facts = extract(
      lines(
        'package grüße',
        '',
        'import "os"',
        '',
        '// Ärger ist ein Fehler — ärgerlich.',
        'type Ärger struct{}',
        'func größe() string { return os.Getenv("GRÖSSE") + "😀" }',
      ),
    );
    const symbols = byName(facts.symbols);
    expect(symbols.Ärger).toMatchObject({
      kind: 'struct',
      exported: true,
      line: 6,
      doc: 'Ärger ist ein Fehler — ärgerlich.',
    });
    expect(symbols.größe).toMatchObject({ kind: 'function', exported: false, line: 7 });
    expect(facts.env).toEqual([{ name: 'GRÖSSE', line: 7 }]);
  });

  it('indexes a file with a syntax error as partial, with the error line', () => {
    const facts = extract(
      lines('package x', '', 'import "fmt"', '', 'func ok() {}', '', 'func broken( {', '', 'func After() {}'),
    );
    expect(facts.confidence).toBe('partial');
    expect(facts.diagnostics[0]?.line).toBeGreaterThanOrEqual(7);
    expect(facts.imports.map((entry) => entry.specifier)).toEqual(['fmt']);
    expect(facts.symbols.map((symbol) => symbol.name)).toContain('ok');
  });
});
