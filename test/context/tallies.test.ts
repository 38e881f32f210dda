/**
 * Shard tallies: added up over the shards they must count what one tally of every file counts,
 * and an update must not trust a tally cache it cannot read as one (the outputs stay a cold
 * build's, byte for byte).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage } from '../../src/context/build.js';
import { readBuiltIndex } from '../../src/context/load.js';
import { groupByShard } from '../../src/context/shards.js';
import { describesFolder } from '../../src/context/summary.js';
import { combineTallies, readTallies, tallyShard } from '../../src/context/tallies.js';
import { makeRepo, makeTempDir, writeTree } from '../helpers/repo.js';

const tree = {
  'package.json': JSON.stringify({ name: 'mixed', main: 'lib/index.js' }),
  'README.md': '# mixed\n\nHalf ES modules, half CommonJS.\n',
  'lib/index.js': "const { parse } = require('./parse');\nmodule.exports = { parse };\n",
  'lib/parse.js': 'exports.parse = (text) => text.split(",");\n',
  'lib/README.md': '# lib\n\nThe parser library.\n',
  'src/app/main.ts': "import { run } from './run.js';\nimport { util } from '../util';\nrun(util);\n",
  'src/app/run.ts': 'export const run = (value: unknown) => value;\n',
  'src/util/index.ts': "export const util = 1;\nexport * from './more.js';\n",
  'src/util/more.ts': 'export const more = 2;\n',
  'src/util/more.test.ts': "import { more } from './more.js';\nif (more !== 2) throw new Error('x');\n",
  'bin/tool.js': "#!/usr/bin/env node\nconst { parse } = require('../lib/parse');\nparse(process.argv[2]);\n",
  'src/index.ts': "export { util } from './util/index.js';\n",
  'test/parse.spec.js': "const { parse } = require('../lib/parse');\nparse('a,b');\n",
};

describe('shard tallies', () => {
  it('summed over the shards, count what one tally of every file counts', async () => {
    const root = makeRepo(tree);
    await buildContextPackage(root);
    const files = await readBuiltIndex(root);
    const scope = { mainPath: '.', describesFolder };
    const perShard = [...groupByShard(files, (file) => file.path).values()].map((group) =>
      tallyShard(group, scope),
    );
    expect(perShard.length).toBeGreaterThan(3);
    const whole = tallyShard(files, scope);
    expect(combineTallies(perShard)).toEqual(whole);
    // The fixture exercises every count: both module styles, both import forms, a folder README.
    expect(whole.moduleStyle.esm).toBeGreaterThan(0);
    expect(whole.moduleStyle.commonjs).toBeGreaterThan(0);
    expect(whole.importExtensions.withJs).toBeGreaterThan(0);
    expect(whole.importExtensions.without).toBeGreaterThan(0);
    expect(Object.keys(whole.folderSummaries)).toContain('lib/README.md');
    expect(whole.kinds.test).toBe(2);
    expect(whole.entrypoints.map((entry) => entry.path)).toEqual(['bin/tool.js', 'src/index.ts']);
  }, 60_000);

  it('an update ignores tallies it cannot read as such and still writes a cold build’s bytes', async () => {
    const root = makeRepo(tree);
    await buildContextPackage(root);
    const kept = await readTallies(root);
    expect(kept?.tallies.size).toBeGreaterThan(3);
    // Every tally replaced by something of another shape, as a hand edit or a torn write could leave.
    const cacheFile = join(root, '.agent-context/cache/tallies.json');
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
    for (const hash of Object.keys(cache.shards)) cache.shards[hash] = { indexed: 'many' };
    writeFileSync(cacheFile, JSON.stringify(cache));
    writeTree(root, { 'src/util/more.ts': 'export const more = 2;\nexport const most = 3;\n' });
    const updated = await buildContextPackage(root, { mode: 'update' });
    expect(updated.mode).toBe('incremental');
    const copy = join(makeTempDir(), 'copy');
    cpSync(root, copy, {
      recursive: true,
      filter: (source) =>
        !source.includes('.agent-context') ||
        source.endsWith('.agent-context') ||
        source.includes('.agent-context/contracts'),
    });
    await buildContextPackage(copy);
    for (const path of ['AGENTS.md', '.agent-context/project.json', '.agent-context/summary.md'])
      expect(readFileSync(join(root, path), 'utf8'), path).toBe(readFileSync(join(copy, path), 'utf8'));
    // The update left a readable cache again, of this build's shards.
    expect((await readTallies(root))?.tallies.size).toBe(kept?.tallies.size);
  }, 60_000);
});
