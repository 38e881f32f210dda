import { describe, expect, it } from 'vitest';
import { selectTests } from '../../src/api/index.js';
import { shopProject } from '../contracts/fixture.js';
import { commitAll, type FileTree, makeRepo, writeTree } from '../helpers/repo.js';

/** Deterministic pseudo-random numbers (mulberry32), so a failing seed can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STYLES = [
  (j: number) => `import { v${j} } from './m${j}.js';\nexport const use${j} = v${j};`,
  (j: number) => `import type { T${j} } from './m${j}.js';\nexport type U${j} = T${j};`,
  (j: number) => `export { v${j} as again${j} } from './m${j}.js';`,
  (j: number) => `export const lazy${j} = () => import('./m${j}.js');`,
  (j: number) => `export * from './m${j}.js';`,
];

interface Generated {
  files: FileTree;
  /** Module index -> modules it imports; test index -> modules it imports. */
  moduleImports: number[][];
  testImports: number[][];
}

/** A random import DAG of modules plus tests: which tests reach which module is known by construction. */
function generate(seed: number, modules = 24, tests = 14): Generated {
  const next = random(seed);
  const files: FileTree = {
    'package.json': JSON.stringify({
      name: 'gen',
      type: 'module',
      scripts: { test: 'vitest run' },
      devDependencies: { vitest: '1' },
    }),
  };
  const moduleImports: number[][] = [];
  for (let i = 0; i < modules; i++) {
    const imports = [
      ...new Set(Array.from({ length: Math.floor(next() * 3) }, () => Math.floor(next() * i))),
    ].filter((j) => j < i);
    moduleImports.push(imports);
    const body = imports.map((j) => STYLES[Math.floor(next() * STYLES.length)]!(j));
    files[`src/m${i}.ts`] = [...body, `export const v${i} = ${i};`, `export type T${i} = number;`, ''].join(
      '\n',
    );
  }
  const testImports: number[][] = [];
  for (let k = 0; k < tests; k++) {
    const imports = [...new Set([Math.floor(next() * modules), Math.floor(next() * modules)])];
    testImports.push(imports);
    files[`test/t${k}.test.ts`] =
      `${imports.map((j) => `import { v${j} } from '../src/m${j}.js';`).join('\n')}\nexport const all = [${imports.map((j) => `v${j}`).join(', ')}];\n`;
  }
  return { files, moduleImports, testImports };
}

function reaches(imports: number[][], start: number[], target: number): boolean {
  const seen = new Set<number>();
  const stack = [...start];
  while (stack.length > 0) {
    const module = stack.pop()!;
    if (module === target) return true;
    if (seen.has(module)) continue;
    seen.add(module);
    stack.push(...imports[module]!);
  }
  return false;
}

describe('test selection', () => {
  it('has recall 1.0 (and precision 1.0) on random import graphs where the affected tests are known by construction, with the whole suite as budget', async () => {
    let checked = 0;
    for (const seed of [7, 42]) {
      const generated = generate(seed);
      const root = makeRepo(generated.files);
      for (const changed of [0, 3, 11, 23]) {
        writeTree(root, {
          [`src/m${changed}.ts`]: `${generated.files[`src/m${changed}.ts`]}export const edited = true;\n`,
        });
        const truth = generated.testImports
          .map((imports, k) =>
            reaches(generated.moduleImports, imports, changed) ? `test/t${k}.test.ts` : undefined,
          )
          .filter((path): path is string => path !== undefined)
          .sort();
        const selection = await selectTests(root, { share: 1 });
        const selected = selection.regression.tests.map((test) => test.file);
        expect({ seed, changed, selected }).toEqual({ seed, changed, selected: truth });
        // Within a fifth as budget (three ranked tests for 14), only tests that reach the change, direct importers first.
        const budgeted = (await selectTests(root, { share: 0.2 })).regression.tests.map((test) => test.file);
        expect(budgeted.length).toBe(Math.min(truth.length, 3));
        for (const file of budgeted) expect(truth).toContain(file);
        const direct = generated.testImports.flatMap((imports, k) =>
          imports.includes(changed) ? [`test/t${k}.test.ts`] : [],
        );
        expect(selection.minimal.tests.map((test) => test.file)).toEqual(direct.sort());
        if (direct.length > 0 && direct.length <= 3) expect(budgeted).toEqual(expect.arrayContaining(direct));
        writeTree(root, { [`src/m${changed}.ts`]: generated.files[`src/m${changed}.ts`] as string });
        checked += truth.length;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('runs every test when a file that affects everything changes, and still selects a test that does not parse', async () => {
    const root = makeRepo({
      ...shopProject,
      'test/broken.test.ts': "import { gross } from '../src/core/tax.js';\nconst = = gross(;\n",
    });
    writeTree(root, { 'src/core/price.ts': 'export function price(q: number): number {\n  return q;\n}\n' });
    let selection = await selectTests(root);
    expect(selection.regression.tests.map((test) => `${test.level} ${test.file}`)).toEqual([
      'regression test/broken.test.ts',
      'minimal test/core/price.test.ts',
      'regression test/ui/view.test.ts',
    ]);
    expect(selection.minimal.commands).toEqual([
      { runner: 'vitest', command: 'npx vitest run test/core/price.test.ts', tests: 1 },
    ]);
    commitAll(root, 'price');
    writeTree(root, {
      'vitest.config.ts': "export default { test: { include: ['test/**/*.test.ts'], testTimeout: 1 } };\n",
    });
    selection = await selectTests(root);
    expect(selection.regression.commands).toEqual([
      { runner: 'vitest', command: 'npx vitest run', tests: 'all' },
    ]);
    expect(selection.regression.tests[0]!.reason).toContain('vitest.config.ts affects every test');
    expect(selection.full.commands).toEqual([{ runner: 'vitest', command: 'npm test', tests: 'all' }]);
  });

  it('builds commands for jest, mocha and node:test projects', async () => {
    const project = (scripts: Record<string, string>, deps: Record<string, string>): FileTree => ({
      'package.json': JSON.stringify({ name: 'p', scripts, devDependencies: deps }),
      'lib/a.js': 'exports.a = 1;\n',
      'test/a.test.js': "const { a } = require('../lib/a.js');\nmodule.exports = a;\n",
      'test/b.test.js': 'module.exports = 2;\n',
    });
    const cases: Array<[FileTree, string]> = [
      [project({ test: 'jest' }, { jest: '29' }), 'npx jest --runTestsByPath test/a.test.js'],
      [
        {
          ...project({ test: 'mocha' }, { mocha: '10' }),
          '.mocharc.json': '{"spec": ["test/**/*.test.js"]}',
        },
        'npx mocha test/a.test.js',
      ],
      [project({ test: 'node --test' }, {}), 'node --test test/a.test.js'],
    ];
    for (const [files, command] of cases) {
      const root = makeRepo(files);
      writeTree(root, { 'lib/a.js': 'exports.a = 2;\n' });
      const selection = await selectTests(root);
      expect(selection.minimal.commands.map((entry) => entry.command)).toEqual([command]);
    }
  });

  it('selects Go, pytest and cargo tests by their conventions, as package, file and target commands', async () => {
    const root = makeRepo({
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'pkg/price/price.go': 'package price\n\nfunc Price(q int) int { return q * 100 }\n',
      'pkg/price/price_test.go': 'package price\n\nimport "testing"\n\nfunc TestPrice(t *testing.T) {}\n',
      'pkg/tax/tax_test.go': 'package tax\n',
      'pkg/cart/cart_test.go':
        'package cart\n\nimport (\n\t"testing"\n\n\t"example.com/shop/pkg/price"\n)\n\nfunc TestCart(t *testing.T) { price.Price(1) }\n',
      'pyproject.toml': '[project]\nname = "shop"\n\n[tool.pytest.ini_options]\n',
      'shop/calc.py': 'def total(q):\n    return q\n',
      'tests/test_calc.py': 'from shop.calc import total\n',
      'tests/test_other.py': 'def test_other():\n    pass\n',
      'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\n',
      'src/lib.rs': 'pub fn price() -> u32 { 1 }\n',
      'tests/pricing.rs': 'use shop::price;\n',
    });
    writeTree(root, {
      'pkg/price/price.go': 'package price\n\nfunc Price(q int) int { return q * 101 }\n',
      'shop/calc.py': 'def total(q):\n    return q + 1\n',
      'src/lib.rs': 'pub fn price() -> u32 { 2 }\n',
    });
    const selection = await selectTests(root);
    expect(selection.minimal.commands.map((entry) => entry.command)).toEqual([
      'python -m pytest tests/test_calc.py',
      "go test -run '^TestCart$' ./pkg/cart",
      "go test -run '^TestPrice$' ./pkg/price",
      'cargo test -p shop --test pricing',
    ]);
    expect(
      selection.minimal.tests.map((test) => `${test.runner} ${test.file}: ${test.reason.split(';')[0]}`),
    ).toContain('go pkg/price/price_test.go: named after pkg/price/price.go');
    // A Go test imports the package, not the one file of it that changed.
    expect(selection.minimal.tests.find((test) => test.file === 'pkg/cart/cart_test.go')?.reason).toMatch(
      /^imports the package of pkg\/price\/price\.go;/,
    );
  });
});
