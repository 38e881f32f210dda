/**
 * An update that takes an index shard whole never decodes its bytes: the shard reaches the
 * manifest and the writer as its recorded hash and byte length. The outputs must still be a cold
 * build's, byte for byte, also when a kept shard has to be written again (its stat moved).
 */
import { cpSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage, refreshHeldContext } from '../../src/context/build.js';
import { coldCopy, writtenContext } from '../helpers/cold-copy.js';
import { makeRepo, makeTempDir, writeTree } from '../helpers/repo.js';

/** Eight folders, each its own shard; summaries with non-ASCII text, so bytes and characters differ. */
function tree(): Record<string, string> {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'kept', type: 'module', main: 'src/index.ts' }),
    'README.md': '# kept\n\nShards kept as bytes.\n',
    'src/index.ts': "import { area0 } from './area0/main.js';\nexport const run = () => area0(1);\n",
  };
  for (let area = 0; area < 8; area++) {
    const next = area < 7 ? `import { area${area + 1} } from '../area${area + 1}/main.js';\n` : '';
    files[`src/area${area}/main.ts`] =
      `${next}/** Área ${area}: café, naïve, 東京. */\nexport function area${area}(value: number): number {\n  return value + ${area};\n}\n`;
    files[`src/area${area}/helper.ts`] =
      `/** Helper ${area} — ünïcode. */\nexport const helper${area} = ${area};\n`;
  }
  return files;
}

async function repository(): Promise<string> {
  const root = join(makeTempDir(), 'kept');
  cpSync(makeRepo(tree()), root, { recursive: true });
  await buildContextPackage(root);
  return root;
}

describe('index shards kept as bytes', () => {
  it('an update decodes only the shards whose facts it reads, and writes a cold build', async () => {
    const root = await repository();
    writeTree(root, {
      'src/area3/helper.ts': '/** Helper 3 — ünïcode. */\nexport const helper3 = 33;\n',
    });
    const { result, held } = await refreshHeldContext(root, undefined);
    expect(result.mode).toBe('incremental');
    const shards = [...held!.facts.shards.values()];
    const parsed = new Set(held!.facts.parsedShards());
    const decoded = shards.filter((shard) => shard.decoded).map((shard) => shard.path);
    // The edited folder's shard is composed again (text); every other decoded shard was parsed.
    const undecoded = shards.length - decoded.length;
    expect(decoded.filter((path) => !parsed.has(path) && !path.endsWith('src~area3.json'))).toEqual([]);
    expect(undecoded).toBeGreaterThan(0);
    // A kept shard's reported size is its size on disk, known without its text.
    for (const output of result.outputs.filter((entry) => entry.path.startsWith('.agent-context/index/')))
      expect(output.bytes).toBe(statSync(join(root, output.path)).size);

    const cold = coldCopy(root);
    await buildContextPackage(cold);
    expect(writtenContext(root)).toEqual(writtenContext(cold));
    expect(readFileSync(join(root, 'AGENTS.md'), 'utf8')).toBe(readFileSync(join(cold, 'AGENTS.md'), 'utf8'));
  });

  it('a kept shard whose stat moved is written again from its bytes, unchanged', async () => {
    const root = await repository();
    const shard = join(root, '.agent-context/index/src~area6.json');
    const before = readFileSync(shard);
    const later = new Date(Date.now() + 5000);
    utimesSync(shard, later, later);
    writeTree(root, { 'src/area1/helper.ts': '/** Helper 1 — ünïcode. */\nexport const helper1 = 11;\n' });
    const result = await buildContextPackage(root, { mode: 'update' });
    expect(result.mode).toBe('incremental');
    expect(
      result.outputs.find((output) => output.path === '.agent-context/index/src~area6.json')?.written,
    ).toBe(true);
    expect(readFileSync(shard).equals(before)).toBe(true);
    const cold = coldCopy(root);
    await buildContextPackage(cold);
    expect(writtenContext(root)).toEqual(writtenContext(cold));
    expect((await buildContextPackage(root, { mode: 'update' })).mode).toBe('reused');
  });
});
