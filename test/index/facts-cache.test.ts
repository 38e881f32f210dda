/**
 * The facts cache of an update: a shard whose files are all unchanged is taken whole, unparsed,
 * and its entries still read as the facts a cold build wrote; a shard with an edited file is
 * parsed; without the kept key digests every shard is parsed, with the same facts.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { buildContextPackage } from '../../src/context/build.js';
import { readBuiltIndex } from '../../src/context/load.js';
import { readPreviousManifest } from '../../src/context/manifest.js';
import { readTrustedIndex } from '../../src/context/previous-build.js';
import { indexRepository } from '../../src/index/index-repository.js';
import type { IndexedFile } from '../../src/index/types.js';
import { scanRepository } from '../../src/scan/scan.js';
import { silentBus } from '../../src/shared/events.js';
import { makeRepo } from '../helpers/repo.js';

const tree = {
  'package.json': JSON.stringify({ name: 'lazy', type: 'module' }),
  'src/a/one.ts': '/** First. */\nexport function one(): number {\n  return 1;\n}\n',
  'src/a/two.ts': "import { one } from './one.js';\nexport const two = one() + 1;\n",
  'src/b/three.ts': "import { two } from '../a/two.js';\nexport class Three {\n  value = two + 1;\n}\n",
  'src/c/broken.ts': 'export function broken( {\n',
};

/** The update's index stage on the tree as it now is, with the facts cache read from the last build. */
async function indexAgain(root: string) {
  const config = await loadConfig(root);
  const manifest = (await readPreviousManifest(root, silentBus()))!;
  const facts = await readTrustedIndex(root, manifest, silentBus());
  const scanned = await scanRepository(root, { config: config.config });
  const index = await indexRepository(scanned.scan, { cache: facts, contents: scanned.contents, workers: 0 });
  return { facts, index };
}

const plain = (files: readonly IndexedFile[]) =>
  files.map((file) => JSON.parse(JSON.stringify(file)) as IndexedFile);

describe('the facts cache takes unchanged shards whole', () => {
  it('parses only the shard of the edited file; the others read their facts when asked', async () => {
    const root = makeRepo(tree);
    await buildContextPackage(root);
    const cold = await readBuiltIndex(root);
    writeFileSync(
      join(root, 'src/a/one.ts'),
      '/** First. */\nexport function one(): number {\n  return 2 - 1;\n}\n',
    );
    const { facts, index } = await indexAgain(root);
    expect(facts.parsedShards()).toEqual(['.agent-context/index/src~a.json']);
    expect(index.stats).toMatchObject({ parsed: 1, cached: cold.length - 1, failed: 0, partial: 1 });
    // Spread and JSON see every fact of an entry taken whole, as of any other entry.
    const three = index.files.find((file) => file.path === 'src/b/three.ts')!;
    const expected = cold.find((file) => file.path === 'src/b/three.ts')!;
    expect({ ...three }).toEqual(expected);
    expect(facts.parsedShards()).toContain('.agent-context/index/src~b.json');
    const unchanged = (files: readonly IndexedFile[]) => files.filter((file) => file.path !== 'src/a/one.ts');
    expect(plain(unchanged(index.files))).toEqual(plain(unchanged(cold)));
  });

  it('parses every shard when the kept digests are missing or do not match, with the same facts', async () => {
    const root = makeRepo(tree);
    await buildContextPackage(root);
    const cold = plain(await readBuiltIndex(root));
    rmSync(join(root, '.agent-context/cache/index-keys.json'));
    const missing = await indexAgain(root);
    expect(missing.facts.parsedShards()).toHaveLength(4);
    expect(plain(missing.index.files)).toEqual(cold);

    await buildContextPackage(root);
    const keysFile = join(root, '.agent-context/cache/index-keys.json');
    const kept = JSON.parse(readFileSync(keysFile, 'utf8'));
    for (const summary of Object.values(kept.shards) as Array<{ keys: string }>)
      summary.keys = '0'.repeat(64);
    writeFileSync(keysFile, JSON.stringify(kept));
    const wrong = await indexAgain(root);
    expect(wrong.facts.parsedShards()).toHaveLength(4);
    expect(plain(wrong.index.files)).toEqual(cold);
    expect(wrong.index.stats).toMatchObject({ parsed: 0, partial: 1 });
  });
});
