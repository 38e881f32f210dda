/** The providers, as a plain map: adding one is a file in `providers/` and a line here. */
import { OcppError } from '../shared/errors.js';
import { createAnthropicProvider } from './providers/anthropic.js';
import { createOfflineProvider } from './providers/offline.js';
import { createOpenAiProvider } from './providers/openai.js';
import type { LlmProvider, LlmProviderName, LlmSettings } from './types.js';

type ProviderFactory = (settings: LlmSettings, env: NodeJS.ProcessEnv) => LlmProvider;

export const providers: Record<LlmProviderName, ProviderFactory> = {
  offline: () => createOfflineProvider(),
  openai: createOpenAiProvider,
  anthropic: createAnthropicProvider,
};

/**
 * The configured provider. A key variable that is named but unset is a configuration error
 * (exit 2) rather than a request that would fail with 401 later.
 */
export function createProvider(settings: LlmSettings, env: NodeJS.ProcessEnv = process.env): LlmProvider {
  if (settings.provider !== 'offline' && settings.apiKeyEnv && !env[settings.apiKeyEnv]) {
    throw new OcppError('CONFIG_INVALID', `environment variable ${settings.apiKeyEnv} is not set`, {
      key: 'llm.apiKeyEnv',
      hint: `export ${settings.apiKeyEnv}=<your key>, or remove llm.apiKeyEnv for a local server that needs none`,
    });
  }
  return providers[settings.provider](settings, env);
}
