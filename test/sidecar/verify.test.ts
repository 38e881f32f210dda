import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningSidecar, startSidecar } from '../../src/sidecar/sidecar.js';
import { makeRepo } from '../helpers/repo.js';

let sidecar: RunningSidecar | undefined;
afterEach(async () => {
  await sidecar?.stop();
  sidecar = undefined;
});

async function status(
  running: RunningSidecar,
): Promise<{ freshness: string; refreshes: number; refreshing: boolean }> {
  const token = readFileSync(running.tokenFile, 'utf8').trim();
  const response = await fetch(running.url.replace(/\/mcp$/, '/status'), {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { freshness: string; refreshes: number; refreshing: boolean };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the sidecar checks in full what its watcher cannot see', () => {
  it('an output deleted by hand (not watched) is found by the background check and rebuilt', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    sidecar = await startSidecar(root, { log: () => undefined, verifyEveryMs: 200 });
    const running = sidecar;
    const first = await until(
      () => status(running),
      (now) => now.refreshes >= 1 && !now.refreshing && now.freshness === 'fresh',
    );
    const summary = join(root, '.agent-context/summary.md');
    rmSync(summary);
    // Nothing the watcher reports: the status still believes the refresh, until the full check says otherwise.
    const healed = await until(
      () => status(running),
      (now) => now.refreshes > first.refreshes && !now.refreshing && now.freshness === 'fresh',
    );
    expect(healed.refreshes).toBe(first.refreshes + 1);
    expect(existsSync(summary)).toBe(true);
  });
});
