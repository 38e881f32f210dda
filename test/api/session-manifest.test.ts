import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../src/api/context.js';
import { openSession } from '../../src/api/session.js';
import { makeRepo } from '../helpers/repo.js';

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/context/manifest.js', async (original) => {
  const actual = await original<typeof import('../../src/context/manifest.js')>();
  return {
    ...actual,
    readManifest: (...args: Parameters<typeof actual.readManifest>) => {
      reads.count += 1;
      return actual.readManifest(...args);
    },
  };
});

describe('the source hash a refresh wrote', () => {
  it('is known to the session without parsing the manifest again', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'hash', type: 'module' }),
      'src/a.ts': 'export const a = 1;\n',
    });
    await build(root);
    const session = openSession(root);
    await session.refresh();
    writeFileSync(join(root, 'src/a.ts'), 'export const a = 2;\n');
    const result = await session.refresh({ changed: ['src/a.ts'] });
    expect(result.mode).toBe('incremental');
    reads.count = 0;
    const onDisk = JSON.parse(readFileSync(join(root, '.agent-context/manifest.json'), 'utf8'));
    expect(await session.builtSourceHash()).toBe(onDisk.hashes.source);
    expect(reads.count).toBe(0);
  });
});
