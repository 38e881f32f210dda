/** Token estimates and prices. Prices come from config; nothing here knows any vendor's price list. */
import type { ChatRequest, LlmSettings } from './types.js';

/** About four characters a token for English and code: used only when a server reports no usage. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function costOf(
  pricing: LlmSettings['pricing'],
  inputTokens: number,
  outputTokens: number,
): number | null {
  if (!pricing) return null;
  const usd = (inputTokens * pricing.inputPerMillionUsd + outputTokens * pricing.outputPerMillionUsd) / 1e6;
  return Math.round(usd * 1e6) / 1e6;
}

/** Everything a request sends as text, for token estimates. */
export function promptText(request: ChatRequest): string {
  return [request.system, ...request.messages.map((message) => message.content)].filter(Boolean).join('\n');
}
