/** A small TypeScript repository with a test, committed, then one uncommitted edit: what MCP tools run on. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll } from 'vitest';
import { createMcpServer, type ServerOptions } from '../../src/mcp/server.js';
import { makeRepo } from '../helpers/repo.js';

export function makeFixtureRepository(): string {
  const root = makeRepo({
    'package.json': JSON.stringify(
      { name: 'fixture', type: 'module', scripts: { test: 'node --test test/' } },
      null,
      2,
    ),
    'README.md': '# fixture\n\nAdds numbers.\n',
    'src/math.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
    'src/index.ts': "import { add } from './math.js';\n\nexport const total = add(1, 2);\n",
    'test/math.test.ts':
      "import { add } from '../src/math.js';\n\nif (add(1, 2) !== 3) throw new Error('add');\n",
  });
  return root;
}

/** An edit to the working tree (uncommitted), so the change tools have a diff to look at. */
export function editMath(root: string): void {
  writeFileSync(
    join(root, 'src/math.ts'),
    'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function sub(a: number, b: number): number {\n  return a - b;\n}\n',
  );
}

/** An SDK client connected in-process to a server over `root`. */
export async function connectClient(root: string, options: ServerOptions = {}): Promise<Client> {
  const server = createMcpServer(root, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** A fixture repository and a client connected to it for the whole test file (closed after it). */
export function useFixtureClient(): { root: string; client: Client } {
  const shared = {} as { root: string; client: Client };
  beforeAll(async () => {
    shared.root = makeFixtureRepository();
    shared.client = await connectClient(shared.root);
  });
  afterAll(async () => shared.client?.close());
  return shared;
}
