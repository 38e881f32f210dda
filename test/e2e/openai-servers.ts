/**
 * Scripted OpenAI-style model servers on 127.0.0.1 for driving the real Codex (Responses API) and
 * OpenCode (Chat Completions) CLIs: each request that is the agent's turn (it carries tools) gets
 * the next scripted step, streamed as server-sent events; other requests (titles, model lists)
 * get canned answers and never advance the script. Every turn is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OpenAiStep =
  | { text: string }
  | { call: string; arguments: Record<string, unknown> }
  | { decide: (turn: OpenAiTurn) => OpenAiStep };

// biome-ignore lint/suspicious/noExplicitAny: request bodies are inspected freely by tests
export type OpenAiTurn = { body: any; text: string };

export interface ScriptedOpenAi {
  url: string;
  turns: OpenAiTurn[];
  other: string[];
  remaining(): number;
  close(): Promise<void>;
}

type Protocol = 'responses' | 'chat';
type Final = Exclude<OpenAiStep, { decide: unknown }>;

export function startResponses(script: OpenAiStep[]): Promise<ScriptedOpenAi> {
  return start('responses', script);
}

export function startChatCompletions(script: OpenAiStep[]): Promise<ScriptedOpenAi> {
  return start('chat', script);
}

async function start(protocol: Protocol, script: OpenAiStep[]): Promise<ScriptedOpenAi> {
  const queue = [...script];
  const turns: OpenAiTurn[] = [];
  const other: string[] = [];
  let counter = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const wanted = protocol === 'responses' ? '/v1/responses' : '/v1/chat/completions';
      if (request.method !== 'POST' || !path.startsWith(wanted)) return canned(request, response, other);
      // biome-ignore lint/suspicious/noExplicitAny: the request body is JSON of any shape
      let body: any = {};
      try {
        body = JSON.parse(raw);
      } catch {}
      let step: OpenAiStep = { text: 'OK' };
      if (Array.isArray(body.tools) && body.tools.length > 0) {
        const turn = { body, text: raw };
        turns.push(turn);
        step = queue.shift() ?? { text: 'Done.' };
        while ('decide' in step) step = step.decide(turn);
      } else other.push(`POST ${path} (not a turn)`);
      counter += 1;
      if (protocol === 'responses') streamResponse(response, step as Final, counter);
      else streamChat(response, step as Final, counter, body.stream !== false);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
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

function canned(request: IncomingMessage, response: ServerResponse, other: string[]): void {
  other.push(`${request.method} ${request.url}`);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(request.url?.startsWith('/v1/models') ? JSON.stringify({ object: 'list', data: [] }) : '{}');
}

function sse(response: ServerResponse): (data: unknown, event?: string) => void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  return (data, event) =>
    response.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
}

function streamResponse(response: ServerResponse, step: Final, id: number): void {
  const send = sse(response);
  const emit = (type: string, rest: Record<string, unknown>) => send({ type, ...rest }, type);
  const responseId = `resp_${id}`;
  emit('response.created', {
    response: { id: responseId, object: 'response', status: 'in_progress', output: [] },
  });
  const item =
    'call' in step
      ? {
          type: 'function_call',
          id: `fc_${id}`,
          call_id: `call_${id}`,
          name: step.call,
          arguments: JSON.stringify(step.arguments),
          status: 'completed',
        }
      : {
          type: 'message',
          id: `msg_${id}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: step.text, annotations: [] }],
        };
  emit('response.output_item.added', {
    output_index: 0,
    item: { ...item, ...('call' in step ? { arguments: '' } : { content: [] }) },
  });
  if ('text' in step)
    emit('response.output_text.delta', {
      output_index: 0,
      content_index: 0,
      item_id: item.id,
      delta: step.text,
    });
  emit('response.output_item.done', { output_index: 0, item });
  emit('response.completed', {
    response: {
      id: responseId,
      object: 'response',
      status: 'completed',
      output: [item],
      usage: {
        input_tokens: 120,
        input_tokens_details: { cached_tokens: 20 },
        output_tokens: 15,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 135,
      },
    },
  });
  response.end();
}

function streamChat(response: ServerResponse, step: Final, id: number, stream: boolean): void {
  const base = { id: `chatcmpl_${id}`, object: 'chat.completion.chunk', created: 1764580000, model: 'm' };
  const usage = { prompt_tokens: 120, completion_tokens: 15, total_tokens: 135 };
  const call =
    'call' in step
      ? {
          index: 0,
          id: `call_${id}`,
          type: 'function',
          function: { name: step.call, arguments: JSON.stringify(step.arguments) },
        }
      : undefined;
  if (!stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    const message = call
      ? { role: 'assistant', content: null, tool_calls: [call] }
      : { role: 'assistant', content: (step as { text: string }).text };
    response.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message, finish_reason: call ? 'tool_calls' : 'stop' }],
        usage,
      }),
    );
    return;
  }
  const send = sse(response);
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  if (call) send({ ...base, choices: [{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }] });
  else
    send({
      ...base,
      choices: [{ index: 0, delta: { content: (step as { text: string }).text }, finish_reason: null }],
    });
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: call ? 'tool_calls' : 'stop' }], usage });
  response.write('data: [DONE]\n\n');
  response.end();
}
