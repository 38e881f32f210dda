import { describe, expect, it } from 'vitest';
import { typescriptAdapter } from '../../../src/index/languages/typescript.js';

const extract = (text: string, path = 'src/example.ts') => typescriptAdapter.extract({ path, text });

describe('typescript adapter', () => {
  it('extracts static, type-only, dynamic, require and re-export imports with lines', () => {
    const facts = extract(
      [
        "import fs from 'node:fs';",
        "import type { Config } from './config.js';",
        "import './side-effect.js';",
        "export { helper } from './helper.js';",
        "const lazy = () => import('./lazy.js');",
        "const legacy = require('legacy-lib');",
        '// require("not-this-one")',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test contains a template literal
        'const dynamicName = import(`./${name}.js`);',
      ].join('\n'),
    );
    const summary = facts.imports.map((entry) => [entry.specifier, entry.kind, entry.typeOnly, entry.line]);
    expect(summary).toEqual([
      ['node:fs', 'static', false, 1],
      ['./config.js', 'static', true, 2],
      ['./side-effect.js', 'static', false, 3],
      ['./helper.js', 'reexport', false, 4],
      ['./lazy.js', 'dynamic', false, 5],
      ['legacy-lib', 'require', false, 6],
    ]);
    expect(facts.confidence).toBe('parsed');
  });

  it('extracts symbols with kinds, line ranges, signatures, docs and exported flags', () => {
    const facts = extract(
      [
        '/** Adds two numbers. Second sentence. */',
        'export function add(a: number, b: number): number {',
        '  return a + b;',
        '}',
        'class Internal {',
        '  run(): void {}',
        '  static make() { return new Internal(); }',
        '}',
        'export interface Shape { area(): number }',
        'export type Id = string;',
        'export enum Color { Red }',
        'export const handler = async (request: Request) => request;',
        'export const LIMIT = 10;',
        'export default class Service {}',
      ].join('\n'),
    );
    const byName = Object.fromEntries(
      facts.symbols.map((symbol) => [
        symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name,
        symbol,
      ]),
    );
    expect(byName.add).toMatchObject({
      kind: 'function',
      line: 2,
      endLine: 4,
      exported: true,
      doc: 'Adds two numbers.',
    });
    expect(byName.add!.signature).toBe('export function add(a: number, b: number): number');
    expect(byName.Internal).toMatchObject({ kind: 'class', exported: false, line: 5, endLine: 8 });
    expect(byName['Internal.run']).toMatchObject({ kind: 'method', line: 6 });
    expect(byName['Internal.make']).toMatchObject({ kind: 'method', line: 7 });
    expect(byName.Shape).toMatchObject({ kind: 'interface', exported: true });
    expect(byName.Id).toMatchObject({ kind: 'type', exported: true });
    expect(byName.Color).toMatchObject({ kind: 'enum', exported: true });
    expect(byName.handler).toMatchObject({ kind: 'function', exported: true });
    expect(byName.LIMIT).toMatchObject({ kind: 'const', exported: true });
    expect(byName.Service).toMatchObject({ kind: 'class', exported: true });
    expect(facts.exports.map((entry) => entry.name).sort()).toEqual([
      'Color',
      'Id',
      'LIMIT',
      'Shape',
      'add',
      'default',
      'handler',
    ]);
    // Seven exports and none the file is named after: no one symbol's doc speaks for the file.
    expect(facts.summary.source).toBe('derived');
    const named = extract(
      [
        '/** Adds two numbers. Second sentence. */',
        'export function add(a: number, b: number) { return a + b; }',
        'export const LIMIT = 10;',
      ].join('\n'),
      'src/add.ts',
    );
    expect(named.summary).toEqual({ text: 'Adds two numbers.', source: 'symbol-doc', line: 2 });
  });

  it('uses a module doc comment as the summary and skips license headers', () => {
    const facts = extract(
      [
        '// Copyright 2024 Someone. MIT License.',
        '/** Retry policies for HTTP clients. */',
        '',
        "import x from 'x';",
      ].join('\n'),
    );
    expect(facts.summary).toEqual({
      text: 'Retry policies for HTTP clients.',
      source: 'module-doc',
      line: 2,
    });
  });

  it('does not take a generated-file notice for a summary, and names overloads once', () => {
    const facts = extract(
      [
        '// This file is generated automatically by `scripts/build.ts`. Please, do not change it.',
        '',
        'export function pick(value: string): string;',
        'export function pick(value: number): number;',
        'export function pick(value: unknown) {',
        '  return value;',
        '}',
        'export const VERSION = 1;',
      ].join('\n'),
    );
    expect(facts.summary).toEqual({ text: 'Exports pick (function), VERSION (const).', source: 'derived' });
  });

  it('reads CommonJS exports', () => {
    const facts = extract(
      ['function a() {}', 'exports.b = function () {};', 'module.exports = { a, c: 1 };'].join('\n'),
      'lib/x.js',
    );
    expect(facts.exports.map((entry) => entry.name).sort()).toEqual(['a', 'b', 'c']);
    expect(facts.symbols.find((symbol) => symbol.name === 'a')?.exported).toBe(true);
  });

  it('finds express-style routes only in files that import a router framework', () => {
    const routes = extract(
      [
        "import express from 'express';",
        'const app = express();',
        "app.get('/users/:id', show);",
        "router.post('/login', login); // app.get('/comment')",
      ].join('\n'),
    ).routes;
    expect(routes.map((route) => [route.method, route.path, route.line])).toEqual([
      ['GET', '/users/:id', 3],
      ['POST', '/login', 4],
    ]);
    expect(extract("app.get('/nope', x);").routes).toEqual([]);
  });

  it('derives Next.js file routes', () => {
    const page = extract(
      'export default function Page() { return null }',
      'app/(shop)/products/[id]/page.tsx',
    );
    expect(page.routes).toEqual([{ method: 'GET', path: '/products/:id', framework: 'next-app', line: 1 }]);
    const handler = extract(
      'export async function GET() {}\nexport async function POST() {}',
      'src/app/api/items/route.ts',
    );
    expect(handler.routes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /api/items',
      'POST /api/items',
    ]);
    const legacy = extract('export default function handler() {}', 'pages/api/[...slug].ts');
    expect(legacy.routes[0]).toMatchObject({ method: 'ALL', path: '/api/*slug' });
  });

  it('reads environment variables', () => {
    const facts = extract(
      "const a = process.env.API_KEY;\nconst b = process.env['DB_URL'];\nconst c = import.meta.env.VITE_X;",
    );
    expect(facts.env).toEqual([
      { name: 'API_KEY', line: 1 },
      { name: 'DB_URL', line: 2 },
      { name: 'VITE_X', line: 3 },
    ]);
  });

  it('reports syntax errors as partial or failed, never throws', () => {
    const partial = extract('export function ok() { return 1 }\nexport function broken( {');
    expect(partial.confidence).toBe('partial');
    expect(partial.diagnostics[0]!.line).toBeGreaterThan(0);
    const failed = extract('}}}}');
    expect(['partial', 'failed']).toContain(failed.confidence);
  });

  it('counts lines and handles non-ASCII text with correct line numbers', () => {
    const facts = extract('// ünïcødé ✓ 日本語\nexport const größe = 1;\n');
    expect(facts.lines).toBe(2);
    expect(facts.symbols[0]).toMatchObject({ name: 'größe', line: 2 });
  });
});
