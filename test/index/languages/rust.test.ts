import { beforeAll, describe, expect, it } from 'vitest';
import { rustAdapter } from '../../../src/index/languages/rust.js';
import type { SymbolFact } from '../../../src/index/types.js';

const extract = (text: string, path = 'src/lib.rs') => rustAdapter.extract({ path, text });
const lines = (...text: string[]) => `${text.join('\n')}\n`;
const byName = (symbols: SymbolFact[]) =>
  Object.fromEntries(
    symbols.map((symbol) => [symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name, symbol]),
  );

beforeAll(() => rustAdapter.init!());

describe('rust adapter', () => {
  it.each([
    ['use std::fmt;', [['std::fmt', 'static', ['fmt']]]],
    ['use crate::config::Settings as Config;', [['crate::config::Settings', 'static', ['Settings']]]],
    ['use a::{b, c::d, e::{self, f}};', [['a', 'static', ['b', 'c::d', 'e', 'e::f']]]],
    ['use super::*;', [['super', 'static', ['*']]]],
    ['use self::inner::Thing;', [['self::inner::Thing', 'static', ['Thing']]]],
    ['pub use crate::model::Order;', [['crate::model::Order', 'reexport', ['Order']]]],
    [
      'use {std::io, crate::db};',
      [
        ['std::io', 'static', ['io']],
        ['crate::db', 'static', ['db']],
      ],
    ],
    ['extern crate serde as sd;', [['serde', 'static', ['serde']]]],
    ['mod config;', [['config', 'module-declaration', ['config']]]],
    ['#[path = "gen/api.rs"]\nmod api;', [['gen/api.rs', 'module-declaration', ['api']]]],
  ])('reads imports: %s', (source, expected) => {
    const facts = extract(source);
    expect(facts.imports.map((entry) => [entry.specifier, entry.kind, entry.names])).toEqual(expected);
  });

  it('rewrites paths inside inline modules relative to the file', () => {
    const facts = extract(
      lines(
        'mod tests {',
        '    use super::*;',
        '    use super::super::up::Thing;',
        '    use self::helpers::h;',
        '    mod helpers;',
        '}',
      ),
    );
    expect(facts.imports.map((entry) => [entry.specifier, entry.kind, entry.line])).toEqual([
      ['self', 'static', 2],
      ['super::up::Thing', 'static', 3],
      ['self::tests::helpers::h', 'static', 4],
      ['tests::helpers', 'module-declaration', 5],
    ]);
  });

  it('extracts items, impl and trait methods, docs, visibility and exports', () => {
    const facts = extract(
      lines(
        '//! Orders: storage and pricing. More.',
        'use std::collections::HashMap;',
        'pub use crate::model::Order as PublicOrder;',
        '',
        '/// A store of orders.',
        '/// Second line.',
        '#[derive(Debug, Clone)]',
        'pub struct Store<T: Clone> {',
        '    items: HashMap<u32, T>,',
        '}',
        'pub struct Id(pub u32);',
        'impl<T: Clone> Store<T> {',
        '    /// Makes an empty store.',
        '    pub fn new() -> Self { todo!() }',
        '    fn hidden(&self) {}',
        '}',
        'impl Default for Id {',
        '    fn default() -> Self { Id(0) }',
        '}',
        'pub trait Repository: Send {',
        '    fn get(&self, id: u32) -> Option<String>;',
        '}',
        'pub enum Kind { A, B }',
        'pub(crate) const MAX: usize = 10;',
        'static mut COUNTER: u32 = 0;',
        'pub type Map = HashMap<u32, u32>;',
        'pub mod api;',
        'mod private { fn inner() {} }',
        'async fn run() {}',
      ),
    );
    const symbols = byName(facts.symbols);
    expect(symbols.Store).toMatchObject({
      kind: 'struct',
      line: 8,
      endLine: 10,
      signature: 'pub struct Store<T: Clone>',
      exported: true,
      doc: 'A store of orders.',
    });
    expect(symbols.Id).toMatchObject({ kind: 'struct', signature: 'pub struct Id(pub u32)' });
    expect(symbols['Store.new']).toMatchObject({
      kind: 'method',
      container: 'Store',
      exported: true,
      signature: 'pub fn new() -> Self',
      doc: 'Makes an empty store.',
    });
    expect(symbols['Store.hidden']).toMatchObject({ exported: false });
    expect(symbols['Id.default']).toMatchObject({ kind: 'method', exported: true });
    expect(symbols.Repository).toMatchObject({ kind: 'trait', signature: 'pub trait Repository: Send' });
    expect(symbols['Repository.get']).toMatchObject({
      kind: 'method',
      signature: 'fn get(&self, id: u32) -> Option<String>',
    });
    expect(symbols.Kind).toMatchObject({ kind: 'enum', exported: true });
    expect(symbols.MAX).toMatchObject({ kind: 'const', exported: true });
    expect(symbols.COUNTER).toMatchObject({ kind: 'variable', exported: false });
    expect(symbols.Map).toMatchObject({ kind: 'type', exported: true });
    expect(symbols.api).toMatchObject({ kind: 'module', exported: true, signature: 'pub mod api' });
    expect(symbols.private).toMatchObject({ kind: 'module', exported: false, line: 28 });
    expect(symbols.run).toMatchObject({ kind: 'function', exported: false, signature: 'async fn run()' });
    expect(facts.exports.map((entry) => [entry.name, entry.from])).toEqual([
      ['PublicOrder', 'crate::model::Order'],
      ['Store', undefined],
      ['Id', undefined],
      ['Repository', undefined],
      ['Kind', undefined],
      ['MAX', undefined],
      ['Map', undefined],
      ['api', undefined],
    ]);
    expect(facts.summary).toEqual({ text: 'Orders: storage and pricing.', source: 'module-doc', line: 1 });
  });

  it('finds actix attribute routes and axum router calls', () => {
    const actix = extract(
      lines(
        'use actix_web::{get, route, HttpResponse};',
        '#[get("/orders/{id}")]',
        'async fn show() -> HttpResponse { todo!() }',
        '#[route("/items", method = "GET", method = "HEAD")]',
        'async fn items() -> HttpResponse { todo!() }',
      ),
    );
    expect(actix.routes).toEqual([
      { method: 'GET', path: '/orders/{id}', framework: 'actix', line: 2, handler: 'show' },
      { method: 'GET', path: '/items', framework: 'actix', line: 4, handler: 'items' },
      { method: 'HEAD', path: '/items', framework: 'actix', line: 4, handler: 'items' },
    ]);
    const axum = extract(
      lines(
        'use axum::{routing::{get, post}, Router};',
        'pub fn app() -> Router {',
        '    Router::new()',
        '        .route("/orders", get(list).post(create))',
        '        .route("/health", axum::routing::get(health))',
        '}',
      ),
    );
    expect(
      axum.routes.map((route) => `${route.line} ${route.method} ${route.path} ${route.handler}`),
    ).toEqual(['4 GET /orders list', '4 POST /orders create', '5 GET /health health']);
  });

  it('reads std::env::var, env::var_os, env! and option_env!', () => {
    const facts = extract(
      lines(
        'use std::env;',
        'fn f() {',
        '    let a = std::env::var("DATABASE_URL");',
        '    let b = env::var_os("HOME");',
        '    let c = env!("CARGO_PKG_VERSION");',
        '    let d = option_env!("GIT_SHA");',
        '    let e = env::var(name);',
        '}',
      ),
    );
    expect(facts.env).toEqual([
      { name: 'DATABASE_URL', line: 3 },
      { name: 'HOME', line: 4 },
      { name: 'CARGO_PKG_VERSION', line: 5 },
      { name: 'GIT_SHA', line: 6 },
    ]);
  });

  it('keeps non-ASCII identifiers and strings', () => {
    const facts = extract(
      lines(
        '//! Größenberechnung — mit Umlauten 😀.',
        '/// Berechnet die Größe.',
        'pub fn größe(länge: u32) -> u32 { let _ = std::env::var("MAß"); länge }',
        'pub struct Ärger;',
      ),
    );
    const symbols = byName(facts.symbols);
    expect(symbols.größe).toMatchObject({
      kind: 'function',
      line: 3,
      signature: 'pub fn größe(länge: u32) -> u32',
      doc: 'Berechnet die Größe.',
    });
    expect(symbols.Ärger).toMatchObject({ kind: 'struct', line: 4 });
    expect(facts.env).toEqual([{ name: 'MAß', line: 3 }]);
    expect(facts.summary.text).toBe('Größenberechnung — mit Umlauten 😀.');
  });

  it('indexes a file with a syntax error as partial, with the error line', () => {
    const facts = extract(
      lines('use std::fmt;', '', 'fn ok() {}', '', 'fn broken( {', '', 'pub fn after() {}'),
    );
    expect(facts.confidence).toBe('partial');
    expect(facts.diagnostics[0]?.line).toBeGreaterThanOrEqual(5);
    expect(facts.imports.map((entry) => entry.specifier)).toEqual(['std::fmt']);
    expect(facts.symbols.map((symbol) => symbol.name)).toContain('ok');
  });
});
