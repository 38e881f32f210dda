/**
 * The sidecar's HTTP surface: `POST /mcp` (the MCP tools over Streamable HTTP, stateless: one
 * server per request, all sharing the sidecar's session) and `GET /status`. Every request needs
 * `Authorization: Bearer <token>`; anything else is 401 before a byte of the body is read.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ContextSession } from '../api/session.js';
import { createMcpServer } from '../mcp/server.js';
import { type SidecarWatch, sidecarStatus } from './status.js';
import { parseStatusWait, statusAfter } from './wait.js';

export interface HttpOptions {
  root: string;
  token: string;
  session: ContextSession;
  /** What `GET /status` asks of the watcher (the session's is `session`). */
  watch: Omit<SidecarWatch, 'session'>;
  log: (line: string) => void;
}

export function createSidecarServer(options: HttpOptions): Server {
  return createServer((request, response) => {
    route(request, response, options).catch((error: Error) => {
      options.log(`request failed: ${error.message}`);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal error' });
      else response.end();
    });
  });
}

async function route(
  request: IncomingMessage,
  response: ServerResponse,
  options: HttpOptions,
): Promise<void> {
  if (!authorized(request, options.token)) {
    response.setHeader('WWW-Authenticate', 'Bearer');
    return sendJson(response, 401, { error: 'missing or wrong bearer token' });
  }
  const url = new URL(request.url ?? '/', 'http://sidecar');
  const path = url.pathname;
  if (path === '/status' && request.method === 'GET') return serveStatus(url, response, options);
  if (path === '/mcp') return serveMcp(request, response, options);
  sendJson(response, 404, { error: `no ${request.method} ${path} here: use POST /mcp or GET /status` });
}

/** `GET /status`, at once or (with `after`) once the context is fresh beyond that many refreshes. */
async function serveStatus(url: URL, response: ServerResponse, options: HttpOptions): Promise<void> {
  const watch = { ...options.watch, session: options.session };
  const wait = parseStatusWait(url.searchParams);
  if (wait && 'error' in wait) return sendJson(response, 400, { error: wait.error });
  if (!wait) return sendJson(response, 200, await sidecarStatus(watch));
  // A client that hangs up (or a sidecar that stops) ends the wait.
  const gone = new AbortController();
  response.once('close', () => gone.abort());
  const status = await statusAfter(watch, wait, gone.signal);
  if (!gone.signal.aborted) sendJson(response, 200, status);
}

async function serveMcp(
  request: IncomingMessage,
  response: ServerResponse,
  options: HttpOptions,
): Promise<void> {
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST');
    return sendJson(response, 405, { error: 'stateless MCP: POST JSON-RPC requests to /mcp' });
  }
  const server = createMcpServer(options.root, { session: options.session, log: options.log });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  response.on('close', () => {
    transport.close().catch(() => undefined);
    server.close().catch(() => undefined);
  });
  await server.connect(transport);
  await transport.handleRequest(request, response);
}

function authorized(request: IncomingMessage, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = `${JSON.stringify(body, null, 2)}\n`;
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}
