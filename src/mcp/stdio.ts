/**
 * `opencode-plusplus mcp [dir]`: the MCP server on stdin/stdout. Stdout carries the protocol and
 * nothing else: logs go to stderr, and so does anything a dependency prints through `console`.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { existingDirectory } from '../shared/fs.js';
import { createMcpServer } from './server.js';

export interface StdioOptions {
  stdin?: Readable;
  stdout?: Writable;
  stderr: NodeJS.WritableStream;
}

/** Serves until the client closes stdin (or the transport fails); resolves then. */
export async function serveStdio(directory: string, options: StdioOptions): Promise<void> {
  const root = await existingDirectory(directory);
  const log = (line: string) => options.stderr.write(`[mcp] ${line}\n`);
  routeConsoleTo(log);
  const server = createMcpServer(root, { log });
  const transport = new StdioServerTransport(
    options.stdin ?? process.stdin,
    options.stdout ?? process.stdout,
  );
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    (options.stdin ?? process.stdin).once('end', () => resolve());
  });
  await server.connect(transport);
  log(`serving ${root} on stdio`);
  await closed;
  await server.close();
}

/** A stray `console.log` in any dependency would corrupt the protocol stream: send it to stderr. */
function routeConsoleTo(log: (line: string) => void): void {
  const write = (...args: unknown[]) => log(args.map(String).join(' '));
  console.log = write;
  console.info = write;
  console.debug = write;
}
