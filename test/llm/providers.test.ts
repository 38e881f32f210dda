import { afterEach, describe, expect, it } from 'vitest';
import { completeJson, parseJsonAnswer } from '../../src/llm/json.js';
import { createProvider } from '../../src/llm/registry.js';
import { isLlmError, type LlmError, type LlmSettings } from '../../src/llm/types.js';
import { anthropicReply, downUrl, type ModelServer, openAiReply, startModelServer } from './model-server.js';

const settings = (overrides: Partial<LlmSettings>): LlmSettings => ({
  provider: 'openai',
  model: 'test-model',
  timeoutMs: 2000,
  maxOutputTokens: 256,
  temperature: 0,
  jsonMode: false,
  ...overrides,
});

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    if (isLlmError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('OpenAI-compatible provider', () => {
  it('posts chat completions with the key from the named variable and records usage and cost', async () => {
    server = await startModelServer([openAiReply('hello')]);
    const provider = createProvider(
      settings({
        baseUrl: `${server.url}/v1/`,
        apiKeyEnv: 'TEST_KEY',
        jsonMode: true,
        pricing: { inputPerMillionUsd: 1, outputPerMillionUsd: 10 },
      }),
      { TEST_KEY: 'sk-local' },
    );
    const response = await provider.complete({
      system: 'be brief',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response.text).toBe('hello');
    expect(response.call).toMatchObject({
      provider: 'openai',
      model: 'test-model',
      inputTokens: 120,
      outputTokens: 30,
      estimatedTokens: false,
      costUsd: 0.00042,
      outcome: 'ok',
    });
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-local');
    expect(request!.body).toMatchObject({
      model: 'test-model',
      max_tokens: 256,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
    });
  });

  it('needs no key for a local server and estimates tokens when usage is missing', async () => {
    server = await startModelServer([{ body: { choices: [{ message: { content: 'abcdefgh' } }] } }]);
    const provider = createProvider(settings({ baseUrl: server.url }), {});
    const response = await provider.complete({ messages: [{ role: 'user', content: 'x'.repeat(40) }] });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(response.call).toMatchObject({
      inputTokens: 10,
      outputTokens: 2,
      estimatedTokens: true,
      costUsd: null,
    });
  });

  it('names an HTML error page, a 401, a 500, a slow server and a server that is down', async () => {
    server = await startModelServer([
      { status: 200, contentType: 'text/html', body: '<html><title>Gateway</title></html>' },
      { status: 401, body: { error: 'bad key' } },
      { status: 500, body: 'boom' },
      { body: openAiReply('late').body, delayMs: 1500 },
    ]);
    const provider = createProvider(settings({ baseUrl: server.url, timeoutMs: 300 }), {});
    const ask = () => provider.complete({ messages: [{ role: 'user', content: 'q' }] });
    const html = await failure(ask());
    expect(html.kind).toBe('malformed');
    expect(html.message).toContain('non-JSON (text/html)');
    expect(html.message).toContain('<title>Gateway</title>');
    expect((await failure(ask())).kind).toBe('auth');
    expect((await failure(ask())).message).toBe('HTTP 500: boom');
    const slow = await failure(ask());
    expect(slow.kind).toBe('timeout');
    expect(slow.message).toContain('within 300 ms');
    expect(slow.call.outcome).toBe('error');
    const down = createProvider(settings({ baseUrl: await downUrl() }), {});
    const refused = await failure(down.complete({ messages: [{ role: 'user', content: 'q' }] }));
    expect(refused.kind).toBe('unreachable');
    expect(refused.message).toContain('ECONNREFUSED');
  });

  it('refuses to start when the named key variable is unset', () => {
    expect(() => createProvider(settings({ apiKeyEnv: 'MISSING_KEY' }), {})).toThrow(
      /MISSING_KEY is not set/,
    );
  });
});

describe('Anthropic provider', () => {
  it('posts to /v1/messages with x-api-key and anthropic-version and reads text blocks and usage', async () => {
    server = await startModelServer([anthropicReply('{"ok":true}')]);
    const provider = createProvider(
      settings({ provider: 'anthropic', baseUrl: server.url, apiKeyEnv: 'ANTHROPIC_TEST_KEY' }),
      { ANTHROPIC_TEST_KEY: 'key-1' },
    );
    const response = await provider.complete({ system: 'sys', messages: [{ role: 'user', content: 'q' }] });
    expect(response.text).toBe('{"ok":true}');
    expect(response.call).toMatchObject({ provider: 'anthropic', inputTokens: 200, outputTokens: 40 });
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/messages');
    expect(request!.headers['x-api-key']).toBe('key-1');
    expect(request!.headers['anthropic-version']).toBe('2023-06-01');
    expect(request!.body).toMatchObject({ model: 'test-model', system: 'sys', max_tokens: 256 });
  });

  it('treats a body without text blocks as malformed', async () => {
    server = await startModelServer([{ body: { content: [{ type: 'tool_use' }] } }]);
    const provider = createProvider(settings({ provider: 'anthropic', baseUrl: server.url }), {});
    expect((await failure(provider.complete({ messages: [{ role: 'user', content: 'q' }] }))).kind).toBe(
      'malformed',
    );
  });
});

describe('completeJson', () => {
  const accept = (value: unknown) => {
    if (typeof (value as { n?: unknown }).n !== 'number') throw new Error('n must be a number');
    return value as { n: number };
  };

  it('retries an invalid answer once, telling the model what was wrong', async () => {
    server = await startModelServer([openAiReply('Sure! Here it is: n=3'), openAiReply('{"n": 3}')]);
    const outcome = await completeJson(
      createProvider(settings({ baseUrl: server.url }), {}),
      { messages: [{ role: 'user', content: 'give n' }] },
      accept,
    );
    expect(outcome).toMatchObject({ ok: true, value: { n: 3 } });
    expect(outcome.calls.map((call) => call.outcome)).toEqual(['invalid', 'ok']);
    const retry = server.requests[1]!.body.messages;
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: 'Sure! Here it is: n=3' });
    expect(retry.at(-1).content).toMatch(/not accepted: not JSON/);
  });

  it('gives up after the retry and on a failed call without retrying', async () => {
    server = await startModelServer([
      openAiReply('{"n": "three"}'),
      openAiReply('nope'),
      { status: 503, body: 'busy' },
    ]);
    const provider = createProvider(settings({ baseUrl: server.url }), {});
    const invalid = await completeJson(provider, { messages: [{ role: 'user', content: 'n' }] }, accept);
    expect(invalid).toMatchObject({ ok: false });
    expect(invalid.ok ? '' : invalid.reason).toMatch(/invalid answer after 2 attempt/);
    const failed = await completeJson(provider, { messages: [{ role: 'user', content: 'n' }] }, accept);
    expect(failed.ok ? '' : failed.reason).toBe('http: HTTP 503: busy');
    expect(failed.calls).toHaveLength(1);
  });

  it('reads a reply that is one fenced JSON block, and nothing looser', () => {
    expect(parseJsonAnswer('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(() => parseJsonAnswer('Here: {"a":1}')).toThrow(/not JSON/);
  });

  it('the offline provider answers with the caller’s deterministic answer at no cost', async () => {
    const provider = createProvider(settings({ provider: 'offline' }), {});
    const outcome = await completeJson(
      provider,
      { messages: [{ role: 'user', content: 'n' }], offlineAnswer: () => '{"n":7}' },
      accept,
    );
    expect(outcome).toMatchObject({ ok: true, value: { n: 7 } });
    expect(outcome.calls[0]).toMatchObject({ provider: 'offline', costUsd: 0 });
  });
});
