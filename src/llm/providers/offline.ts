/**
 * The default provider: no network, no model. It answers with the caller's deterministic
 * `offlineAnswer`, so a pipeline built for a model runs (and is tested) the same way without one.
 */
import { estimateTokens, promptText } from '../cost.js';
import type { ChatRequest, ChatResponse, LlmProvider } from '../types.js';

export function createOfflineProvider(): LlmProvider {
  return {
    name: 'offline',
    model: 'offline',
    async complete(request: ChatRequest): Promise<ChatResponse> {
      const text = request.offlineAnswer ? request.offlineAnswer() : '';
      const prompt = promptText(request);
      return {
        text,
        call: {
          provider: 'offline',
          model: 'offline',
          inputTokens: estimateTokens(prompt),
          outputTokens: estimateTokens(text),
          estimatedTokens: true,
          costUsd: 0,
          durationMs: 0,
          outcome: 'ok',
        },
      };
    },
  };
}
