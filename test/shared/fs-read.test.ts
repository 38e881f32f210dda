import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDirectory, readTextIfExists, readTextSyncIfExists } from '../../src/shared/fs.js';
import { makeTempDir } from '../helpers/repo.js';

describe('reads tell missing from unreadable', () => {
  it('missing (ENOENT, ENOTDIR) is undefined / empty', async () => {
    const root = makeTempDir();
    writeFileSync(join(root, 'file.txt'), 'x');
    expect(await readTextIfExists(join(root, 'nothing.txt'))).toBeUndefined();
    expect(await readTextIfExists(join(root, 'file.txt', 'below'))).toBeUndefined();
    expect(readTextSyncIfExists(join(root, 'file.txt', 'below'))).toBeUndefined();
    expect(await listDirectory(join(root, 'nothing'))).toEqual([]);
    expect(await listDirectory(join(root, 'file.txt'))).toEqual([]);
  });

  it('a folder where a file is expected (EISDIR) is an error naming the file and the errno', async () => {
    const root = makeTempDir();
    mkdirSync(join(root, 'package.json'));
    const file = join(root, 'package.json');
    await expect(readTextIfExists(file)).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      message: `cannot read ${file}: EISDIR (a folder where a file was expected)`,
      details: { file },
    });
    expect(() => readTextSyncIfExists(file)).toThrow(`cannot read ${file}: EISDIR`);
  });

  it('a file without read permission (EACCES) is an error, where permissions apply', async () => {
    const root = makeTempDir();
    const file = join(root, 'locked.json');
    writeFileSync(file, '{}');
    chmodSync(file, 0o000);
    // Tests run as root here, and root reads a mode-000 file: then the read succeeds.
    if (process.getuid?.() === 0) expect(await readTextIfExists(file)).toBe('{}');
    else await expect(readTextIfExists(file)).rejects.toThrow(`cannot read ${file}: EACCES`);
  });
});

describe('the project scan', () => {
  it('reports a manifest it cannot read as a problem instead of treating it as absent', async () => {
    const { detectProject } = await import('../../src/scan/project.js');
    const { scanRepository } = await import('../../src/scan/scan.js');
    const { loadConfig } = await import('../../src/config/load.js');
    const root = makeTempDir();
    writeFileSync(join(root, 'go.mod'), 'module example.com/x\n\ngo 1.22\n');
    const { scan } = await scanRepository(root, { config: (await loadConfig(root)).config });
    // The file was listed, then replaced by a folder before it was read (a race, or a mount).
    const { rmSync } = await import('node:fs');
    rmSync(join(root, 'go.mod'));
    mkdirSync(join(root, 'go.mod'));
    const facts = detectProject(scan);
    expect(facts.problems).toEqual([
      {
        file: 'go.mod',
        message: `cannot read ${join(root, 'go.mod')}: EISDIR (a folder where a file was expected)`,
      },
    ]);
  });
});
