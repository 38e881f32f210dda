import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, lockHolder, withLock } from '../../src/shared/lock.js';
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
      message: expect.stringContaining(`another build holds ${lockPath}: pid ${process.pid} on`),
    });
    await release();
  });

  it('never takes the lock from a live holder whose event loop is blocked', async () => {
    const lockPath = join(makeTempDir(), 'state.lock');
    // the built module (`npm test` builds first): a child process cannot load the TypeScript sources
    const lockModule = new URL('../../dist/shared/lock.js', import.meta.url).href;
    // the child takes the lock, then blocks its event loop for 4 s (a long synchronous stage)
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { acquireLock } = await import(${JSON.stringify(lockModule)});
         await acquireLock(${JSON.stringify(lockPath)});
         console.log('locked');
         const end = Date.now() + 4000; while (Date.now() < end) {}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    const waits: number[] = [];
    await expect(
      acquireLock(lockPath, { waitMs: 1500, staleMs: 100, onWait: (who) => waits.push(who!.pid) }),
    ).rejects.toMatchObject({ code: 'LOCKED', message: expect.stringContaining(`pid ${holder.pid} on`) });
    expect(waits).toEqual([holder.pid]);
    await new Promise((resolve) => holder.on('close', resolve));
    // gone now: taken over at once
    const release = await acquireLock(lockPath, { waitMs: 0 });
    await release();
  });

  it('takes over a lock whose pid was reused by a process that started later', async () => {
    const lockPath = join(makeTempDir(), 'state.lock');
    mkdirSync(lockPath);
    const owner = {
      pid: process.pid,
      host: hostname(),
      processStart: '1',
      since: new Date().toISOString(),
      token: 'old',
    };
    writeFileSync(join(lockPath, 'owner.json'), JSON.stringify(owner));
    const release = await acquireLock(lockPath, { waitMs: 0 });
    expect((await lockHolder(lockPath))?.token).not.toBe('old');
    expect((await lockHolder(lockPath))?.alive).toBe(true);
    await release();
  });

  it('takes over a lock directory that has had no owner file for a while', async () => {
    const lockPath = join(makeTempDir(), 'state.lock');
    mkdirSync(lockPath);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPath, old, old);
    const release = await acquireLock(lockPath, { waitMs: 0 });
    await release();
    expect(existsSync(lockPath)).toBe(false);
  });
});
