/**
 * A scripted model API on 127.0.0.1: each request gets the next scripted reply (status, content
 * type, body, delay) and is recorded with its path, headers and JSON body. Nothing leaves the machine.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status?: number;
  contentType?: string;
  body: string | object;
  /** Wait this long before answering (to test timeouts). */
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are inspected freely by tests
  body: any;
}

export interface ModelServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startModelServer(replies: ScriptedReply[]): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const queue = [...replies];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        headers: request.headers,
        body: raw ? JSON.parse(raw) : undefined,
      });
      const reply: ScriptedReply = queue.shift() ?? {
        status: 500,
        body: { error: 'no scripted reply left' },
      };
      const send = () => {
        if (response.destroyed) return;
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        response.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json' });
        response.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on 127.0.0.1 where nothing listens: a port we held and released. */
export async function downUrl(): Promise<string> {
  const server = await startModelServer([]);
  await server.close();
  return server.url;
}

/** An OpenAI chat-completions body whose answer is `content`. */
export function openAiReply(
  content: string,
  usage = { prompt_tokens: 120, completion_tokens: 30 },
): ScriptedReply {
  return {
    body: {
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content } }],
      usage,
    },
  };
}

/** An Anthropic messages body whose answer is `content`. */
export function anthropicReply(
  content: string,
  usage = { input_tokens: 200, output_tokens: 40 },
): ScriptedReply {
  return {
    body: { id: 'm', type: 'message', role: 'assistant', content: [{ type: 'text', text: content }], usage },
  };
}
