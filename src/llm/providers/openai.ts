/**
 * OpenAI-compatible chat completions (`POST {baseUrl}/chat/completions`): OpenAI itself and the
 * servers that speak its protocol — Ollama (`http://127.0.0.1:11434/v1`), vLLM, llama.cpp server,
 * LM Studio. The key is optional because local servers usually need none.
 */
import type { LlmProvider, LlmSettings } from '../types.js';
import { numberOr, type RemoteAnswer, type RemoteCall, remoteProvider } from './remote.js';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function createOpenAiProvider(settings: LlmSettings, env: NodeJS.ProcessEnv): LlmProvider {
  return remoteProvider(
    'openai',
    settings,
    env,
    OPENAI_DEFAULT_BASE_URL,
    (request, { baseUrl, key }): RemoteCall => ({
      url: `${baseUrl}/chat/completions`,
      headers: key ? { authorization: `Bearer ${key}` } : {},
      payload: {
        model: settings.model,
        messages: [
          ...(request.system ? [{ role: 'system', content: request.system }] : []),
          ...request.messages,
        ],
        max_tokens: settings.maxOutputTokens,
        temperature: settings.temperature,
        ...(settings.jsonMode ? { response_format: { type: 'json_object' } } : {}),
      },
      extract: extractOpenAi,
    }),
  );
}

function extractOpenAi(body: unknown): RemoteAnswer | undefined {
  const response = body as {
    choices?: Array<{ message?: { content?: unknown } }>;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const content = response?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return undefined;
  return {
    text: content,
    inputTokens: numberOr(response.usage?.prompt_tokens),
    outputTokens: numberOr(response.usage?.completion_tokens),
  };
}
