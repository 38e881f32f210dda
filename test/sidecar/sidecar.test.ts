import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { git, makeRepo } from '../helpers/repo.js';
import {
  readStatus,
  type SidecarProcess,
  settledAfter,
  startSidecarProcess,
  statusUrl,
  stopSidecar,
  waitForStatus,
} from './process.js';

let root: string;
let sidecar: SidecarProcess;

beforeAll(async () => {
  root = makeRepo({
    '.gitignore': 'dist/\n',
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': "import { a } from './a.js';\n\nexport const b = a + 1;\n",
  });
  sidecar = await startSidecarProcess(root);
  await waitForStatus(sidecar, settledAfter(1));
});
afterAll(async () => {
  if (sidecar.child.exitCode === null) await stopSidecar(sidecar);
});

describe('the sidecar', () => {
  it('says where it listens on its first stdout line and keeps the token to its owner', () => {
    expect(sidecar.address.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(sidecar.address.pid).toBe(sidecar.child.pid);
    expect(sidecar.address.tokenFile).toBe(join(root, '.agent-context/sidecar/token'));
    expect(statSync(sidecar.address.tokenFile).mode & 0o777).toBe(0o600);
    expect(git(root, 'status', '--porcelain', '--ignored', '.agent-context/sidecar')).toMatch(/^!! /m);
  });

  it('answers only with the bearer token', async () => {
    expect((await fetch(statusUrl(sidecar))).status).toBe(401);
    const wrong = await fetch(statusUrl(sidecar), { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const mcp = await fetch(sidecar.address.url, { method: 'POST', body: '{}' });
    expect(mcp.status).toBe(401);
  });

  it('refreshes after an edit, then stays quiet', async () => {
    const before = await readStatus(sidecar);
    // Written as an editor saves (a temporary renamed into place): one event, so one refresh. A
    // plain write may reach the watcher as two (created, then written): the second refresh finds
    // nothing new and is rightly `reused`.
    writeFileSync(join(root, 'src/.c.ts.tmp'), "import { b } from './b.js';\n\nexport const c = b * 2;\n");
    renameSync(join(root, 'src/.c.ts.tmp'), join(root, 'src/c.ts'));
    const after = await waitForStatus(
      sidecar,
      (status) => settledAfter(before.refreshes + 1)(status) && status.treeHash !== before.treeHash,
    );
    expect(after.lastRefresh?.mode).toBe('incremental');
    expect(after.uptimeMs).toBeGreaterThan(before.uptimeMs);
    // Its own writes (AGENTS.md, .agent-context/) and an ignored file must not start another refresh.
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/out.js'), 'export {};\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = await readStatus(sidecar);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const quiet = await readStatus(sidecar);
    expect(quiet.refreshes).toBe(settled.refreshes);
    expect(quiet.freshness).toBe('fresh');
  });

  it('serves the MCP tools over Streamable HTTP from its fresh session', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(sidecar.address.url), {
      requestInit: { headers: { Authorization: `Bearer ${sidecar.token}` } },
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    const explained = await client.callTool({ name: 'explain', arguments: { file: 'src/c.ts' } });
    expect(explained.isError).toBeFalsy();
    const imports = (explained.structuredContent as { imports: Array<{ to: string }> }).imports;
    expect(imports.map((edge) => edge.to)).toEqual(['src/b.ts']);
    const bad = await client.callTool({ name: 'explain', arguments: {} });
    expect(bad.isError).toBe(true);
    await client.close();
  });

  it('refuses a second sidecar for the same repository and says where the first runs', () => {
    const second = runCli(['sidecar', root], root);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('a sidecar already runs');
    expect(second.stderr).toContain(sidecar.address.url);
    expect(second.stderr).toContain(`pid ${sidecar.address.pid}`);
  });

  it('stops cleanly on SIGTERM: exit 0, lock released, no address or token left', async () => {
    expect(await stopSidecar(sidecar, 'SIGTERM')).toBe(0);
    expect(existsSync(join(root, '.agent-context/sidecar/sidecar.lock'))).toBe(false);
    expect(existsSync(join(root, '.agent-context/sidecar/token'))).toBe(false);
    expect(existsSync(join(root, '.agent-context/sidecar/sidecar.json'))).toBe(false);
    expect(sidecar.stderr()).toContain('stopped');
  });
});

describe('the sidecar, started and stopped otherwise', () => {
  it('refuses a host that is not loopback unless --allow-remote says so', () => {
    const refused = runCli(['sidecar', root, '--host', '0.0.0.0'], root);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--host 0.0.0.0 is not a loopback address');
    expect(refused.stderr).toContain('--allow-remote');
    expect(existsSync(join(root, '.agent-context/sidecar/sidecar.lock'))).toBe(false);
  });

  it('binds another host with --allow-remote, says so, and stops on SIGINT with exit 0 and the lock released', async () => {
    const remote = await startSidecarProcess(root, ['--host', '0.0.0.0', '--allow-remote']);
    expect(remote.address.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/mcp$/);
    expect(remote.stderr()).toContain('warning: binding 0.0.0.0, not loopback');
    await waitForStatus(remote, settledAfter(1));
    expect(await stopSidecar(remote, 'SIGINT')).toBe(0);
    expect(existsSync(join(root, '.agent-context/sidecar/sidecar.lock'))).toBe(false);
    expect(existsSync(join(root, '.agent-context/sidecar/token'))).toBe(false);
  });
});
