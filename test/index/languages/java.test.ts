import { beforeAll, describe, expect, it } from 'vitest';
import { javaAdapter } from '../../../src/index/languages/java.js';
import type { SymbolFact } from '../../../src/index/types.js';

const extract = (text: string, path = 'src/main/java/com/shop/App.java') =>
  javaAdapter.extract({ path, text });
const lines = (...text: string[]) => `${text.join('\n')}\n`;
const byName = (symbols: SymbolFact[]) =>
  Object.fromEntries(
    symbols.map((symbol) => [symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name, symbol]),
  );

beforeAll(() => javaAdapter.init!());

describe('java adapter', () => {
  it.each([
    ['import java.util.List;', [['java.util.List', ['List']]]],
    ['import com.shop.model.*;', [['com.shop.model.*', ['*']]]],
    ['import static org.junit.Assert.assertEquals;', [['org.junit.Assert.assertEquals', ['assertEquals']]]],
    ['import static com.shop.Util.*;', [['com.shop.Util.*', ['*']]]],
    ['import com.shop.Outer.Inner;', [['com.shop.Outer.Inner', ['Inner']]]],
  ])('reads imports: %s', (source, expected) => {
    const facts = extract(`package com.shop;\n\n${source}\n`);
    expect(facts.imports.map((entry) => [entry.specifier, entry.names])).toEqual(expected);
    expect(facts.imports[0]).toMatchObject({ kind: 'static', typeOnly: false, line: 3 });
  });

  it('extracts the package, types, members, constants, Javadoc and public-ness', () => {
    const facts = extract(
      lines(
        'package com.shop;',
        '',
        '/** The application. Starts everything. */',
        '@SpringBootApplication',
        'public class App<T> extends Base implements Runnable {',
        '  public static final int MAX = 10, MIN = 1;',
        '  private static final String NAME = "app";',
        '  private int count;',
        '',
        '  /** Runs the app. */',
        '  @Override',
        '  public void run() {}',
        '',
        '  public static void main(String[] args) throws Exception {',
        '    new App<String>().run();',
        '  }',
        '',
        '  App() {}',
        '',
        '  public interface Listener { void onEvent(String name); int LIMIT = 3; }',
        '  enum State { OPEN, CLOSED; public boolean done() { return this == CLOSED; } }',
        '  public record Line(String sku, int quantity) {}',
        '}',
        'class Helper { public void help() {} }',
      ),
    );
    const symbols = byName(facts.symbols);
    expect(symbols['com.shop']).toMatchObject({
      kind: 'module',
      signature: 'package com.shop',
      exported: false,
    });
    expect(symbols.App).toMatchObject({
      kind: 'class',
      line: 4,
      endLine: 23,
      signature: 'public class App<T> extends Base implements Runnable',
      exported: true,
      doc: 'The application.',
    });
    expect(symbols['App.MAX']).toMatchObject({
      kind: 'const',
      exported: true,
      signature: 'public static final int MAX = 10',
    });
    expect(symbols['App.MIN']).toMatchObject({ kind: 'const', line: 6 });
    expect(symbols['App.NAME']).toMatchObject({ kind: 'const', exported: false });
    expect(symbols['App.count']).toBeUndefined();
    expect(symbols['App.run']).toMatchObject({
      kind: 'method',
      container: 'App',
      signature: 'public void run()',
      doc: 'Runs the app.',
    });
    expect(symbols['App.main']?.signature).toBe('public static void main(String[] args) throws Exception');
    expect(symbols['App.main']).toMatchObject({ line: 14, endLine: 16, exported: true });
    expect(symbols['App.App']).toMatchObject({ kind: 'method', exported: false });
    expect(symbols['App.Listener']).toMatchObject({ kind: 'interface', exported: true });
    expect(symbols['App.Listener.onEvent']).toMatchObject({ kind: 'method', exported: true });
    expect(symbols['App.Listener.LIMIT']).toMatchObject({ kind: 'const', exported: true });
    expect(symbols['App.State']).toMatchObject({ kind: 'enum', exported: false });
    expect(symbols['App.State.done']).toMatchObject({ exported: false });
    expect(symbols['App.Line']).toMatchObject({
      kind: 'class',
      signature: 'public record Line(String sku, int quantity)',
    });
    expect(symbols.Helper).toMatchObject({ exported: false });
    expect(symbols['Helper.help']).toMatchObject({ exported: false });
    expect(facts.exports).toEqual([{ name: 'App', typeOnly: false, line: 4 }]);
    expect(facts.summary).toEqual({ text: 'The application.', source: 'symbol-doc', line: 4 });
  });

  it('takes a package-info Javadoc as the module doc', () => {
    const facts = extract(
      lines('/** Billing: invoices and payments. */', 'package com.shop.billing;'),
      'com/shop/billing/package-info.java',
    );
    expect(facts.summary).toEqual({ text: 'Billing: invoices and payments.', source: 'module-doc', line: 1 });
  });

  it('finds Spring routes under the class prefix, and JAX-RS routes', () => {
    const spring = extract(
      lines(
        'package com.shop.web;',
        '@RestController',
        '@RequestMapping(value = "/api/orders")',
        'public class OrderController {',
        '  @GetMapping',
        '  public List<Order> list() { return null; }',
        '  @PostMapping(path = {"", "/bulk"})',
        '  public void create() {}',
        '  @RequestMapping(value = "/{id}", method = {RequestMethod.PUT, RequestMethod.PATCH})',
        '  public void update() {}',
        '  @DeleteMapping("/{id}")',
        '  public void delete() {}',
        '}',
      ),
    );
    expect(
      spring.routes.map((route) => `${route.line} ${route.method} ${route.path} ${route.handler}`),
    ).toEqual([
      '5 GET /api/orders list',
      '7 POST /api/orders create',
      '7 POST /api/orders/bulk create',
      '9 PUT /api/orders/{id} update',
      '9 PATCH /api/orders/{id} update',
      '11 DELETE /api/orders/{id} delete',
    ]);
    expect(spring.routes.every((route) => route.framework === 'spring')).toBe(true);
    const jaxRs = extract(
      lines(
        '@Path("/users")',
        'public class Users {',
        '  @GET',
        '  @Path("/{id}")',
        '  public User get() { return null; }',
        '  @POST',
        '  public void add() {}',
        '}',
      ),
    );
    expect(jaxRs.routes).toEqual([
      { method: 'GET', path: '/users/{id}', framework: 'jax-rs', line: 3, handler: 'get' },
      { method: 'POST', path: '/users', framework: 'jax-rs', line: 6, handler: 'add' },
    ]);
  });

  it('reads System.getenv with a literal name', () => {
    const facts = extract(
      lines(
        'class Config {',
        '  String a = System.getenv("DATABASE_URL");',
        '  String b = System.getenv(name);',
        '  Map<String, String> all = System.getenv();',
        '}',
      ),
    );
    expect(facts.env).toEqual([{ name: 'DATABASE_URL', line: 2 }]);
  });

  it('keeps non-ASCII identifiers and strings', () => {
    const facts = extract(
      lines(
        'package de.grüße;',
        '/** Größe — in Metern 😀. */',
        'public class Größe {',
        '  @GetMapping("/größe")',
        '  public int länge() { return System.getenv("MAß").length(); }',
        '}',
      ),
    );
    const symbols = byName(facts.symbols);
    expect(symbols['de.grüße']).toMatchObject({ kind: 'module' });
    expect(symbols.Größe).toMatchObject({ kind: 'class', line: 3, doc: 'Größe — in Metern 😀.' });
    expect(symbols['Größe.länge']).toMatchObject({ line: 4, endLine: 5, signature: 'public int länge()' });
    expect(facts.routes).toEqual([
      { method: 'GET', path: '/größe', framework: 'spring', line: 4, handler: 'länge' },
    ]);
    expect(facts.env).toEqual([{ name: 'MAß', line: 5 }]);
  });

  it('indexes a file with a syntax error as partial, with the error line', () => {
    const facts = extract(
      lines(
        'package com.shop;',
        'import java.util.List;',
        '',
        'public class Broken {',
        '  public void ok() {}',
        '  public void bad( {',
        '  }',
        '}',
      ),
    );
    expect(facts.confidence).toBe('partial');
    expect(facts.diagnostics[0]?.line).toBe(6);
    expect(facts.imports.map((entry) => entry.specifier)).toEqual(['java.util.List']);
    expect(facts.symbols.map((symbol) => symbol.name)).toContain('Broken');
  });
});
