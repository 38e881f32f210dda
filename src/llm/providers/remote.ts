/** What the two network providers share: the POST, the usage record, and turning failures into `LlmError`. */
import { costOf, estimateTokens, promptText } from '../cost.js';
import { HttpFailure, postJson } from '../http.js';
import {
  type ChatRequest,
  type ChatResponse,
  type LlmCallRecord,
  LlmError,
  type LlmProvider,
  type LlmProviderName,
  type LlmSettings,
} from '../types.js';

export interface RemoteAnswer {
  text: string;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
}

export interface RemoteCall {
  url: string;
  headers: Record<string, string>;
  payload: unknown;
  /** Pulls the text and usage out of the provider's response body; `undefined` when it has no text. */
  extract(body: unknown): RemoteAnswer | undefined;
}

export async function callRemote(
  provider: LlmProviderName,
  settings: LlmSettings,
  request: ChatRequest,
  call: RemoteCall,
): Promise<ChatResponse> {
  const promptTokens = estimateTokens(promptText(request));
  const record = (durationMs: number, answer?: RemoteAnswer): LlmCallRecord => {
    const estimated = answer?.inputTokens === undefined || answer?.outputTokens === undefined;
    const inputTokens = answer?.inputTokens ?? promptTokens;
    const outputTokens = answer?.outputTokens ?? estimateTokens(answer?.text ?? '');
    return {
      provider,
      model: settings.model,
      inputTokens,
      outputTokens,
      estimatedTokens: estimated,
      costUsd: costOf(settings.pricing, inputTokens, outputTokens),
      durationMs,
      outcome: 'ok',
    };
  };
  let result: Awaited<ReturnType<typeof postJson>>;
  try {
    result = await postJson(call.url, call.headers, call.payload, settings.timeoutMs);
  } catch (error) {
    if (!(error instanceof HttpFailure)) throw error;
    // A request that reached the server may have been billed: count the prompt, no output.
    const spent = { ...record(error.durationMs), outputTokens: 0, estimatedTokens: true };
    throw new LlmError(error.kind, error.message, spent);
  }
  const answer = call.extract(result.body);
  if (!answer) throw new LlmError('malformed', 'the response has no text content', record(result.durationMs));
  return { text: answer.text, call: record(result.durationMs, answer) };
}

/** Where a network provider sends its requests: the base URL and the API key, when one is set. */
export interface RemoteEndpoint {
  baseUrl: string;
  key: string | undefined;
}

/**
 * A network provider: each request becomes the POST `callOf` builds, sent to the configured base
 * URL (else `defaultBaseUrl`) with the key `apiKeyEnv` names.
 */
export function remoteProvider(
  name: LlmProviderName,
  settings: LlmSettings,
  env: NodeJS.ProcessEnv,
  defaultBaseUrl: string,
  callOf: (request: ChatRequest, endpoint: RemoteEndpoint) => RemoteCall,
): LlmProvider {
  const endpoint = { baseUrl: trimSlash(settings.baseUrl ?? defaultBaseUrl), key: apiKeyOf(settings, env) };
  return {
    name,
    model: settings.model,
    complete: (request) => callRemote(name, settings, request, callOf(request, endpoint)),
  };
}

/** The API key named by `apiKeyEnv`, or a clear error when the variable is named but empty. */
export function apiKeyOf(settings: LlmSettings, env: NodeJS.ProcessEnv): string | undefined {
  if (!settings.apiKeyEnv) return undefined;
  const key = env[settings.apiKeyEnv];
  return key && key.length > 0 ? key : undefined;
}

export function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
