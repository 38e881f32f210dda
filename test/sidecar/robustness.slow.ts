import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { commitAll, git, makeRepo } from '../helpers/repo.js';
import {
  readStatus,
  type SidecarProcess,
  settledAfter,
  startSidecarProcess,
  stopSidecar,
  waitForStatus,
} from './process.js';

const running: SidecarProcess[] = [];

/** Started here, stopped after each test even when it failed (a live sidecar would keep writing). */
async function start(root: string): Promise<SidecarProcess> {
  const sidecar = await startSidecarProcess(root);
  running.push(sidecar);
  return sidecar;
}

afterEach(async () => {
  for (const sidecar of running.splice(0))
    if (sidecar.child.exitCode === null) await stopSidecar(sidecar, 'SIGKILL');
});

/** 500 modules, each importing the previous one. */
function chainOfModules(count: number, version: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 0; index < count; index++) {
    const previous = index === 0 ? '' : `import { value${index - 1} } from './m${index - 1}.js';\n\n`;
    const uses = index === 0 ? '0' : `value${index - 1}`;
    files[`src/m${index}.ts`] = `${previous}/** ${version} */\nexport const value${index} = ${uses} + 1;\n`;
  }
  return files;
}

/** What a one-shot `freshness` says about the tree, from outside the sidecar. */
function freshnessFromCli(root: string): string {
  return JSON.parse(runCli(['freshness', root, '--json'], root).stdout).verdict;
}

describe('the sidecar under stress', () => {
  it('a branch switch rewriting 500 files is a few refreshes, and ends fresh', async () => {
    const root = makeRepo(chainOfModules(500, 'main'));
    git(root, 'checkout', '-q', '-b', 'other');
    writeFileSync(join(root, 'src/extra.ts'), "export const extra = 'other';\n");
    for (const [path, text] of Object.entries(chainOfModules(500, 'other')))
      writeFileSync(join(root, path), text);
    commitAll(root, 'other');
    git(root, 'checkout', '-q', 'main');
    const sidecar = await start(root);
    const started = await waitForStatus(sidecar, settledAfter(1), 120_000);
    git(root, 'checkout', '-q', 'other');
    const switched = await waitForStatus(
      sidecar,
      (status) => settledAfter(started.refreshes + 1)(status) && status.treeHash !== started.treeHash,
      120_000,
    );
    // Coalesced: one batch, or two if the checkout outlasted the debounce — never one per file.
    expect(switched.refreshes - started.refreshes).toBeLessThanOrEqual(3);
    expect(freshnessFromCli(root)).toBe('fresh');
    expect(await stopSidecar(sidecar, 'SIGINT')).toBe(0);
  });

  it('files deleted while it reads them: it keeps serving and ends fresh', async () => {
    const root = makeRepo(chainOfModules(200, 'main'));
    const sidecar = await start(root);
    await waitForStatus(sidecar, settledAfter(1), 120_000);
    // Create and delete files in a tight loop for a while, so scans meet files that vanish.
    const until = Date.now() + 3000;
    for (let round = 0; Date.now() < until; round++) {
      const path = join(root, `src/churn${round % 20}.ts`);
      writeFileSync(path, `export const churn = ${round};\n`);
      if (round % 2 === 1) rmSync(path, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (let index = 0; index < 20; index++) rmSync(join(root, `src/churn${index}.ts`), { force: true });
    const before = await readStatus(sidecar);
    await waitForStatus(sidecar, (status) => settledAfter(before.refreshes)(status), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const settled = await waitForStatus(sidecar, settledAfter(before.refreshes), 60_000);
    expect(settled.freshness).toBe('fresh');
    expect(freshnessFromCli(root)).toBe('fresh');
    expect(sidecar.child.exitCode).toBeNull();
    expect(await stopSidecar(sidecar)).toBe(0);
  });

  it('after kill -9 the next start takes over the lock and serves a fresh context', async () => {
    const root = makeRepo(chainOfModules(20, 'main'));
    const first = await start(root);
    await waitForStatus(first, settledAfter(1));
    expect(await stopSidecar(first, 'SIGKILL')).toBeNull();
    writeFileSync(
      join(root, 'src/late.ts'),
      "import { value3 } from './m3.js';\n\nexport const late = value3;\n",
    );
    const second = await start(root);
    expect(second.address.pid).not.toBe(first.address.pid);
    const status = await waitForStatus(second, settledAfter(1));
    expect(status.lastRefresh?.mode).toBe('incremental');
    expect(freshnessFromCli(root)).toBe('fresh');
    expect(await stopSidecar(second)).toBe(0);
  });
});
