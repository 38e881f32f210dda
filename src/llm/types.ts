/**
 * Model providers behind one interface. A provider turns a chat request into text and says what
 * it cost; it never retries and never interprets the answer (callers such as the reflectors do).
 */

export type LlmProviderName = 'offline' | 'openai' | 'anthropic';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  /** Instructions that frame every turn (a system prompt). */
  system?: string;
  messages: ChatMessage[];
  /**
   * What the offline provider answers: a deterministic function of the request computed without
   * a model (a caller's rule-based answer). Network providers ignore it.
   */
  offlineAnswer?: () => string;
}

/** What one call cost; the same record for every provider. */
export interface LlmCallRecord {
  provider: LlmProviderName;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** True when the provider reported no usage and the counts are estimated from characters. */
  estimatedTokens: boolean;
  /** USD from the configured prices; `null` when no prices are configured. */
  costUsd: number | null;
  durationMs: number;
  /** `ok`: text came back; `error`: the call failed (see `error`); `invalid`: the caller rejected the text. */
  outcome: 'ok' | 'error' | 'invalid';
  error?: string;
}

export interface ChatResponse {
  text: string;
  call: LlmCallRecord;
}

export interface LlmProvider {
  readonly name: LlmProviderName;
  readonly model: string;
  /** Resolves with the text, or rejects with an `LlmError` (whose `call` says what was spent). */
  complete(request: ChatRequest): Promise<ChatResponse>;
}

/** Provider settings: the `llm` section of the config, every default filled in. */
export interface LlmSettings {
  provider: LlmProviderName;
  /** Base URL of the API; `undefined` uses the provider's public endpoint. */
  baseUrl?: string | undefined;
  model: string;
  /** Name of the environment variable holding the API key (never the key itself). */
  apiKeyEnv?: string | undefined;
  timeoutMs: number;
  maxOutputTokens: number;
  temperature: number;
  /** Ask an OpenAI-compatible server for `response_format: {type: "json_object"}`. */
  jsonMode: boolean;
  pricing?: { inputPerMillionUsd: number; outputPerMillionUsd: number } | undefined;
}

export type LlmFailureKind = 'timeout' | 'unreachable' | 'http' | 'malformed' | 'auth';

/** A call that produced no usable text. `kind` says why, so callers can fall back and record it. */
export class LlmError extends Error {
  readonly kind: LlmFailureKind;
  readonly call: LlmCallRecord;

  constructor(kind: LlmFailureKind, message: string, call: LlmCallRecord) {
    super(message);
    this.name = 'LlmError';
    this.kind = kind;
    this.call = { ...call, outcome: 'error', error: message };
  }
}

export function isLlmError(error: unknown): error is LlmError {
  return error instanceof LlmError;
}
