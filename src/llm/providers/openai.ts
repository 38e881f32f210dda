/**
 * OpenAI-compatible chat completions (`POST {baseUrl}/chat/completions`): OpenAI itself and the
 * servers that speak its protocol — Ollama (`http://127.0.0.1:11434/v1`), vLLM, llama.cpp server,
 * LM Studio. The key is optional because local servers usually need none.
 */
import type { ChatRequest, ChatResponse, LlmProvider, LlmSettings } from '../types.js';
import { apiKeyOf, callRemote, numberOr, type RemoteAnswer, trimSlash } from './remote.js';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function createOpenAiProvider(settings: LlmSettings, env: NodeJS.ProcessEnv): LlmProvider {
  const baseUrl = trimSlash(settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
  const key = apiKeyOf(settings, env);
  return {
    name: 'openai',
    model: settings.model,
    complete(request: ChatRequest): Promise<ChatResponse> {
      const messages = [
        ...(request.system ? [{ role: 'system', content: request.system }] : []),
        ...request.messages,
      ];
      return callRemote('openai', settings, request, {
        url: `${baseUrl}/chat/completions`,
        headers: key ? { authorization: `Bearer ${key}` } : {},
        payload: {
          model: settings.model,
          messages,
          max_tokens: settings.maxOutputTokens,
          temperature: settings.temperature,
          ...(settings.jsonMode ? { response_format: { type: 'json_object' } } : {}),
        },
        extract: extractOpenAi,
      });
    },
  };
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
