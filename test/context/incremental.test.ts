/**
 * An incremental refresh must write what a cold build of the same tree writes, byte for byte:
 * one repository refreshed with `update` (state read back from disk), a second one refreshed in
 * memory (`refreshHeldContext()`, the sidecar's path), each compared after every edit with a cold
 * build of a fresh copy under the same folder name.
 */
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { buildContextPackage, type HeldContext, refreshHeldContext } from '../../src/context/build.js';
import { edgeChanges } from '../../src/context/delta.js';
import { evolveContext } from '../../src/context/lifecycle.js';
import { readBuiltGraph } from '../../src/context/load.js';
import { silentBus } from '../../src/shared/events.js';
import { coldCopy, writtenContext } from '../helpers/cold-copy.js';
import { makeRepo, makeTempDir, writeTree } from '../helpers/repo.js';

const tree = {
  'package.json': JSON.stringify({ name: 'shop', type: 'module', main: 'src/index.ts' }),
  'README.md': '# shop\n\nA small shop.\n',
  'src/index.ts': "import { total } from './cart/total.js';\nexport const run = () => total([1, 2]);\n",
  'src/cart/total.ts':
    "import { add } from '../util/math.js';\nexport function total(items: number[]): number {\n  return items.reduce(add, 0);\n}\n",
  'src/cart/total.test.ts':
    "import { total } from './total.js';\nif (total([1]) !== 1) throw new Error('x');\n",
  'src/util/math.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  'src/util/format.ts': 'export const format = (value: number): string => String(value);\n',
  'src/api/deep/routes/list.ts':
    "import { format } from '../../../util/format.js';\nexport const list = format(1);\n",
};

/** Each step edits the tree as an agent would; the refreshes after it must match a cold build. */
const steps: Array<{ name: string; edit: (root: string) => void; ranking: 'kept' | 'recomputed' }> = [
  {
    name: 'body-only edit',
    edit: (root) =>
      writeTree(root, {
        'src/util/math.ts': 'export function add(a: number, b: number): number {\n  return b + a;\n}\n',
      }),
    ranking: 'kept',
  },
  {
    name: 'a new exported function (lines move, no import)',
    edit: (root) =>
      writeTree(root, {
        'src/cart/total.ts':
          "import { add } from '../util/math.js';\n\nexport function total(items: number[]): number {\n  return items.reduce(add, 0);\n}\nexport const none = 0;\n",
      }),
    ranking: 'kept',
  },
  {
    name: 'a new import',
    edit: (root) =>
      writeTree(root, {
        'src/cart/total.ts':
          "import { add } from '../util/math.js';\nimport { format } from '../util/format.js';\nexport function total(items: number[]): string {\n  return format(items.reduce(add, 0));\n}\n",
      }),
    ranking: 'recomputed',
  },
  {
    name: 'a renamed export',
    edit: (root) =>
      writeTree(root, {
        'src/util/format.ts':
          'export const formatValue = (value: number): string => String(value);\nexport const format = formatValue;\n',
      }),
    ranking: 'kept',
  },
  {
    name: 'a new file',
    edit: (root) =>
      writeTree(root, {
        'src/util/clamp.ts': "import { add } from './math.js';\nexport const clamp = add(0, 1);\n",
      }),
    ranking: 'recomputed',
  },
  {
    // Its shard loses its last file; the folder's tallies and layout line go with it.
    name: 'a deleted file, the last of its shard',
    edit: (root) => rmSync(join(root, 'src/api/deep/routes/list.ts')),
    ranking: 'recomputed',
  },
  {
    // Leaves shard `src/util` for `src/cart`: both shards change, the others are taken whole.
    name: 'a file moved to another shard',
    edit: (root) => {
      rmSync(join(root, 'src/util/format.ts'));
      writeTree(root, {
        'src/cart/format.ts':
          'export const formatValue = (value: number): string => String(value);\nexport const format = formatValue;\n',
        'src/cart/total.ts':
          "import { add } from '../util/math.js';\nimport { format } from './format.js';\nexport function total(items: number[]): string {\n  return format(items.reduce(add, 0));\n}\n",
      });
    },
    ranking: 'recomputed',
  },
  {
    name: 'a new shard',
    edit: (root) =>
      writeTree(root, {
        'src/billing/pay.ts':
          "import { total } from '../cart/total.js';\nexport const pay = (): string => total([3]);\n",
      }),
    ranking: 'recomputed',
  },
  {
    // Moves the shard tallies of two folders: test counts and naming, a folder's layout description.
    name: 'a new test file and a folder README',
    edit: (root) =>
      writeTree(root, {
        'src/util/math.test.ts':
          "import { add } from './math.js';\nif (add(1, 1) !== 2) throw new Error('x');\n",
        'src/cart/README.md': '# cart\n\nTotals of a shopping cart.\n',
      }),
    ranking: 'recomputed',
  },
  {
    // Moves module style and import-extension counts (the conventions AGENTS.md states).
    name: 'a CommonJS module',
    edit: (root) =>
      writeTree(root, {
        'src/util/legacy.js':
          "const { add } = require('./math');\nmodule.exports = { twice: (a) => add(a, a) };\n",
      }),
    ranking: 'recomputed',
  },
];

/** The fixture as a committed git repository in a folder named `shop` (the cold copies' name too). */
function makeProject(): string {
  const root = join(makeTempDir(), 'shop');
  cpSync(makeRepo(tree), root, { recursive: true });
  return root;
}

describe('incremental refresh against a cold build', () => {
  it('update and the in-memory refresh write the same bytes as a cold build, edit after edit', async () => {
    const onDisk = makeProject();
    const inMemory = makeProject();
    await buildContextPackage(onDisk);
    await buildContextPackage(inMemory);
    let held: HeldContext | undefined = (await refreshHeldContext(inMemory, undefined)).held;
    expect(held).toBeDefined();
    const centralCache = join(onDisk, '.agent-context/cache/central.json');
    for (const step of steps) {
      step.edit(onDisk);
      step.edit(inMemory);
      const centralBefore = readFileSync(centralCache, 'utf8');
      writeFileSync(centralCache, centralBefore);
      const centralWrittenAt = statSync(centralCache).mtimeMs;
      const updated = await buildContextPackage(onDisk, { mode: 'update' });
      const refreshed = await refreshHeldContext(inMemory, held);
      held = refreshed.held;
      expect(updated.mode, step.name).toBe('incremental');
      expect(refreshed.result.mode, step.name).toBe('incremental');
      const copy = coldCopy(onDisk);
      await buildContextPackage(copy);
      const cold = writtenContext(copy);
      expect(writtenContext(onDisk), step.name).toEqual(cold);
      expect(writtenContext(inMemory), step.name).toEqual(cold);
      const rankingWritten = (result: typeof updated) =>
        result.outputs.find((output) => output.path === '.agent-context/ranking.json')?.written;
      // A kept ranking is the last build's bytes: not even rewritten.
      if (step.ranking === 'kept') {
        expect(rankingWritten(updated), step.name).toBe(false);
        expect(rankingWritten(refreshed.result), step.name).toBe(false);
        // So were the central modules' units: chosen again from the kept choice, the cache not rewritten.
        expect(held?.central?.cached, step.name).toBe(true);
        expect(statSync(centralCache).mtimeMs, step.name).toBe(centralWrittenAt);
      } else expect(readFileSync(centralCache, 'utf8'), step.name).not.toBe(centralBefore);
    }
  }, 120_000);

  it("a central cache of another build, or unreadable, is counted again: the outputs stay a cold build's", async () => {
    const root = makeProject();
    await buildContextPackage(root);
    const centralCache = join(root, '.agent-context/cache/central.json');
    const kept = JSON.parse(readFileSync(centralCache, 'utf8'));
    // Another build's choice (its units reversed, importers moved): not this manifest's, so not used.
    const foreign = {
      ...kept,
      builtFrom: `x${kept.builtFrom}`,
      choice: { ...kept.choice, units: [...kept.choice.units].reverse() },
    };
    for (const cache of [
      JSON.stringify(foreign),
      '{"torn":',
      JSON.stringify({ ...kept, choice: { basis: 1 } }),
    ]) {
      writeTree(root, {
        'src/util/math.ts': `export function add(a: number, b: number): number {\n  return a + b + ${cache.length} - ${cache.length};\n}\n`,
      });
      writeFileSync(centralCache, cache);
      await buildContextPackage(root, { mode: 'update' });
      const copy = coldCopy(root);
      await buildContextPackage(copy);
      expect(writtenContext(root)).toEqual(writtenContext(copy));
      expect(JSON.parse(readFileSync(centralCache, 'utf8'))).toEqual(kept);
    }
  }, 60_000);

  it('evolve compares graph shards: the edges it reports are those a whole-graph comparison finds', async () => {
    const root = makeProject();
    await buildContextPackage(root);
    const config = await loadConfig(root);
    let reported = 0;
    for (const step of steps) {
      const before = await readBuiltGraph(root);
      step.edit(root);
      const evolved = await evolveContext(root, config, silentBus());
      const whole = edgeChanges(before, await readBuiltGraph(root));
      expect(evolved.delta.edges, step.name).toEqual(whole);
      reported += whole.length;
    }
    // The steps add and remove imports: the comparison had edges to find.
    expect(reported).toBeGreaterThan(2);
  }, 120_000);
});
