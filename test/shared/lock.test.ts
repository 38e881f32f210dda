import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, withLock } from '../../src/shared/lock.js';
import { makeTempDir } from '../helpers/repo.js';

describe('withLock', () => {
  it('serialises holders: the second runs only after the first released', async () => {
    const target = join(makeTempDir(), 'state');
    const events: string[] = [];
    const slow = withLock(target, async () => {
      events.push('a:start');
      await new Promise((resolve) => setTimeout(resolve, 150));
      events.push('a:end');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const fast = withLock(target, async () => {
      events.push('b:start');
    });
    await Promise.all([slow, fast]);
    expect(events).toEqual(['a:start', 'a:end', 'b:start']);
    expect(existsSync(`${target}.lock`)).toBe(false);
  });

  it('takes over at once from a holder whose process died', async () => {
    const directory = makeTempDir();
    const lockPath = join(directory, 'state.lock');
    const child = spawn(process.execPath, ['-e', 'process.exit(0)']);
    const deadPid = await new Promise<number>((resolve) => child.on('close', () => resolve(child.pid!)));
    mkdirSync(lockPath);
    writeFileSync(
      join(lockPath, 'owner.json'),
      JSON.stringify({ pid: deadPid, host: hostname(), token: 'old' }),
    );
    const release = await acquireLock(lockPath, { waitMs: 1000 });
    await release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('gives up with a clear error when a live holder keeps the lock', async () => {
    const lockPath = join(makeTempDir(), 'state.lock');
    const release = await acquireLock(lockPath);
    await expect(acquireLock(lockPath, { waitMs: 300, purpose: 'another build' })).rejects.toMatchObject({
      code: 'LOCKED',
      message: expect.stringContaining(`another build holds ${lockPath} (pid ${process.pid}`),
    });
    await release();
  });
});
