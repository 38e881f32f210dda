/**
 * A scripted Anthropic Messages API on 127.0.0.1 for driving the real Claude Code CLI: every
 * request that is the agent's turn (it carries tools) gets the next scripted step, streamed as
 * server-sent events; title, quota and token-count requests get canned answers and never advance
 * the script. Every request is recorded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Step =
  | { text: string }
  | { tool: string; input: Record<string, unknown> }
  /** Decide from the request (e.g. answer what the conversation asks). */
  | { decide: (request: TurnRequest) => Step };

// biome-ignore lint/suspicious/noExplicitAny: request bodies are inspected freely by tests
export type TurnRequest = { body: any; text: string };

export interface ScriptedAnthropic {
  url: string;
  turns: TurnRequest[];
  other: Array<{ method: string; path: string }>;
  /** Steps not consumed yet. */
  remaining(): number;
  close(): Promise<void>;
}

export async function startAnthropic(script: Step[]): Promise<ScriptedAnthropic> {
  const queue = [...script];
  const turns: TurnRequest[] = [];
  const other: Array<{ method: string; path: string }> = [];
  let counter = 0;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method !== 'POST' || !path.startsWith('/v1/messages')) {
        other.push({ method: request.method ?? '', path });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
        return;
      }
      // biome-ignore lint/suspicious/noExplicitAny: the request body is JSON of any shape
      let body: any = {};
      try {
        body = JSON.parse(raw);
      } catch {}
      if (path.startsWith('/v1/messages/count_tokens')) {
        other.push({ method: 'POST', path });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ input_tokens: 100 }));
        return;
      }
      const isTurn = Array.isArray(body.tools) && body.tools.length > 0;
      let step: Step = { text: 'OK' };
      if (isTurn) {
        const turn = { body, text: JSON.stringify(body) };
        turns.push(turn);
        step = queue.shift() ?? { text: 'Done.' };
        while ('decide' in step) step = step.decide(turn);
      } else other.push({ method: 'POST', path: `${path} (not a turn)` });
      counter += 1;
      if (body.stream) streamStep(response, step, counter);
      else sendStep(response, step, counter);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    turns,
    other,
    remaining: () => queue.length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Final = { text: string } | { tool: string; input: Record<string, unknown> };

function blockOf(step: Final, id: number) {
  return 'tool' in step
    ? { type: 'tool_use', id: `toolu_${String(id).padStart(8, '0')}`, name: step.tool, input: step.input }
    : { type: 'text', text: step.text };
}

function sendStep(response: import('node:http').ServerResponse, step: Step, id: number): void {
  const final = step as Final;
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [blockOf(final, id)],
      stop_reason: 'tool' in final ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 50, output_tokens: 10 },
    }),
  );
}

function streamStep(response: import('node:http').ServerResponse, step: Step, id: number): void {
  const final = step as Final;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: unknown) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', {
    type: 'message_start',
    message: {
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 50, output_tokens: 1 },
    },
  });
  const block = blockOf(final, id);
  if (block.type === 'tool_use') {
    send('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { ...block, input: {} },
    });
    send('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
    });
  } else {
    send('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    send('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: block.text },
    });
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: 10 },
  });
  send('message_stop', { type: 'message_stop' });
  response.end();
}
