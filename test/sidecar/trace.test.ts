import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers/repo.js';
import {
  readStatus,
  settledAfter,
  startSidecarProcess,
  statusUrl,
  stopSidecar,
  waitForStatus,
} from './process.js';

const files = {
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': "import { a } from './a.js';\n\nexport const b = a + 1;\n",
};

const STEPS = [
  'watcher: 1 event(s)',
  'batch: 1 path(s)',
  'filter: 1 of 1 path(s) matter',
  'refresh: asked for (src/c.ts)',
  'refresh: done, incremental; stages scan',
  'status: answered fresh after 2 refresh(es)',
];

describe('OPP_SIDECAR_TRACE=1', () => {
  it("stamps each step of an edit's way to fresh on stderr, in order; without it, nothing", async () => {
    for (const traced of [true, false]) {
      const root = makeRepo(files);
      const sidecar = await startSidecarProcess(root, [], traced ? { OPP_SIDECAR_TRACE: '1' } : {});
      try {
        await waitForStatus(sidecar, settledAfter(1));
        const before = await readStatus(sidecar);
        const marked = sidecar.stderr().length;
        writeFileSync(join(root, 'src/.c.ts.tmp'), "import { b } from './b.js';\n\nexport const c = b;\n");
        renameSync(join(root, 'src/.c.ts.tmp'), join(root, 'src/c.ts'));
        const waited = await fetch(`${statusUrl(sidecar)}?after=${before.refreshes}&timeout=30000`, {
          headers: { Authorization: `Bearer ${sidecar.token}` },
        });
        expect(await waited.json()).toMatchObject({ freshness: 'fresh', refreshes: 2 });
        const lines = sidecar
          .stderr()
          .slice(marked)
          .split('\n')
          .filter((line) => line.startsWith('[trace '));
        if (!traced) {
          expect(lines).toEqual([]);
          continue;
        }
        for (const line of lines) expect(line).toMatch(/^\[trace \d+\.\d \+\d+\.\d ms\] /);
        const steps = lines.map((line) => line.replace(/^\[trace [^\]]*\] /, ''));
        const found = STEPS.map((step) => steps.findIndex((line) => line.startsWith(step)));
        expect(found.every((index) => index >= 0)).toBe(true);
        expect([...found].sort((x, y) => x - y)).toEqual(found);
      } finally {
        await stopSidecar(sidecar);
      }
    }
  });
});
