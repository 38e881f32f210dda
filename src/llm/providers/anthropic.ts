/** Anthropic messages API (`POST {baseUrl}/v1/messages`, `x-api-key`, `anthropic-version`). */
import type { LlmProvider, LlmSettings } from '../types.js';
import { numberOr, type RemoteAnswer, remoteProvider } from './remote.js';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
const API_VERSION = '2023-06-01';

export function createAnthropicProvider(settings: LlmSettings, env: NodeJS.ProcessEnv): LlmProvider {
  return remoteProvider(
    'anthropic',
    settings,
    env,
    ANTHROPIC_DEFAULT_BASE_URL,
    (request, { baseUrl, key }) => ({
      url: `${baseUrl}/v1/messages`,
      headers: { 'anthropic-version': API_VERSION, ...(key ? { 'x-api-key': key } : {}) },
      payload: {
        model: settings.model,
        max_tokens: settings.maxOutputTokens,
        temperature: settings.temperature,
        ...(request.system ? { system: request.system } : {}),
        messages: request.messages,
      },
      extract: extractAnthropic,
    }),
  );
}

function extractAnthropic(body: unknown): RemoteAnswer | undefined {
  const response = body as {
    content?: Array<{ type?: string; text?: unknown }>;
    usage?: { input_tokens?: unknown; output_tokens?: unknown };
  };
  if (!Array.isArray(response?.content)) return undefined;
  const texts = response.content
    .filter((block) => block?.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string);
  if (texts.length === 0) return undefined;
  return {
    text: texts.join(''),
    inputTokens: numberOr(response.usage?.input_tokens),
    outputTokens: numberOr(response.usage?.output_tokens),
  };
}
