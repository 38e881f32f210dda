import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';
import { makeFixtureRepository } from './fixture.js';

/** Sends newline-delimited JSON-RPC to `mcp <root>` and collects what comes back on each stream. */
async function rawSession(root: string, messages: object[], expectedResponses: number) {
  const child = spawn(process.execPath, [CLI_BIN, 'mcp', root], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.split('\n').filter((line) => line.includes('"id"')).length >= expectedResponses) resolve();
    });
  });
  for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
  await done;
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { stdout, stderr, code };
}

describe('opencode-plusplus mcp <dir> (stdio)', () => {
  it('serves an SDK client started the way agents start it', async () => {
    const root = makeFixtureRepository();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_BIN, 'mcp', root],
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(transport);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('freshness');
    const result = await client.callTool({ name: 'freshness', arguments: {} });
    expect((result.structuredContent as { verdict: string }).verdict).toBe('missing');
    await client.close();
  });

  it('writes nothing but protocol messages to stdout, logs go to stderr, and exits 0 when stdin closes', async () => {
    const root = makeFixtureRepository();
    const { stdout, stderr, code } = await rawSession(
      root,
      [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'raw', version: '1' },
          },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        // A cold build logs (contracts inferred): those lines must not reach stdout.
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'build', arguments: { mode: 'build' } },
        },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'retrieve', arguments: {} } },
      ],
      3,
    );
    const lines = stdout.trim().split('\n');
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    const byId = new Map(lines.map((line) => JSON.parse(line)).map((message) => [message.id, message]));
    expect(byId.get(2).result.structuredContent.mode).toBe('cold');
    expect(byId.get(3).result.isError).toBe(true);
    expect(stderr).toMatch(/inferred .agent-context\/contracts/);
    expect(code).toBe(0);
  });

  it('a directory that does not exist is a clear error on stderr, exit 2', async () => {
    const child = spawn(process.execPath, [CLI_BIN, 'mcp', '/nonexistent/repo'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/\/nonexistent\/repo does not exist/);
  });
});
