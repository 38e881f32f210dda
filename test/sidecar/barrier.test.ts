import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchBarrier } from '../../src/sidecar/barrier.js';
import { watchRepository } from '../../src/sidecar/watcher.js';
import { makeRepo } from '../helpers/repo.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the watcher barrier', () => {
  it('comes back only after every change made before it was raised has reached the repository watch', async () => {
    const root = makeRepo({ 'src/a.ts': 'export const a = 0;\n' });
    mkdirSync(join(root, '.agent-context/sidecar'), { recursive: true });
    const batches: string[][] = [];
    const watch = await watchRepository(root, { onBatch: (paths) => batches.push(paths), onError: () => {} });
    let passed = 0;
    const barrier = await watchBarrier(root, () => passed++);
    expect(barrier).toBeDefined();
    try {
      // Quiet spells (the watcher reports at once) and bursts (it holds events ~50 ms) alike.
      for (let round = 0; round < 12; round++) {
        const writtenAt = performance.now();
        writeFileSync(join(root, `src/f${round}.ts`), `export const f = ${round};\n`);
        const seen = passed;
        barrier!.request(performance.now());
        const deadline = Date.now() + 5000;
        while (passed === seen && Date.now() < deadline) await sleep(1);
        expect(passed, `round ${round}`).toBeGreaterThan(seen);
        expect(barrier!.passedFor()).toBeGreaterThanOrEqual(writtenAt);
        expect(watch.lastEventAt(), `round ${round}: the edit's event came first`).toBeGreaterThanOrEqual(
          writtenAt,
        );
        if (round % 3 === 2) await sleep(600);
      }
      await sleep(50);
      expect(batches.flat()).toEqual(expect.arrayContaining(['src/f0.ts', 'src/f11.ts']));
      // A barrier already passed for the time asked raises none.
      const before = passed;
      barrier!.request(0);
      await sleep(200);
      expect(passed).toBe(before);
    } finally {
      await barrier!.close();
      await watch.close();
    }
  }, 60_000);
});
