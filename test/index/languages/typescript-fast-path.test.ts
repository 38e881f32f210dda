// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are TypeScript source with template literals
/**
 * Differential tests of the fast TypeScript scanner against the oxc path: whenever the scanner
 * answers, its facts must deep-equal oxc's, on tricky snippets. The same on real code on disk, about
 * 1,600 files, is typescript-fast-path-corpus.slow.ts (`npm run test:slow`).
 */
import { describe, expect, it } from 'vitest';
import { extractWithOxc, extractWithScanner } from '../../../src/index/languages/typescript.js';
import { scanModule } from '../../../src/index/languages/typescript-fast-path/top-level.js';

/** Facts as they are stored (JSON), so `undefined` fields and key order do not matter. */
const stored = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

function compare(path: string, text: string) {
  const scanned = extractWithScanner(path, text);
  return { scanned: scanned && stored(scanned), parsed: stored(extractWithOxc(path, text)) };
}

/** The scanner must answer, with exactly the oxc path's facts. */
function expectSameFacts(path: string, text: string): void {
  const result = scanModule(path, text);
  expect('declined' in result ? result.declined : 'answered', `scanner declined ${path}`).toBe('answered');
  const { scanned, parsed } = compare(path, text);
  expect(scanned).toEqual(parsed);
}

function expectDeclined(path: string, text: string): void {
  expect(extractWithScanner(path, text)).toBeUndefined();
}

const lines = (...source: string[]) => source.join('\n');

const SNIPPETS: Array<[name: string, path: string, text: string]> = [
  [
    'regex vs division',
    'a.ts',
    lines(
      'const a = b / c / d;',
      "const r = /ab+c/gi.test('x'); const q = /[/{'\"]/;",
      'const x = (a) / 2, y = z[0] / 3;',
      'if (x) /re/.test(y);',
      'const t = a++ / 2; const n = x! / y;',
      'export function f() { return /}/.source + typeof /{/ }',
      'export const last = 1;',
    ),
  ],
  [
    'template nesting',
    'a.ts',
    lines(
      "const s = `a ${b ? `c ${d + `}`}` : '}'} e`;",
      'export const t = `${{ a: 1 }.a} ${/}/.source}`;',
      'export function after() {}',
    ),
  ],
  [
    'comments with braces and quotes, strings with slashes',
    'a.ts',
    lines(
      '/* { \' " ` */ export const a = 1; // } \' "',
      'const url = \'http://example.com/*\'; const b = "// not a comment";',
      'export function c() { /* } */ return `//` }',
      '// export const hidden = 1;',
    ),
  ],
  [
    'export lists, aliases and defaults',
    'a.ts',
    lines('const a = 1, b = 2;', 'export { a as b2, b };', 'export { a as default };', 'export {};'),
  ],
  ['export default async function', 'a.ts', 'export default async function named() { await x; }'],
  ['export default anonymous function', 'a.ts', 'export default function* () {}'],
  [
    'overloads',
    'a.ts',
    lines(
      '/** Overloaded. */',
      'export function f(a: string): string;',
      'export function f(a: number): number;',
      'export function f(a: any) {',
      '  return a;',
      '}',
    ),
  ],
  [
    'ambient modules and globals',
    'a.ts',
    lines(
      "declare module 'x' {",
      '  export function f(): void;',
      "  import y from 'y';",
      '}',
      "declare module 'y';",
      'declare global {',
      '  interface Window { a: 1 }',
      '}',
      'declare const c: number, d: string;',
      'declare function z(): void',
      'declare class D { m(): void }',
    ),
  ],
  [
    'class fields with arrow functions',
    'a.ts',
    lines(
      'export class A {',
      '  handler = () => {',
      '    return 1;',
      '  }',
      '  other = (x: number): number => x * 2',
      '  static s = async () => {}',
      '  private cache = new Map<string, number>()',
      '  method() {}',
      '}',
    ),
  ],
  [
    'getters, setters, modifiers and private members',
    'a.ts',
    lines(
      'class B {',
      '  get x(): number { return 1 }',
      '  set x(v: number) {}',
      '  static get y() { return 2 }',
      '  get get() { return 3 }',
      '  static static() {}',
      '  #secret = 1',
      '  #hidden() {}',
      '  static async *gen() {}',
      '  accessor z = 2',
      '  declare w: string',
      '  public constructor(private readonly a: number) {}',
      '  override toString() { return "" }',
      '}',
    ),
  ],
  [
    'abstract classes',
    'a.ts',
    lines(
      'export abstract class C<T = {}> {',
      '  abstract m(): void;',
      '  protected abstract n?(a: T): T',
      '  concrete() {}',
      '}',
      'export default abstract class D {}',
    ),
  ],
  [
    'computed members and index signatures',
    'a.ts',
    lines(
      'class Q {',
      '  [key: string]: any;',
      '  [Symbol.iterator]() {}',
      '  [k]() {}',
      "  'str'() {}",
      '  42() {}',
      '  static {',
      '    init();',
      '  }',
      '  m(a: string): void;',
      '  m(a: any) {}',
      '}',
    ),
  ],
  [
    'enums',
    'a.ts',
    lines(
      'export enum E { A = 1, B = A << 1 }',
      'export const enum F { X }',
      'declare enum G {}',
      'enum H {}',
    ),
  ],
  [
    'namespaces',
    'a.ts',
    lines(
      'export namespace N {',
      '  export const a = 1;',
      '}',
      'namespace M.K {}',
      'module Legacy {}',
      'export declare namespace D {}',
    ),
  ],
  [
    'generics with default types',
    'a.ts',
    lines(
      'export function g<T extends object = {}, U = T[]>(a: T): U {',
      '  return [] as U;',
      '}',
      'export type P<T = string> = { [K in keyof T]?: T[K] };',
      'export interface I<T = Map<string, number>> extends Base<T>, Other {',
      '  x: T;',
      '}',
      'const m = new Map<string, Set<number>>(), n = foo<string>(1);',
      'export const id = <T,>(a: T): T => a;',
    ),
  ],
  [
    'type-only imports and exports',
    'a.ts',
    lines(
      "import type { A } from './a';",
      "import type B from './b';",
      "import type * as C from './c';",
      "import { type D, E } from './d';",
      "import { type F } from './f';",
      "import type from './type';",
      "export type { X } from './x';",
      "export { type Y, Z } from './y';",
      "export type * from './types';",
    ),
  ],
  [
    're-exports',
    'a.ts',
    lines(
      "export * as ns from './ns';",
      "export * from './all';",
      "export { default } from './default';",
      "export { default as Y, y as default2 } from './y';",
    ),
  ],
  [
    'exporting imported bindings',
    'a.ts',
    lines(
      'export const first = 1;',
      "import { a, b } from './a';",
      "import c, * as d from './c';",
      "import type { T } from './t';",
      'export { a, c as see, d, first as again };',
      'export type { T };',
      'export default b;',
    ),
  ],
  [
    'CommonJS',
    'lib/a.js',
    lines(
      "const a = require('a');",
      'function helper() {}',
      "module.exports = { helper, other: require('b'), 'str': 1, [computed]: x, get g() { return 1 }, m() {}, ...rest };",
      'exports.x = function () {};',
      'exports.y = 1;',
      'module.exports.z = () => 1;',
      'exports.a.b = 2;',
    ),
  ],
  ['CommonJS class export', 'lib/a.cjs', 'module.exports = class Foo extends Base {\n  m() {}\n};'],
  ['CommonJS named function export', 'lib/a.js', 'module.exports = function named() {};'],
  [
    'CommonJS parenthesized export',
    'lib/a.js',
    'module.exports = (function () {});\nexports.f = (x) => ({ x });',
  ],
  ['CommonJS identifier export', 'lib/a.js', 'function helper() {}\nmodule.exports = helper;'],
  ['CommonJS sequence', 'lib/a.js', 'function a() {}\nmodule.exports = a, b;\nexports.c = exports.d = 1;'],
  ['shebang in TypeScript', 'a.ts', "#!/usr/bin/env node\nimport x from 'y';\nx();"],
  ['shebang in JavaScript', 'a.js', "#!/usr/bin/env node\n/** The CLI entry. */\nimport x from 'y';"],
  ['byte order mark', 'a.ts', '\uFEFF/** Doc for the module. */\n\nexport const a = 1;'],
  [
    'CRLF line endings',
    'a.ts',
    lines(
      '/**',
      ' * Module doc on',
      ' * two lines.',
      ' */',
      '',
      "import { a } from './a';",
      'export function f(): void {',
      '  const t = `line',
      'line`;',
      '}',
      'export const b = 1',
      'export class K {',
      '  m() {}',
      '}',
    ).replace(/\n/g, '\r\n'),
  ],
  [
    'non-ASCII identifiers',
    'a.ts',
    "export const größe = 1;\nexport function 日本() {}\nconst café = 'é';\nexport class Ünïcødé { méthode() {} }",
  ],
  [
    'dynamic imports',
    'a.ts',
    lines(
      "const a = import('./a');",
      'const b = await import(`./b`);',
      "type T = typeof import('./t');",
      "let c: import('./c').C;",
      "import('./d').then((x) => x);",
      'const e = import(`./${name}`);',
      'const u = import.meta.url;',
      "const lazy = () => import('./lazy');",
    ),
  ],
  [
    'multiple declarators',
    'a.ts',
    'export const a = 1, b = () => 2, c = function named() {};\nlet x, y = 2;\nvar z;',
  ],
  [
    'automatic semicolons',
    'a.ts',
    lines(
      'const a = 1',
      'const b = a',
      '  + 2',
      'let c = b',
      '(foo)',
      'export const d = [1, 2]',
      '  .map((x) => x)',
      'export type U = 1',
      'export const e = 2',
      'export type V =',
      "  | 'a'",
      "  | 'b'",
      'export let f: number',
      'f = 3',
    ),
  ],
  [
    'conditional types over lines',
    'a.ts',
    lines(
      'export type A<T> = T extends string',
      "  ? 'string'",
      '  : T extends number',
      "    ? 'number'",
      '    : never',
      'export const z = 1',
    ),
  ],
  [
    'arrow bodies and class expressions',
    'a.ts',
    lines(
      'export const f = () => ({ a: 1 })',
      'export const g = async (x: number): Promise<number> => (x)',
      'export const h = () => ((a) + b)',
      'export const K = class extends Base { m() {} }',
      'export const obj = { a() {} }',
    ),
  ],
  [
    'statements at the top level',
    'a.ts',
    lines(
      'for (const x of y) { if (x) break }',
      'while (a) b()',
      'do { } while (c)',
      'try { } catch { } finally { }',
      'switch (a) { case 1: break }',
      'if (a) { } else if (b) x(); else { }',
      'label: {}',
      'outer: for (;;) { break outer }',
    ),
  ],
  ['statements without a label', 'a.ts', "for (;;) {}\nif (a) throw new Error('x')\nthrow new Error('y')"],
  [
    'import equals and export assignment',
    'a.ts',
    "import fs = require('fs');\nimport A = B.C;\nexport = fs;",
  ],
  ['export default class', 'a.ts', 'export default class extends Base {\n  m() {}\n}'],
  ['export default interface', 'a.ts', 'export default interface I { a: 1 }'],
  [
    'export default object',
    'a.ts',
    "/** Config. */\nexport default { name: 'x', data() { return {} }, get y() { return 1 } };",
  ],
  ['export default identifier', 'a.ts', 'const foo = 1;\nexport default (foo);'],
  [
    'routes',
    'server.ts',
    lines(
      "import express from 'express';",
      'const app = express();',
      "app.get('/users/:id', (req, res) => {});",
      "router.post('/x', h); // app.get('/y')",
    ),
  ],
  [
    'next route file',
    'app/api/items/route.ts',
    'export async function GET() {}\nexport async function POST() {}',
  ],
  [
    'environment reads',
    'a.ts',
    "const a = process.env.API_KEY; const b = process.env['X'];\n// process.env.NO\nconst c = import.meta.env.VITE_Y;",
  ],
  [
    'doc comments',
    'a.ts',
    lines(
      '/** Module doc that is long enough. */',
      '',
      '/** Fn doc. Second sentence. */',
      'export function a() {}',
      '/** Class doc */',
      'export class B {',
      '  /** Method doc. */',
      '  m() {}',
      '}',
      '/**/ export const c = 1;',
    ),
  ],
  [
    'license header then doc',
    'a.ts',
    '// Copyright 2024. MIT License.\n/** Retry policies. */\n\nimport x from "x";',
  ],
  ['template literal types', 'a.ts', 'type T = `a${string}`;\nexport type U = Uppercase<T>;'],
  [
    'object types in annotations',
    'a.ts',
    lines(
      "export const cfg: { a: number; b: string } = { a: 1, b: '' }",
      'export let v: Array<{ x: 1 }>',
      'export function f(): { a: number } {',
      '  return { a: 1 };',
      '}',
      'export function g(): asserts x is string {}',
    ),
  ],
  [
    'async generators',
    'a.ts',
    'export async function* gen() {}\nclass R { async *g() {} static async s() {} }',
  ],
  ['destructuring', 'a.ts', 'const { a, b: [c] } = obj;\nlet [d] = arr;\nvar e = 1, f;'],
  [
    'satisfies and type assertions',
    'a.ts',
    'export const cfg = { a: 1 } satisfies Cfg;\nconst x = <Foo>y;\nconst z = w as const;',
  ],
  ['optional chaining', 'a.ts', 'export const a = b?.c ?? d?.[e] ?? f?.(g);'],
  [
    'numbers',
    'a.ts',
    'const n = 1_000_000n + 0xffn;\nconst f = 0.5e-3 + .5;\nexport const o = 0o17 + 1..toString().length;',
  ],
  ['escapes in strings', 'a.ts', "const s = 'it\\'s'; const d = \"a\\\"b\";\nexport const u = '\\u00e9';"],
  ['comment-only file', 'a.ts', '// nothing here\n/* at all */\n'],
  ['empty file', 'a.ts', ''],
  ['async as an identifier', 'a.ts', 'const async = 1;\nasync(x);\nexport const y = (async) => async;'],
  [
    'interfaces',
    'a.ts',
    'export interface Shape {\n  area(): number;\n  new (x: number): Shape;\n  (y: string): void;\n  readonly [k: string]: unknown;\n}',
  ],
  ['multi-line calls', 'a.ts', 'export const pipeline = compose(\n  a,\n  b,\n)\n\nexport const x = 1'],
  [
    'heritage clauses',
    'a.ts',
    'export class Impl implements A, B<C> {}\nclass Ext extends mixin(A, B) {}\nclass G<T> extends Base.Inner<T> {}',
  ],
  [
    'require in strings',
    'a.js',
    "const s = \"require('fake')\"; const t = `require('also')`;\n// require('no')",
  ],
  [
    'declaration file',
    'a.d.ts',
    lines(
      'export declare function f(): void;',
      'export interface I {}',
      'declare const _default: { a: 1 };',
      'export default _default;',
      'export function g(): void;',
      'export const k: number;',
    ),
  ],
  ['default export overload in a declaration file', 'a.d.ts', 'export default function (): { a: 1 };'],
  [
    'import forms',
    'a.ts',
    "import x, * as y from 'z';\nimport w, { a } from 'v';\nimport 'side';\nimport j from './data.json' with { type: 'json' };",
  ],
  [
    'getter named like modifiers',
    'a.js',
    'class G {\n  get get() { return 1 }\n  set set(v) {}\n  static static() {}\n}',
  ],
  [
    'plain JavaScript module',
    'a.mjs',
    "import { x } from './x.mjs';\nexport function y() { return x }\nexport default class Z {}",
  ],
  [
    'keywords as property names',
    'a.ts',
    'const a = b.import(c) + d.return / 2 + e.typeof;\nexport const f = { default: 1, import: 2 };',
  ],
  [
    'function bodies',
    'a.ts',
    lines(
      'export function* gen(a: number) {',
      '  const x = yield a;',
      '  yield* other();',
      '  label: for (const k of [1, 2]) { if (k) continue label; else break label }',
      '  switch (x) {',
      '    case a ? 1 : 2:',
      '      return;',
      '    default:',
      '  }',
      "  try { throw new Error('x') } catch (e: unknown) { console.log(e as Error) } finally {}",
      '  do x++; while (x < 10)',
      "  const o = { a, b: 1, [c]: 2, 'd': 3, get e() { return 1 }, set e(v) {}, async *f() {}, ...rest };",
      '  const t = tag`a${o}b`;',
      '  const r = o?.a?.(1)?.[2] ?? null;',
      '  const cast = o as unknown as { a: number; b: string };',
      '  const f = async (p: string, q?: number): Promise<{ ok: true; n: number }> => ({ ok: true, n: q ?? 0 });',
      '  const g = (x: unknown): x is string => typeof x === "string", h = () => {}, i = [1, , 2];',
      '  new.target;',
      '  return () => {}',
      '}',
    ),
  ],
  [
    'namespace bodies',
    'a.ts',
    lines(
      'export namespace N {',
      '  export const a = 1;',
      '  export function f(): void {}',
      '  import g = M.g;',
      '  export namespace Inner.Deeper { export type T = string }',
      '  run(a);',
      '}',
      'declare namespace D {',
      '  function h(): void;',
      '  const c: number;',
      '  export { c as see };',
      '  class K { m(): void }',
      '}',
    ),
  ],
  [
    'ambient declarations',
    'a.d.ts',
    'export declare class A {\n  static readonly x = 1;\n  m(): void;\n}\nexport declare const c = 1;\ninterface I { a?: string; b(x: number): void }',
  ],
  [
    'decorators',
    'a.ts',
    lines(
      '/** The module doc, long enough. */',
      '',
      '/** Service doc. */',
      '@Injectable({ providedIn: "root" })',
      'export class S {',
      '  /** Field. */',
      '  @Input() name: string;',
      '  /** Handler. */',
      "  @HostListener('click', ['$event'])",
      '  onClick(@Inject(X) e: Event) {}',
      '  constructor(@Inject(TOKEN) private readonly t: T) {}',
      '}',
      '@a.b @c() class D {}',
      '@(foo.bar) class F {}',
      'export @d class T {}',
      '@e export default class U {}',
    ),
  ],
  [
    'type predicates and arrow return types',
    'a.ts',
    'export const isS = (x: unknown): x is string => typeof x === "string";',
  ],
];

const DECLINED: Array<[name: string, path: string, text: string]> = [
  ['unbalanced brackets', 'a.ts', 'export function broken( {'],
  ['stray closing brace', 'a.ts', '}}}'],
  ['missing value', 'a.ts', 'const a = ;'],
  ['JSX in JavaScript', 'a.js', 'export const a = <div />;'],
  ['TSX file', 'a.tsx', 'export const a = 1;'],
  ['JSX file', 'a.jsx', 'export const a = 1;'],
  ['unterminated string', 'a.ts', "const s = 'abc\nexport const t = 1;"],
  ['unterminated template', 'a.ts', 'const s = `abc'],
  ['import in a CommonJS file', 'a.cjs', "import x from 'y';"],
  ['two default exports', 'a.ts', 'export default 1;\nexport default 2;'],
  ['top-level return', 'a.ts', 'return 1;'],
  ['escape in an identifier', 'a.ts', 'const \\u0061 = 1;'],
  ['arrow body followed by a call on the next line', 'a.ts', 'const f = () => {}\n(foo)'],
  ['top-level for await', 'a.ts', 'for await (const x of y) {}'],
  ['hashbang after a byte order mark', 'a.js', '\uFEFF#!/usr/bin/env node\nexport const a = 1;'],
  ['numeric separator not between digits', 'a.ts', 'export const a = 1__000;'],
  ['syntax error in a namespace', 'a.ts', 'export namespace N {\n  export const a = b c;\n}'],
  ['import declaration in a namespace', 'a.ts', "namespace N {\n  import x from 'y';\n}"],
  ['statement in an ambient namespace', 'a.ts', 'declare namespace N {\n  run();\n}'],
  ['colon in a type without a question mark', 'a.ts', 'interface I {\n  a: b: string;\n}'],
  ['bigint with a fraction', 'a.ts', 'export const a = 1.5n;'],
  ['incomplete escape sequence', 'a.ts', "export const a = '\\x4';"],
  ['invalid regular expression flags', 'a.ts', 'export const a = /x/gg;'],
  ['reserved word as a name', 'a.ts', 'export function if() {}'],
  ['reserved word as an operand', 'a.ts', 'let [if] = x;'],
  ['character not allowed in an identifier', 'a.ts', 'export const a\u200Bb = 1;'],
  ['syntax error in a function body', 'a.ts', 'export function f() {\n  return a b;\n}'],
  ['missing comma in an object literal', 'a.ts', 'export const o = { a: 1 b: 2 };'],
  ['missing operand', 'a.ts', 'export function f() {\n  const x = 1 + ;\n}'],
  ['bad argument list', 'a.ts', 'foo(a b);'],
  ['statement in a declaration file', 'a.d.ts', 'foo();'],
  ['implementation in an ambient context', 'a.ts', 'declare function f() {}'],
  ['initializer in an ambient class', 'a.ts', 'declare class A {\n  x = 1;\n}'],
  ['export inside an interface', 'a.ts', 'interface A {\n  export a: string;\n}'],
  ['unterminated type arguments', 'a.ts', 'let x: Map<string, number'],
  ['try without catch or finally', 'a.ts', 'try {\n  run();\n}'],
  ['return outside a function', 'a.ts', 'if (done) {\n  return;\n}'],
  ['declaration as the body of an if', 'a.ts', 'if (a) const b = 1;'],
  ['conditional without a colon', 'a.ts', 'export const a = (b ? c);'],
  ['default and namespace import without a comma', 'a.ts', "import a * as b from 'c';"],
  ['bad parameter list', 'a.ts', 'export function f(a b) {}'],
  ['bad for-loop head', 'a.ts', 'for (let i = 0; i < n i++) {}'],
  ['member access after type arguments', 'a.ts', 'class G<T> extends Base<T>.Inner {}\nconst x = f<T>.y;'],
];

describe('fast TypeScript scanner', () => {
  it.each(SNIPPETS)('%s: answers with the facts of the oxc path', (_name, path, text) => {
    expectSameFacts(path, text);
  });

  it.each(DECLINED)('%s: declines (oxc reads it)', (_name, path, text) => {
    expectDeclined(path, text);
  });

  it('declines very deep nesting rather than overflow the stack', () => {
    const depth = 50_000;
    expect(scanModule('a.ts', `export const a = ${'['.repeat(depth)}${']'.repeat(depth)};`)).toMatchObject({
      declined: 'nesting too deep',
    });
  });

  it('decorators: only on classes and class members, only in TypeScript', () => {
    expectDeclined('a.ts', '@decorate\nfunction f() {}');
    expectDeclined('a.js', '@decorate\nclass A {}');
    expectDeclined('a.ts', 'const a = @decorate class {};');
  });

  it('the adapter gives the same facts whichever path runs', async () => {
    const { typescriptAdapter } = await import('../../../src/index/languages/typescript.js');
    for (const [, path, text] of SNIPPETS.slice(0, 10))
      expect(stored(typescriptAdapter.extract({ path, text }))).toEqual(stored(extractWithOxc(path, text)));
  });
});
