import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSidecar, startSidecar } from '../../src/sidecar/sidecar.js';
import { makeRepo } from '../helpers/repo.js';

interface Status {
  freshness: string;
  refreshes: number;
  refreshing: boolean;
  treeHash: string | null;
}

let root: string;
let sidecar: RunningSidecar;
let token: string;

beforeAll(async () => {
  root = makeRepo({
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': "import { a } from './a.js';\n\nexport const b = a + 1;\n",
  });
  sidecar = await startSidecar(root, { log: () => undefined });
  token = readFileSync(sidecar.tokenFile, 'utf8').trim();
});
afterAll(() => sidecar.stop());

async function get(
  query: string,
  signal?: AbortSignal,
): Promise<{ code: number; body: Status & { error?: string } }> {
  const response = await fetch(`${sidecar.url.replace(/\/mcp$/, '/status')}${query}`, {
    headers: { Authorization: `Bearer ${token}` },
    ...(signal ? { signal } : {}),
  });
  return { code: response.status, body: (await response.json()) as Status & { error?: string } };
}

/** Saved as an editor saves: a temporary renamed into place, one event. */
function save(path: string, text: string): void {
  writeFileSync(join(root, `${path}.tmp`), text);
  renameSync(join(root, `${path}.tmp`), join(root, path));
}

describe('GET /status?after=N waits for freshness instead of being polled', () => {
  it('answers once the first refresh is done, fresh and settled', async () => {
    const { code, body } = await get('?after=0&timeout=60000');
    expect(code).toBe(200);
    expect(body).toMatchObject({ freshness: 'fresh', refreshing: false });
    expect(body.refreshes).toBeGreaterThanOrEqual(1);
  });

  it('holds the answer until an edit made meanwhile has been refreshed', async () => {
    const before = (await get('?after=0')).body;
    const waiting = get(`?after=${before.refreshes}&timeout=60000`);
    // The request is held: an answer before the edit would have the old tree.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const editedAt = performance.now();
    save('src/a.ts', 'export const a = 2;\n');
    const { code, body } = await waiting;
    expect(code).toBe(200);
    expect(performance.now()).toBeGreaterThan(editedAt);
    expect(body.refreshes).toBeGreaterThan(before.refreshes);
    expect(body).toMatchObject({ freshness: 'fresh', refreshing: false });
    expect(body.treeHash).not.toBe(before.treeHash);
  });

  it('answers the status as it is when nothing refreshes before the timeout', async () => {
    const now = (await get('?after=0')).body;
    const started = performance.now();
    const { code, body } = await get(`?after=${now.refreshes}&timeout=400`);
    expect(code).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    expect(body.refreshes).toBe(now.refreshes);
    expect(body.freshness).toBe('fresh');
  });

  it('keeps serving after a client hangs up while it waits', async () => {
    const now = (await get('?after=0')).body;
    const hangUp = new AbortController();
    const abandoned = get(`?after=${now.refreshes}&timeout=60000`, hangUp.signal);
    setTimeout(() => hangUp.abort(), 100);
    await expect(abandoned).rejects.toThrow();
    save('src/b.ts', "import { a } from './a.js';\n\nexport const b = a + 2;\n");
    const { body } = await get(`?after=${now.refreshes}&timeout=60000`);
    expect(body.refreshes).toBeGreaterThan(now.refreshes);
  });

  it('refuses a bad wait with 400 and says which parameter and what it expected', async () => {
    const bad = await get('?after=soon');
    expect(bad.code).toBe(400);
    expect(bad.body.error).toBe('after: expected a whole number of refreshes (0 or more), got "soon"');
    const badTimeout = await get('?after=1&timeout=-5');
    expect(badTimeout.code).toBe(400);
    expect(badTimeout.body.error).toContain('timeout: expected a whole number of milliseconds');
    expect((await get('?timeout=100')).code).toBe(400);
  });
});
